import { ID_MAX } from "@repo/contracts/ids-constants";
import { invalidField, notFound } from "../../kernel/http/errors";

/**
 * Guards for what the schemas let through but PostgreSQL would refuse with an error (a 500):
 * ids beyond the integer columns and dates like 2026-02-30 (NUL characters and lone surrogates: kernel/http/storable-text.ts).
 */

/** 404 for an id no `integer` column can hold (it cannot exist). */
export function intId(id: number, what: string): number {
  if (!Number.isSafeInteger(id) || id > ID_MAX) throw notFound(what);
  return id;
}

/** Ids an `integer` column can hold; ids beyond it match nothing. */
export const storableIds = (ids: readonly number[]) => ids.filter((id) => id <= ID_MAX);

/** A YYYY-MM-DD filter that names a real day, or 400 naming the field. */
export function realDate(field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw invalidField(field, `${field} must be a real date like 2026-11-23`, 400);
  }
  return value;
}
