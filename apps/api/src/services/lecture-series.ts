import { videoEmbedUrl } from "@repo/contracts/content-texts-constants";
import type { LectureSeriesBody, LectureSeriesItem, LectureSeriesListQuery } from "@repo/contracts/lecture-series";
import { type Page, pageOf } from "@repo/contracts/pagination";
import type { DbOrTx } from "@repo/db";
import { lectureSeries } from "@repo/db/schema";
import { asc, count, desc, eq, isNull, or } from "drizzle-orm";
import { notFound } from "../http/errors";
import type { Actor } from "./activity";
import { allOf, type ContentReader, isoDay, recordContentChange, searching, visibleTo } from "./content-texts";

type Row = typeof lectureSeries.$inferSelect;
const ENTITY = "lecture_series";
const LABEL = "Lecture";

function toItem(row: Row): LectureSeriesItem {
  return {
    id: row.id,
    title: row.title,
    speaker: row.speaker,
    lecture_date: isoDay(row.lectureDate),
    video_url: row.videoUrl,
    embed_url: videoEmbedUrl(row.videoUrl),
    class_level: row.classLevel,
    language: row.language,
    published: row.published,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function values(body: LectureSeriesBody) {
  return {
    title: body.title,
    speaker: body.speaker,
    lectureDate: body.lecture_date,
    videoUrl: body.video_url,
    classLevel: body.class_level ?? null,
    language: body.language,
    published: body.published,
  };
}

/** Newest lecture first; a class filter keeps the lectures for every class too. */
export async function listLectureSeries(
  db: DbOrTx,
  query: LectureSeriesListQuery,
  reader: ContentReader,
): Promise<Page<LectureSeriesItem>> {
  const where = allOf([
    visibleTo(lectureSeries.published, reader),
    query.class_level
      ? or(eq(lectureSeries.classLevel, query.class_level), isNull(lectureSeries.classLevel))
      : undefined,
    searching([lectureSeries.title, lectureSeries.speaker], query.search),
  ]);
  const [counted] = await db.select({ n: count() }).from(lectureSeries).where(where);
  const rows = await db
    .select()
    .from(lectureSeries)
    .where(where)
    .orderBy(desc(lectureSeries.lectureDate), asc(lectureSeries.title), asc(lectureSeries.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return pageOf(rows.map(toItem), Number(counted?.n ?? 0), query.page, query.per_page);
}

async function storedRow(db: DbOrTx, id: number): Promise<Row> {
  const [row] = await db.select().from(lectureSeries).where(eq(lectureSeries.id, id)).limit(1);
  if (!row) throw notFound(LABEL);
  return row;
}

export async function getLecture(db: DbOrTx, id: number, reader: ContentReader) {
  const row = await storedRow(db, id);
  if (!reader.manages && !row.published) throw notFound(LABEL);
  return toItem(row);
}

export async function createLecture(db: DbOrTx, body: LectureSeriesBody, actor: Actor): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(lectureSeries)
      .values({ ...values(body), createdBy: actor.userId, updatedBy: actor.userId })
      .returning();
    if (!row) throw new Error("insert returned no row");
    await recordContentChange(tx, actor, { entity: ENTITY, verb: "create", id: row.id, after: toItem(row) });
    return row.id;
  });
}

export async function updateLecture(db: DbOrTx, id: number, body: LectureSeriesBody, actor: Actor) {
  await db.transaction(async (tx) => {
    const before = await storedRow(tx, id);
    const [after] = await tx
      .update(lectureSeries)
      .set({ ...values(body), updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(lectureSeries.id, id))
      .returning();
    await recordContentChange(tx, actor, {
      entity: ENTITY,
      verb: "update",
      id,
      before: toItem(before),
      after: after && toItem(after),
    });
  });
}

export async function deleteLecture(db: DbOrTx, id: number, actor: Actor) {
  await db.transaction(async (tx) => {
    const before = await storedRow(tx, id);
    await tx.delete(lectureSeries).where(eq(lectureSeries.id, id));
    await recordContentChange(tx, actor, { entity: ENTITY, verb: "delete", id, before: toItem(before) });
  });
}
