import { isPastDate } from "@repo/contracts/content-texts-constants";
import type { ImportantDateBody, ImportantDateItem, ImportantDateListQuery } from "@repo/contracts/important-dates";
import { type Page, pageOf } from "@repo/contracts/pagination";
import type { DbOrTx } from "@repo/db";
import { importantDates } from "@repo/db/schema";
import { asc, count, eq, sql } from "drizzle-orm";
import { notFound } from "../http/errors";
import type { Actor } from "./activity";
import {
  allOf,
  type ContentReader,
  isoDay,
  portalToday,
  recordContentChange,
  searching,
  visibleTo,
} from "./content-texts";

type Row = typeof importantDates.$inferSelect;
const ENTITY = "important_date";
const LABEL = "Important date";

function toItem(row: Row, today: string): ImportantDateItem {
  const start = isoDay(row.startDate);
  const end = row.endDate ? isoDay(row.endDate) : null;
  return {
    id: row.id,
    title: row.title,
    start_date: start,
    end_date: end,
    exam_level: row.examLevel,
    description: row.description,
    audience: row.audience === "gcc" ? "gcc" : "all",
    published: row.published,
    is_past: isPastDate(end ?? start, today),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Readers outside GCC see the dates for all schools; GCC readers see the GCC ones too. */
function audienceFor(reader: ContentReader, wanted: ImportantDateListQuery["audience"]) {
  if (wanted)
    return reader.manages || reader.isGcc || wanted === "all" ? eq(importantDates.audience, wanted) : sql`false`;
  return reader.manages || reader.isGcc ? undefined : eq(importantDates.audience, "all");
}

function values(body: ImportantDateBody) {
  return {
    title: body.title,
    startDate: body.start_date,
    endDate: body.end_date ?? null,
    examLevel: body.exam_level ?? null,
    description: body.description,
    audience: body.audience,
    published: body.published,
  };
}

/** Sorted by date, earliest first (ties by title). */
export async function listImportantDates(
  db: DbOrTx,
  query: ImportantDateListQuery,
  reader: ContentReader,
): Promise<Page<ImportantDateItem>> {
  const where = allOf([
    visibleTo(importantDates.published, reader),
    audienceFor(reader, query.audience),
    searching([importantDates.title, importantDates.description], query.search),
  ]);
  const [counted] = await db.select({ n: count() }).from(importantDates).where(where);
  const rows = await db
    .select()
    .from(importantDates)
    .where(where)
    .orderBy(asc(importantDates.startDate), asc(importantDates.title), asc(importantDates.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const today = portalToday();
  return pageOf(
    rows.map((row) => toItem(row, today)),
    Number(counted?.n ?? 0),
    query.page,
    query.per_page,
  );
}

async function storedRow(db: DbOrTx, id: number): Promise<Row> {
  const [row] = await db.select().from(importantDates).where(eq(importantDates.id, id)).limit(1);
  if (!row) throw notFound(LABEL);
  return row;
}

export async function getImportantDate(db: DbOrTx, id: number, reader: ContentReader): Promise<ImportantDateItem> {
  const row = await storedRow(db, id);
  const hidden = !reader.manages && (!row.published || (row.audience === "gcc" && !reader.isGcc));
  if (hidden) throw notFound(LABEL);
  return toItem(row, portalToday());
}

export async function createImportantDate(db: DbOrTx, body: ImportantDateBody, actor: Actor): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(importantDates)
      .values({ ...values(body), createdBy: actor.userId, updatedBy: actor.userId })
      .returning();
    if (!row) throw new Error("insert returned no row");
    await recordContentChange(tx, actor, {
      entity: ENTITY,
      verb: "create",
      id: row.id,
      after: toItem(row, portalToday()),
    });
    return row.id;
  });
}

export async function updateImportantDate(db: DbOrTx, id: number, body: ImportantDateBody, actor: Actor) {
  await db.transaction(async (tx) => {
    const before = await storedRow(tx, id);
    const [after] = await tx
      .update(importantDates)
      .set({ ...values(body), updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(importantDates.id, id))
      .returning();
    const today = portalToday();
    await recordContentChange(tx, actor, {
      entity: ENTITY,
      verb: "update",
      id,
      before: toItem(before, today),
      after: after && toItem(after, today),
    });
  });
}

export async function deleteImportantDate(db: DbOrTx, id: number, actor: Actor) {
  await db.transaction(async (tx) => {
    const before = await storedRow(tx, id);
    await tx.delete(importantDates).where(eq(importantDates.id, id));
    await recordContentChange(tx, actor, { entity: ENTITY, verb: "delete", id, before: toItem(before, portalToday()) });
  });
}
