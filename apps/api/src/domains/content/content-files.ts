import {
  CONTENT_FILE_KINDS,
  CONTENT_FILE_LABELS,
  CONTENT_UPLOAD_LIMITS,
  type ContentFileKind,
  STUDY_MATERIAL_CURRENCY,
} from "@repo/contracts/content-constants";
import type {
  BrochureFields,
  BrochureItem,
  BrochureListQuery,
  StoredFileInfo,
  StudyMaterialFields,
  StudyMaterialItem,
  StudyMaterialListQuery,
} from "@repo/contracts/content-files";
import { type Page, pageOf } from "@repo/contracts/pagination";
import { OPEN_ORDER_STATUSES, type OrderStatus } from "@repo/contracts/payments-constants";
import { type Db, queryRows } from "@repo/db";
import { brochureDownloads, brochureFlipbooks, studyMaterials } from "@repo/db/schema";
import type { FileStorage } from "@repo/storage";
import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { type Actor, recordActivity } from "../../kernel/activity";
import { type AcceptedFile, acceptUpload, type ServedFile, storeUpload, type UploadRule } from "../../kernel/files";
import { ApiError, invalidField, notFound } from "../../kernel/http/errors";
import type { Upload } from "../../kernel/http/multipart";
import { containing, idsIn } from "../../kernel/sql";

/**
 * Study materials, brochure downloads and brochure flipbooks (docs/domain.md, Content; decision 010). Editors
 * (content.manage) see every item; readers see published items only, and anything else is 404.
 * Every change is logged; a replaced or deleted file is removed from storage once the row is saved.
 */

export interface ContentServices {
  db: Db;
  storage: FileStorage;
}

/** Who is asking: editors see unpublished items too. */
export interface Reader {
  editor: boolean;
  /** The signed-in reader, whose bought study materials open (absent: none bought). */
  userId?: number;
}

/** The upload rule of each collection's PDF. */
export const UPLOAD_RULES: Record<ContentFileKind, UploadRule> = Object.fromEntries(
  CONTENT_FILE_KINDS.map((kind) => {
    const { maxBytes, maxPages } = CONTENT_UPLOAD_LIMITS[kind];
    const rule: UploadRule = { field: "file", what: CONTENT_FILE_LABELS[kind].file, kinds: ["pdf"], maxBytes };
    return [kind, maxPages ? { ...rule, maxPages } : rule];
  }),
) as Record<ContentFileKind, UploadRule>;

const STORAGE_PREFIX: Record<ContentFileKind, string> = {
  "study-material": "study-materials",
  "brochure-download": "brochure-downloads",
  "brochure-flipbook": "brochure-flipbooks",
};

interface FileColumns {
  fileKey: string | null;
  fileName: string | null;
  fileSize: number | null;
  fileMime: string | null;
  filePages: number | null;
}

const fileInfo = (row: FileColumns): StoredFileInfo | null =>
  row.fileKey && row.fileName && row.fileMime
    ? { name: row.fileName, size: row.fileSize ?? 0, mime: row.fileMime, pages: row.filePages }
    : null;

const fileValues = (key: string, file: AcceptedFile) => ({
  fileKey: key,
  fileName: file.originalName,
  fileSize: file.size,
  fileMime: file.mime,
  filePages: file.pages,
});

const noFile = { fileKey: null, fileName: null, fileSize: null, fileMime: null, filePages: null };

/** Stores the upload (if any), runs `save`, and cleans up: the new file on failure, the old one on success. */
async function withUpload<T>(
  storage: FileStorage,
  kind: ContentFileKind,
  file: AcceptedFile | undefined,
  save: (key: string | undefined) => Promise<{ result: T; replacedKey: string | null }>,
): Promise<T> {
  const key = file ? await storeUpload(storage, STORAGE_PREFIX[kind], file) : undefined;
  try {
    const { result, replacedKey } = await save(key);
    if (replacedKey && replacedKey !== key) await storage.remove(replacedKey);
    return result;
  } catch (error) {
    if (key) await storage.remove(key);
    throw error;
  }
}

// ---- Study materials ----

type StudyRow = typeof studyMaterials.$inferSelect;

function toStudyMaterial(row: StudyRow): StudyMaterialItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    class_level: row.classLevel,
    exam_level: row.examLevel,
    languages: row.languages,
    is_free: row.priceMinor === null,
    price: row.priceMinor === null ? null : { currency: row.currency, amount_minor: row.priceMinor },
    bought: false,
    in_unfinished_payment: false,
    link: row.link,
    file: fileInfo(row),
    is_published: row.isPublished,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * A material as a reader sees it: a priced one's link stays hidden until the reader has bought it
 * (Buy Study Material), so the catalogue can describe it without giving it away.
 */
