import { hasRichContent } from "@repo/contracts/content-texts";
import { type Page, pageOf } from "@repo/contracts/pagination";
import type { SyllabusBody, SyllabusItem, SyllabusListQuery } from "@repo/contracts/syllabus";
import type { DbOrTx } from "@repo/db";
import { syllabi } from "@repo/db/schema";
import { asc, count, eq } from "drizzle-orm";
import { invalidField } from "../../kernel/http/errors";
import { allOf, type ContentReader, cleanRichText, contentRecords, searching, visibleTo } from "./content-texts";

type Row = typeof syllabi.$inferSelect;
const ENTITY = "syllabus";
const LABEL = "Syllabus";

function toItem(row: Row): SyllabusItem {
  return {
    id: row.id,
    syllabus_type: row.syllabusType,
    class_level: row.classLevel,
    title: row.title,
    body: row.body,
    published: row.published,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The stored columns; a body that is empty once cleaned (only a script, say) is refused on its field. */
function values(body: SyllabusBody) {
  const clean = cleanRichText(body.body);
  if (!hasRichContent(clean)) {
    throw invalidField(
      "body",
      "The syllabus has no content left once unsafe parts are removed: write the syllabus text",
    );
  }
  return {
    syllabusType: body.syllabus_type,
    classLevel: body.class_level,
    title: body.title,
    body: clean,
    published: body.published,
  };
}

/** By level, class and title: the order the detailed syllabus reads in. */
export async function listSyllabi(
  db: DbOrTx,
  query: SyllabusListQuery,
  reader: ContentReader,
): Promise<Page<SyllabusItem>> {
  const where = allOf([
    visibleTo(syllabi.published, reader),
    query.syllabus_type ? eq(syllabi.syllabusType, query.syllabus_type) : undefined,
    query.class_level ? eq(syllabi.classLevel, query.class_level) : undefined,
    searching([syllabi.title], query.search),
  ]);
  const [counted] = await db.select({ n: count() }).from(syllabi).where(where);
  const rows = await db
    .select()
    .from(syllabi)
    .where(where)
    .orderBy(asc(syllabi.syllabusType), asc(syllabi.classLevel), asc(syllabi.title), asc(syllabi.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return pageOf(rows.map(toItem), Number(counted?.n ?? 0), query.page, query.per_page);
}

const records = contentRecords<Row, SyllabusBody, SyllabusItem>({
  table: syllabi,
  entity: ENTITY,
  label: LABEL,
  toItem: toItem,
  values,
});

export const getSyllabus = records.get;
export const createSyllabus = records.create;
export const updateSyllabus = records.update;
export const deleteSyllabus = records.remove;
