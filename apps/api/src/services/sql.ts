import { type SQL, sql } from "drizzle-orm";

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

/** A LIKE pattern matching `text` anywhere, with the caller's % and _ taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}
