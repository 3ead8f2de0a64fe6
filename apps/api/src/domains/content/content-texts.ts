import { PORTAL_TIME_ZONE } from "@repo/contracts/locale";
import type { DbOrTx } from "@repo/db";
import { sanitizeHtml } from "@repo/ui/sanitize";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { type Actor, recordActivity } from "../../kernel/activity";
import { notFound } from "../../kernel/http/errors";
import { containing } from "../../kernel/sql";

/**
 * What the text content services (important dates, question-paper pattern, lecture series,
 * syllabus) share: who is reading, what they may see, and how stored rich text is cleaned.
 */
export interface ContentReader {
  /** Publishers see drafts too; everyone else sees published items only. */
  manages: boolean;
  /** A reader in the GCC zone also sees the GCC-only important dates. */
  isGcc: boolean;
}

/** Drafts stay with the publishers. */
export function visibleTo(published: PgColumn, reader: ContentReader): SQL | undefined {
  return reader.manages ? undefined : sql`${published} = true`;
}

/** `search` anywhere in any of the columns, case-insensitively (the caller's % and _ taken literally). */
export function searching(columns: PgColumn[], search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containing(search);
  return sql`(${sql.join(
    columns.map((column) => sql`${column} ilike ${pattern}`),
    sql` or `,
  )})`;
}

export const allOf = (conditions: (SQL | undefined)[]) => and(...conditions.filter(Boolean));

/**
 * Rich text as it is stored: the kit's own sanitiser (the one RichTextView renders with), so a
 * `<script>`, an `onerror=` or a `javascript:` link never reaches the database; formulas keep
 * their TeX source and are rendered again when shown.
 */
export function cleanRichText(html: string): string {
  return sanitizeHtml(html);
}

/** Today's date in the programme's time zone (India), YYYY-MM-DD: the day "past" dates are measured from. */
export function portalToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: PORTAL_TIME_ZONE }).format(now);
}

/** A date column as drizzle's `date` returns it (YYYY-MM-DD text on both drivers). */
export const isoDay = (value: string | Date): string =>
  typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10);

/** Records a change to a content item in the activity log (`<entity>.create|update|delete`). */
export function recordContentChange(
  db: DbOrTx,
  actor: Actor,
  change: { entity: string; verb: "create" | "update" | "delete"; id: number; before?: unknown; after?: unknown },
) {
  return recordActivity(db, {
    userId: actor.userId,
    action: `${change.entity}.${change.verb}`,
    entity: change.entity,
    entityId: change.id,
    before: change.before ?? null,
    after: change.after ?? null,
    requestId: actor.requestId,
  });
}

/** The database the content services take (routes name it through here, never through @repo/db). */
export type ContentDb = DbOrTx;

/** A text-content table: its own columns and the shared ones of `contentColumns()`. */
type ContentTable = PgTable & { id: PgColumn; published: PgColumn };

/**
 * Get, create, update and delete of one text-content table, each change logged with before and
 * after, so the four services differ only in their columns, their list and who may see an item.
 * `hidden` says whether a reader may not see a row (default: a draft, for anyone but publishers).
 */
export function contentRecords<Row extends { id: number; published: boolean }, Body, Item>(spec: {
  table: ContentTable;
  entity: string;
  label: string;
  toItem: (row: Row) => Item;
  values: (body: Body) => Record<string, unknown>;
  hidden?: (row: Row, reader: ContentReader) => boolean;
}) {
  const { table, entity, label, toItem, values } = spec;
  const hidden = spec.hidden ?? ((row: Row, reader: ContentReader) => !reader.manages && !row.published);
  async function stored(db: DbOrTx, id: number): Promise<Row> {
    const [row] = await db.select().from(table).where(eq(table.id, id)).limit(1);
    if (!row) throw notFound(label);
    return row as Row;
  }
  return {
    async get(db: DbOrTx, id: number, reader: ContentReader): Promise<Item> {
      const row = await stored(db, id);
      if (hidden(row, reader)) throw notFound(label);
      return toItem(row);
    },
    create(db: DbOrTx, body: Body, actor: Actor): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = (await tx
          .insert(table)
          .values({ ...values(body), createdBy: actor.userId, updatedBy: actor.userId } as never)
          .returning()) as Row[];
        if (!row) throw new Error("insert returned no row");
        await recordContentChange(tx, actor, { entity, verb: "create", id: row.id, after: toItem(row) });
        return row.id;
      });
    },
    async update(db: DbOrTx, id: number, body: Body, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await stored(tx, id);
        const [after] = (await tx
          .update(table)
          .set({ ...values(body), updatedBy: actor.userId, updatedAt: new Date() } as never)
          .where(eq(table.id, id))
          .returning()) as Row[];
        await recordContentChange(tx, actor, {
          entity,
          verb: "update",
          id,
          before: toItem(before),
          after: after && toItem(after),
        });
      });
    },
    async remove(db: DbOrTx, id: number, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await stored(tx, id);
        await tx.delete(table).where(eq(table.id, id));
        await recordContentChange(tx, actor, { entity, verb: "delete", id, before: toItem(before) });
      });
    },
  };
}