const forReader = (
  item: StudyMaterialItem,
  reader: Reader,
  bought: ReadonlySet<number>,
  held: ReadonlySet<number> = new Set(),
): StudyMaterialItem => {
  if (reader.editor || item.is_free) return item;
  return bought.has(item.id)
    ? { ...item, bought: true }
    : { ...item, link: null, in_unfinished_payment: held.has(item.id) };
};

/** Which of these priced materials are in the reader's own orders of these statuses. */
async function inOrdersOf(
  db: Db,
  reader: Reader,
  ids: number[],
  statuses: readonly OrderStatus[],
): Promise<Set<number>> {
  if (reader.editor || reader.userId === undefined || ids.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select distinct i.study_material_id as id from payment_order_items i
        join payment_orders o on o.id = i.order_id
        where o.payer_user_id = ${reader.userId} and o.status in (${sql.join(
          statuses.map((s) => sql`${s}`),
          sql`, `,
        )}) and ${idsIn(sql`i.study_material_id`, ids)}`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/** Which of these priced materials the reader has bought (a paid order of its own holds them). */
const boughtOf = (db: Db, reader: Reader, ids: number[]) => inOrdersOf(db, reader, ids, ["paid"]);

/** What the log keeps of a study material: its fields, and of its file only the name. */
const loggedStudy = (row: StudyRow | undefined) => (row ? { ...toStudyMaterial(row), file: row.fileName } : null);

export async function listStudyMaterials(
  db: Db,
  query: StudyMaterialListQuery,
  reader: Reader,
): Promise<Page<StudyMaterialItem>> {
  const where: SQL[] = [];
  if (!reader.editor) where.push(eq(studyMaterials.isPublished, true));
  else if (query.is_published !== undefined) where.push(eq(studyMaterials.isPublished, query.is_published));
  if (query.search) {
    const pattern = containing(query.search);
    const match = or(ilike(studyMaterials.title, pattern), ilike(studyMaterials.description, pattern));
    if (match) where.push(match);
  }
  // A material for all classes belongs in every class's list.
  if (query.class_level != null)
    where.push(sql`(${studyMaterials.classLevel} = ${query.class_level} or ${studyMaterials.classLevel} is null)`);
  if (query.exam_level) where.push(eq(studyMaterials.examLevel, query.exam_level));
  if (query.language) where.push(sql`${query.language} = any(${studyMaterials.languages})`);
  if (query.is_free !== undefined)
    where.push(
      query.is_free ? sql`${studyMaterials.priceMinor} is null` : sql`${studyMaterials.priceMinor} is not null`,
    );
  const filter = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(studyMaterials)
      .where(filter)
      .orderBy(desc(studyMaterials.createdAt), desc(studyMaterials.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(studyMaterials).where(filter),
  ]);
  const priced = rows.filter((row) => row.priceMinor !== null).map((row) => row.id);
  const [bought, held] = await Promise.all([
    boughtOf(db, reader, priced),
    inOrdersOf(db, reader, priced, OPEN_ORDER_STATUSES),
  ]);
  const items = rows.map((row) => forReader(toStudyMaterial(row), reader, bought, held));
  return pageOf(items, total?.n ?? 0, query.page, query.per_page);
}

async function studyRow(db: Db, id: number, reader: Reader): Promise<StudyRow> {
  const [row] = await db.select().from(studyMaterials).where(eq(studyMaterials.id, id));
  if (!row || (!reader.editor && !row.isPublished)) throw notFound("Study material");
  return row;
}

export async function getStudyMaterial(db: Db, id: number, reader: Reader): Promise<StudyMaterialItem> {
  const row = await studyRow(db, id, reader);
  return forReader(toStudyMaterial(row), reader, await boughtOf(db, reader, row.priceMinor === null ? [] : [id]));
}

/** A material is a file or a link, never both and never neither. */
function studySource(fields: StudyMaterialFields, upload: AcceptedFile | undefined, hadFile: boolean) {
  if (upload && fields.link) {
    throw invalidField("link", "Give either a PDF file or a link, not both: clear the link to keep the file");
  }
  if (!upload && !fields.link && !hadFile) {
    throw invalidField("file", "Upload the study material as a PDF, or give an https:// link to it");
  }
}

const studyValues = (fields: StudyMaterialFields) => ({
  title: fields.title,
  description: fields.description ?? null,
  classLevel: fields.class_level,
  examLevel: fields.exam_level,
  languages: fields.languages,
  priceMinor: fields.price_minor,
  currency: STUDY_MATERIAL_CURRENCY,
  link: fields.link ?? null,
  isPublished: fields.is_published,
});

export async function createStudyMaterial(
  { db, storage }: ContentServices,
  actor: Actor,
  fields: StudyMaterialFields,
  file: Upload | undefined,
): Promise<StudyMaterialItem> {
  const upload = await acceptUpload(file, UPLOAD_RULES["study-material"]);
  studySource(fields, upload, false);
  return withUpload(storage, "study-material", upload, (key) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(studyMaterials)
        .values({
          ...studyValues(fields),
          ...(key && upload ? fileValues(key, upload) : noFile),
          createdBy: actor.userId,
          updatedBy: actor.userId,
        })
        .returning();
      if (!row) throw new Error("study material was not saved");
      await recordActivity(tx, {
        userId: actor.userId,
        action: "study-material.create",
        entity: "study_materials",
        entityId: row.id,
        after: loggedStudy(row),
        requestId: actor.requestId,
      });
      return { result: toStudyMaterial(row), replacedKey: null };
    }),
  );
}

/** Updates a material; a new file replaces the old one, a link given instead drops the file. */
export async function updateStudyMaterial(
  { db, storage }: ContentServices,
  actor: Actor,
  id: number,
  fields: StudyMaterialFields,
  file: Upload | undefined,
): Promise<StudyMaterialItem> {
  const upload = await acceptUpload(file, UPLOAD_RULES["study-material"]);
  return withUpload(storage, "study-material", upload, (key) =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(studyMaterials).where(eq(studyMaterials.id, id)).for("update");
      if (!before) throw notFound("Study material");
      studySource(fields, upload, before.fileKey !== null && !fields.link);
      const source = key && upload ? fileValues(key, upload) : fields.link ? noFile : {};
      const [row] = await tx
        .update(studyMaterials)
        .set({ ...studyValues(fields), ...source, updatedBy: actor.userId, updatedAt: new Date() })
        .where(eq(studyMaterials.id, id))
        .returning();
      if (!row) throw notFound("Study material");
      await recordActivity(tx, {
        userId: actor.userId,
        action: "study-material.update",
        entity: "study_materials",
        entityId: id,
        before: loggedStudy(before),
        after: loggedStudy(row),
        requestId: actor.requestId,
      });
      return { result: toStudyMaterial(row), replacedKey: before.fileKey !== row.fileKey ? before.fileKey : null };
    }),
  );
}

export async function deleteStudyMaterial({ db, storage }: ContentServices, actor: Actor, id: number): Promise<void> {
  const key = await db.transaction(async (tx) => {
    const [row] = await tx.delete(studyMaterials).where(eq(studyMaterials.id, id)).returning();
    if (!row) throw notFound("Study material");
    await recordActivity(tx, {
      userId: actor.userId,
      action: "study-material.delete",
      entity: "study_materials",
      entityId: id,
      before: loggedStudy(row),
      requestId: actor.requestId,
    });
    return row.fileKey;
  });
  if (key) await storage.remove(key);
}

// ---- Brochure downloads and flipbooks ----

export type BrochureKind = Extract<ContentFileKind, "brochure-download" | "brochure-flipbook">;
const BROCHURE_TABLES = { "brochure-download": brochureDownloads, "brochure-flipbook": brochureFlipbooks } as const;
type BrochureRow = typeof brochureDownloads.$inferSelect;

function toBrochure(row: BrochureRow): BrochureItem {
  return {
    id: row.id,
    title: row.title,
    language: row.language,
    file: { name: row.fileName, size: row.fileSize, mime: row.fileMime, pages: row.filePages },
    is_published: row.isPublished,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
const loggedBrochure = (row: BrochureRow | undefined) => (row ? { ...toBrochure(row), file: row.fileName } : null);
const entityOf = (kind: BrochureKind) => (kind === "brochure-download" ? "brochure_downloads" : "brochure_flipbooks");

export async function listBrochures(
  db: Db,
  kind: BrochureKind,
  query: BrochureListQuery,
  reader: Reader,
): Promise<Page<BrochureItem>> {
  const table = BROCHURE_TABLES[kind];
  const where: SQL[] = [];
  if (!reader.editor) where.push(eq(table.isPublished, true));
  else if (query.is_published !== undefined) where.push(eq(table.isPublished, query.is_published));
  if (query.search) where.push(ilike(table.title, containing(query.search)));
  if (query.language) where.push(eq(table.language, query.language));
  const filter = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table)
      .where(filter)
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(table).where(filter),
  ]);
  return pageOf(rows.map(toBrochure), total?.n ?? 0, query.page, query.per_page);
}

async function brochureRow(db: Db, kind: BrochureKind, id: number, reader: Reader): Promise<BrochureRow> {
  const table = BROCHURE_TABLES[kind];
  const [row] = await db.select().from(table).where(eq(table.id, id));
  if (!row || (!reader.editor && !row.isPublished)) throw notFound(CONTENT_FILE_LABELS[kind].one);
  return row;
}

export async function getBrochure(db: Db, kind: BrochureKind, id: number, reader: Reader): Promise<BrochureItem> {
  return toBrochure(await brochureRow(db, kind, id, reader));
}

export async function createBrochure(
  { db, storage }: ContentServices,
  kind: BrochureKind,
  actor: Actor,
  fields: BrochureFields,
  file: Upload | undefined,
): Promise<BrochureItem> {
  const upload = await acceptUpload(file, { ...UPLOAD_RULES[kind], required: true });
  const table = BROCHURE_TABLES[kind];
  return withUpload(storage, kind, upload, (key) =>
    db.transaction(async (tx) => {
      if (!key || !upload) throw new Error("a brochure needs its file");
      const [row] = await tx
        .insert(table)
        .values({
          title: fields.title,
          language: fields.language,
          isPublished: fields.is_published,
          ...fileValues(key, upload),
          fileName: upload.originalName,
          createdBy: actor.userId,
          updatedBy: actor.userId,
        })
        .returning();
      if (!row) throw new Error("brochure was not saved");
      await recordActivity(tx, {
        userId: actor.userId,
        action: `${kind}.create`,
        entity: entityOf(kind),
        entityId: row.id,
        after: loggedBrochure(row),
        requestId: actor.requestId,
      });
      return { result: toBrochure(row), replacedKey: null };
    }),
  );
}

export async function updateBrochure(
  { db, storage }: ContentServices,
  kind: BrochureKind,
  actor: Actor,
  id: number,
  fields: BrochureFields,
  file: Upload | undefined,
): Promise<BrochureItem> {
  const upload = await acceptUpload(file, UPLOAD_RULES[kind]);
  const table = BROCHURE_TABLES[kind];
  return withUpload(storage, kind, upload, (key) =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(table).where(eq(table.id, id)).for("update");
      if (!before) throw notFound(CONTENT_FILE_LABELS[kind].one);
      const [row] = await tx
        .update(table)
        .set({
          title: fields.title,
          language: fields.language,
          isPublished: fields.is_published,
          ...(key && upload ? { ...fileValues(key, upload), fileName: upload.originalName } : {}),
          updatedBy: actor.userId,
          updatedAt: new Date(),
        })
        .where(eq(table.id, id))
        .returning();
      if (!row) throw notFound(CONTENT_FILE_LABELS[kind].one);
      await recordActivity(tx, {
        userId: actor.userId,
        action: `${kind}.update`,
        entity: entityOf(kind),
        entityId: id,
        before: loggedBrochure(before),
        after: loggedBrochure(row),
        requestId: actor.requestId,
      });
      return { result: toBrochure(row), replacedKey: before.fileKey !== row.fileKey ? before.fileKey : null };
    }),
  );
}

export async function deleteBrochure(
  { db, storage }: ContentServices,
  kind: BrochureKind,
  actor: Actor,
  id: number,
): Promise<void> {
  const table = BROCHURE_TABLES[kind];
  const key = await db.transaction(async (tx) => {
    const [row] = await tx.delete(table).where(eq(table.id, id)).returning();
    if (!row) throw notFound(CONTENT_FILE_LABELS[kind].one);
    await recordActivity(tx, {
      userId: actor.userId,
      action: `${kind}.delete`,
      entity: entityOf(kind),
      entityId: id,
      before: loggedBrochure(row),
      requestId: actor.requestId,
    });
    return row.fileKey;
  });
  await storage.remove(key);
}

// ---- Files ----

/** The stored file of an item the reader may see; 404 when the item or its file is missing. */
export async function contentFile(
  { db, storage }: ContentServices,
  kind: ContentFileKind,
  id: number,
  reader: Reader,
): Promise<ServedFile> {
  const row = kind === "study-material" ? await studyRow(db, id, reader) : await brochureRow(db, kind, id, reader);
  if ("priceMinor" in row && row.priceMinor !== null && !reader.editor && !(await boughtOf(db, reader, [id])).has(id)) {
    throw new ApiError(403, "This study material is for sale: it opens once bought, from Buy Study Material.");
  }
  const bytes = row.fileKey ? await storage.get(row.fileKey) : undefined;
  if (!bytes || !row.fileMime || !row.fileName) throw notFound(`${CONTENT_FILE_LABELS[kind].one} file`);
  // Downloads are saved; a flipbook's PDF is read by the viewer, and opening a study material shows it in a tab.
  return { bytes, mime: row.fileMime, fileName: row.fileName, inline: kind !== "brochure-download" };
}
