import type {
  FrontendPatternBody,
  FrontendPatternItem,
  FrontendPatternListQuery,
} from "@repo/contracts/frontend-pattern";
import { type Page, pageOf } from "@repo/contracts/pagination";
import type { DbOrTx } from "@repo/db";
import { frontendPatterns } from "@repo/db/schema";
import { asc, count, eq } from "drizzle-orm";
import { allOf, type ContentReader, cleanRichText, contentRecords, searching, visibleTo } from "./content-texts";

type Row = typeof frontendPatterns.$inferSelect;
const ENTITY = "frontend_pattern";
const LABEL = "Question paper pattern";

function toItem(row: Row): FrontendPatternItem {
  const sections = row.sections.map(({ name, questions, marks }) => ({ name, questions, marks }));
  return {
    id: row.id,
    exam_level: row.examLevel,
    class_band: row.classBand,
    sections,
    duration_minutes: row.durationMinutes,
    negative_marks: Number(row.negativeMarks),
    notes: row.notes,
    total_questions: sections.reduce((sum, s) => sum + s.questions, 0),
    total_marks: sections.reduce((sum, s) => sum + s.marks, 0),
    published: row.published,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function values(body: FrontendPatternBody) {
  return {
    examLevel: body.exam_level,
    classBand: body.class_band,
    sections: body.sections,
    durationMinutes: body.duration_minutes,
    negativeMarks: body.negative_marks,
    notes: cleanRichText(body.notes),
    published: body.published,
  };
}

/** By level, then class band. */
export async function listFrontendPatterns(
  db: DbOrTx,
  query: FrontendPatternListQuery,
  reader: ContentReader,
): Promise<Page<FrontendPatternItem>> {
  const where = allOf([
    visibleTo(frontendPatterns.published, reader),
    query.exam_level ? eq(frontendPatterns.examLevel, query.exam_level) : undefined,
    searching([frontendPatterns.classBand], query.search),
  ]);
  const [counted] = await db.select({ n: count() }).from(frontendPatterns).where(where);
  const rows = await db
    .select()
    .from(frontendPatterns)
    .where(where)
    .orderBy(asc(frontendPatterns.examLevel), asc(frontendPatterns.classBand), asc(frontendPatterns.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return pageOf(rows.map(toItem), Number(counted?.n ?? 0), query.page, query.per_page);
}

const records = contentRecords<Row, FrontendPatternBody, FrontendPatternItem>({
  table: frontendPatterns,
  entity: ENTITY,
  label: LABEL,
  toItem: toItem,
  values,
});

export const getFrontendPattern = records.get;
export const createFrontendPattern = records.create;
export const updateFrontendPattern = records.update;
export const deleteFrontendPattern = records.remove;
