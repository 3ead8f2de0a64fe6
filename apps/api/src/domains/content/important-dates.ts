import { isPastDate } from "@repo/contracts/content-texts-constants";
import type { ImportantDateBody, ImportantDateItem, ImportantDateListQuery } from "@repo/contracts/important-dates";
import { type Page, pageOf } from "@repo/contracts/pagination";
import type { DbOrTx } from "@repo/db";
import { importantDates } from "@repo/db/schema";
import { asc, count, eq, sql } from "drizzle-orm";
import { allOf, type ContentReader, contentRecords, isoDay, portalToday, searching, visibleTo } from "./content-texts";

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

const records = contentRecords<Row, ImportantDateBody, ImportantDateItem>({
  table: importantDates,
  entity: ENTITY,
  label: LABEL,
  toItem: (row) => toItem(row, portalToday()),
  values,
  // A GCC-only date is hidden from readers outside GCC, like a draft.
  hidden: (row, reader) => !reader.manages && (!row.published || (row.audience === "gcc" && !reader.isGcc)),
});

export const getImportantDate = records.get;
export const createImportantDate = records.create;
export const updateImportantDate = records.update;
export const deleteImportantDate = records.remove;
