import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/** A contract's value: a plain string, or an item of a labelled list (`{ code, name }`). */
export type EnumValue = string | { readonly code: string };

export const enumCode = (value: EnumValue): string => (typeof value === "string" ? value : value.code);

/**
 * `column in ('a', 'b')` from a contract's list of values, in the list's order: the values have
 * one home, the contract, and the database checks the same ones (issue 37). The text is what the
 * migrations already hold, so a schema that keeps its values generates no migration.
 */
export function enumCheck(column: PgColumn, values: readonly EnumValue[]): SQL {
  if (values.length === 0) throw new RangeError(`An enum check of ${column.name} needs values`);
  const list = values.map((value) => `'${enumCode(value).replaceAll("'", "''")}'`).join(", ");
  return sql`${column} in (${sql.raw(list)})`;
}

/**
 * `column between first and last` from a contract's list of consecutive whole numbers (classes,
 * role ids, school categories); a list with a gap has no range and is refused.
 */
export function rangeCheck(column: PgColumn, values: readonly number[]): SQL {
  const sorted = [...values].sort((a, b) => a - b);
  const first = sorted[0];
  const last = sorted.at(-1);
  if (first === undefined || last === undefined || sorted.some((n, i) => !Number.isSafeInteger(n) || n !== first + i)) {
    throw new RangeError(`A range check of ${column.name} needs consecutive whole numbers, not ${values.join(", ")}`);
  }
  return sql`${column} between ${sql.raw(String(first))} and ${sql.raw(String(last))}`;
}
