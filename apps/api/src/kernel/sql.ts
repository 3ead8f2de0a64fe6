import { type DbOrTx, queryRows } from "@repo/db";
import { type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/** `column in (…ids)`, or `false` for an empty list (SQL has no empty IN list). */
export function idsIn(column: SQL, ids: Iterable<number>): SQL {
  const list = [...ids];
  return list.length === 0
    ? sql`false`
    : sql`${column} in (${sql.join(
        list.map((id) => sql`${id}`),
        sql`, `,
      )})`;
}

/**
 * `column = any(ids)` with the ids bound as one array: the statement's text is the same however
 * many ids there are, as a prepared statement needs (queryRowsPrepared); an empty list matches
 * nothing. One id is `column = id` instead (a second text, not one per count): PostgreSQL 15
 * cannot read an `(column, id)` index in id order under `= any(…)`, so a district coordinator's
 * newest students walked the whole primary key instead (127 ms against 0.3 ms on the 1M seed).
 */
export function idsAny(column: SQL, ids: Iterable<number>): SQL {
  const list = [...ids].map((id) => Math.trunc(id));
  if (list.length === 1) return sql`${column} = ${list[0]}::int`;
  return sql`${column} = any(${`{${list.join(",")}}`}::int[])`;
}

/**
 * `column in (…texts)` with the list as one JSON parameter: thousands of keys bind as one value
 * instead of thousands of parameters (an empty list matches nothing).
 */
export function textsIn(column: SQL, texts: readonly string[]): SQL {
  return sql`${column} in (select jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb))`;
}

/** A LIKE pattern matching `text` anywhere, with the caller's % and _ taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

/** The PostgreSQL error code behind a failed statement, through the drivers' wrapping. */
export function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** PostgreSQL's codes for the constraint violations services turn into 409 answers. */
export const PG_UNIQUE_VIOLATION = "23505";
export const PG_FOREIGN_KEY_VIOLATION = "23503";

/**
 * The total of a page whose rows carry it in `column` (`count(*) over ()` before the limit, or a
 * count subquery: the page and its total in one round trip). A page past the last has no row to
 * carry it: `count` asks then.
 */
export async function pageTotal(
  rows: readonly Record<string, unknown>[],
  page: number,
  count: () => Promise<number>,
  column = "total",
): Promise<number> {
  const first = rows[0];
  if (first) return Number(first[column] ?? 0);
  return page > 1 ? count() : 0;
}

/**
 * One page of an outbox-like list, newest first, and the filters' total: `select` reads `table`
 * as `m`, `where` is empty or starts with " where".
 */
export async function newestFirstPage<Row>(
  db: DbOrTx,
  list: { table: SQL | PgTable; select: SQL; where: SQL },
  page: number,
  perPage: number,
): Promise<{ rows: Row[]; total: number }> {
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${list.table} m${list.where}`,
  );
  const rows = await queryRows<Row>(
    db,
    sql`${list.select}${list.where} order by m.created_at desc, m.id desc
        limit ${perPage} offset ${(page - 1) * perPage}`,
  );
  return { rows, total: Number(counted?.n ?? 0) };
}
