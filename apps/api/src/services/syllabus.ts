import { hasRichContent } from "@repo/contracts/content-texts";
import { type Page, pageOf } from "@repo/contracts/pagination";
import type { SyllabusBody, SyllabusItem, SyllabusListQuery } from "@repo/contracts/syllabus";
import type { DbOrTx } from "@repo/db";
import { syllabi } from "@repo/db/schema";
import { asc, count, eq } from "drizzle-orm";
import { invalidField, notFound } from "../http/errors";
import type { Actor } from "./activity";
import { allOf, type ContentReader, cleanRichText, recordContentChange, searching, visibleTo } from "./content-texts";

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

async function storedRow(db: DbOrTx, id: number): Promise<Row> {
  const [row] = await db.select().from(syllabi).where(eq(syllabi.id, id)).limit(1);
  if (!row) throw notFound(LABEL);
  return row;
}

export async function getSyllabus(db: DbOrTx, id: number, reader: ContentReader) {
  const row = await storedRow(db, id);
  if (!reader.manages && !row.published) throw notFound(LABEL);
  return toItem(row);
}

export async function createSyllabus(db: DbOrTx, body: SyllabusBody, actor: Actor): Promise<number> {
  const columns = values(body);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(syllabi)
      .values({ ...columns, createdBy: actor.userId, updatedBy: actor.userId })
      .returning();
    if (!row) throw new Error("insert returned no row");
    await recordContentChange(tx, actor, { entity: ENTITY, verb: "create", id: row.id, after: toItem(row) });
    return row.id;
  });
}

export async function updateSyllabus(db: DbOrTx, id: number, body: SyllabusBody, actor: Actor) {
  const columns = values(body);
  await db.transaction(async (tx) => {
    const before = await storedRow(tx, id);
    const [after] = await tx
      .update(syllabi)
      .set({ ...columns, updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(syllabi.id, id))
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

export async function deleteSyllabus(db: DbOrTx, id: number, actor: Actor) {
  await db.transaction(async (tx) => {
    const before = await storedRow(tx, id);
    await tx.delete(syllabi).where(eq(syllabi.id, id));
    await recordContentChange(tx, actor, { entity: ENTITY, verb: "delete", id, before: toItem(before) });
  });
}
