import { invalidField, notFound } from "../../http/errors";

/**
 * Guards for what the schemas let through but PostgreSQL would refuse with an error (a 500):
 * ids beyond the integer columns, NUL characters in text, dates like 2026-02-30.
 */

/** The largest value of an `integer` column. */
export const MAX_INT = 2_147_483_647;

/** 404 for an id no `integer` column can hold (it cannot exist). */
export function intId(id: number, what: string): number {
  if (!Number.isSafeInteger(id) || id > MAX_INT) throw notFound(what);
  return id;
}

/** Ids an `integer` column can hold; ids beyond it match nothing. */
export const storableIds = (ids: readonly number[]) => ids.filter((id) => id <= MAX_INT);

/** Where in a JSON value a string holds a NUL character (PostgreSQL text cannot), or null. */
export function nulPath(value: unknown, path = ""): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path || "body" : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulPath(item, path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = nulPath(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

/** A YYYY-MM-DD filter that names a real day, or 400 naming the field. */
export function realDate(field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw invalidField(field, `${field} must be a real date like 2026-11-23`, 400);
  }
  return value;
}
