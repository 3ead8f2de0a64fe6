import { videoEmbedUrl } from "@repo/contracts/content-texts-constants";
import type { LectureSeriesBody, LectureSeriesItem, LectureSeriesListQuery } from "@repo/contracts/lecture-series";
import { type Page, pageOf } from "@repo/contracts/pagination";
import type { DbOrTx } from "@repo/db";
import { lectureSeries } from "@repo/db/schema";
import { asc, count, desc, eq, isNull, or } from "drizzle-orm";
import { allOf, type ContentReader, contentRecords, isoDay, searching, visibleTo } from "./content-texts";

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

const records = contentRecords<Row, LectureSeriesBody, LectureSeriesItem>({
  table: lectureSeries,
  entity: ENTITY,
  label: LABEL,
  toItem: toItem,
  values,
});

export const getLecture = records.get;
export const createLecture = records.create;
export const updateLecture = records.update;
export const deleteLecture = records.remove;
