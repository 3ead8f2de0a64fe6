import { LANGUAGES, type LanguageCode, languageCodeOf, languageIdOf } from "@repo/contracts/languages";
import { type Page, pageOf } from "@repo/contracts/pagination";
import type {
  QuestionBody,
  QuestionDetail,
  QuestionListItem,
  QuestionListQuery,
  QuestionVersionItem,
  TranslationSummary,
} from "@repo/contracts/papers";
import { examLevelOf, SOURCE_LANGUAGE } from "@repo/contracts/papers-constants";
import { type DbOrTx, queryRows } from "@repo/db";
import { questions, questionVersions, subjects } from "@repo/db/schema";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { recordActivity } from "../../kernel/activity";
import { ApiError, notFound } from "../../kernel/http/errors";
import { idsIn } from "../../kernel/sql";
import { assertPaperSetFilter, assertSubject, type PaperViewer } from "./access";
import { cleanTexts, plainText, sameContent, sourceHash, type VersionContent, versionChanges } from "./content";
import { assertOwnImages } from "./images";
import { translationStateSql } from "./translation-state";

/** Timestamps come back as Date (pg, PGlite) or text; the API answers ISO 8601. */
export const iso = (value: unknown): string => new Date(value as string).toISOString();
export const isoOrNull = (value: unknown): string | null => (value == null ? null : iso(value));

/** The viewer's questions: a subject panel user sees its subjects only (others answer 404). */
export function visibleQuestions(viewer: PaperViewer, alias = sql`q`): SQL {
  return viewer.subjects ? idsIn(sql`${alias}.subject_id`, viewer.subjects) : sql`true`;
}

/** A question's content from a request body, sanitised: what a version stores. */
export function versionContentOf(body: QuestionBody): VersionContent {
  const texts = cleanTexts({ text: body.text, options: body.options, explanation: body.explanation ?? "" });
  assertOwnImages(textFields(texts));
  return {
    ...texts,
    correct: [...body.correct].sort(),
    type: body.question_type,
    difficulty: body.difficulty,
    marks: body.marks,
    subject_id: body.subject_id,
  };
}

async function assertSubjectExists(db: DbOrTx, subjectId: number): Promise<void> {
  const [found] = await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.id, subjectId), eq(subjects.isActive, true)));
  if (!found) {
    throw new ApiError(422, "There is no such subject", [
      { field: "subject_id", message: "Choose a subject from the list" },
    ]);
  }
}

/**
 * The search box as a full-text query: every word must begin a word of the question
 * (`light:* & motion:*`). Only letters and digits count, so no operator can be smuggled in.
 */
export function searchQuery(search: string): string | null {
  const words = search.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return words.length
    ? words
        .slice(0, 8)
        .map((w) => `${w}:*`)
        .join(" & ")
    : null;
}

/** The rich-text fields of a content, named as the request names them. */
export function textFields(content: { text: string; options: { html: string }[]; explanation: string }) {
  return [
    { field: "text", html: content.text },
    ...content.options.map((o, i) => ({ field: `options.${i}.html`, html: o.html })),
    { field: "explanation", html: content.explanation },
  ];
}

/** Where clause of the question list: the question bank's filters (docs/domain.md, Paper sets) on the viewer's questions. */
function listConditions(query: QuestionListQuery, viewer: PaperViewer, language: LanguageCode | undefined): SQL[] {
  const where: SQL[] = [visibleQuestions(viewer)];
  if (query.is_mock !== undefined || query.class_level !== undefined) {
    where.push(sql`q.exam_kind = ${examLevelOf(query.is_mock === 1, query.class_level === 2 ? 2 : 1)}`);
  }
  if (query.class_id !== undefined) where.push(sql`q.class_level = ${query.class_id}`);
  if (query.subject_id !== undefined) where.push(sql`q.subject_id = ${query.subject_id}`);
  if (query.status) where.push(sql`q.status = ${query.status}`);
  if (query.paperset_id !== undefined || query.section_id !== undefined) {
    const placed: SQL[] = [sql`p.question_id = q.id`];
    if (query.paperset_id !== undefined) placed.push(sql`p.paper_set_id = ${query.paperset_id}`);
    if (query.section_id !== undefined) placed.push(sql`p.section_id = ${query.section_id}`);
    where.push(sql`exists (select 1 from paper_set_questions p where ${sql.join(placed, sql` and `)})`);
  }
  if (query.search) {
    const id = /^\d{1,9}$/.test(query.search) ? Number(query.search) : null;
    const words = searchQuery(query.search);
    const text = words ? sql`to_tsvector('simple', q.plain_text) @@ to_tsquery('simple', ${words})` : sql`false`;
    where.push(id === null ? text : sql`(q.id = ${id} or ${text})`);
  }
  if (language && query.translation_status) {
    const status = {
      missing: sql`t.question_id is null`,
      draft: sql`t.status = 'draft' and t.source_hash = q.source_hash`,
      done: sql`t.status = 'done' and t.source_hash = q.source_hash`,
      stale: sql`t.source_hash <> q.source_hash`,
      not_done: sql`(t.question_id is null or t.status <> 'done' or t.source_hash <> q.source_hash)`,
    }[query.translation_status];
    where.push(status);
  }
  return where;
}

/**
 * The list's total: from the tallies when the filters are the tallies' own (exam, class, subject,
 * status, and a translation state of one language), else by counting the matching rows.
 */
async function countQuestions(
  db: DbOrTx,
  query: QuestionListQuery,
  viewer: PaperViewer,
  where: SQL,
  joinTranslation: SQL,
  language: LanguageCode | undefined,
): Promise<{ total: number }[]> {
  if (query.search || query.paperset_id !== undefined || query.section_id !== undefined) {
    return queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from questions q ${joinTranslation} where ${where}`,
    );
  }
  const group: SQL[] = [visibleQuestions(viewer)];
  if (query.is_mock !== undefined || query.class_level !== undefined) {
    group.push(sql`q.exam_kind = ${examLevelOf(query.is_mock === 1, query.class_level === 2 ? 2 : 1)}`);
  }
  if (query.class_id !== undefined) group.push(sql`q.class_level = ${query.class_id}`);
  if (query.subject_id !== undefined) group.push(sql`q.subject_id = ${query.subject_id}`);
  if (query.status) group.push(sql`q.status = ${query.status}`);
  const inGroup = sql.join(group, sql` and `);
  const questions = sql`(select coalesce(sum(q.n), 0) from question_tallies q where ${inGroup})`;
  const translations = (state: SQL) =>
    sql`(select coalesce(sum(q.n), 0) from question_translation_tallies q where ${inGroup} and q.language = ${language ?? ""} and ${state})`;
  const total =
    !language || !query.translation_status
      ? questions
      : query.translation_status === "missing"
        ? sql`${questions} - ${translations(sql`true`)}`
        : query.translation_status === "not_done"
          ? sql`${questions} - ${translations(sql`q.state = 'done'`)}`
          : translations(sql`q.state = ${query.translation_status}`);
  return queryRows<{ total: number }>(db, sql`select (${total})::int as total`);
}

export async function listQuestions(
  db: DbOrTx,
  viewer: PaperViewer,
  query: QuestionListQuery,
): Promise<Page<QuestionListItem>> {
  assertPaperSetFilter(
    viewer,
    query.paperset_id !== undefined ? "paperset_id" : query.section_id !== undefined ? "section_id" : null,
  );
  const language = query.language_id === undefined ? undefined : languageCodeOf(query.language_id);
  const translated = language && language !== SOURCE_LANGUAGE ? language : undefined;
  const where = sql.join(listConditions(query, viewer, translated), sql` and `);
  const joinTranslation = translated
    ? sql`left join question_translations t on t.question_id = q.id and t.language = ${translated} and t.is_latest`
    : sql``;
  const order =
    query.section_id !== undefined
      ? sql`(select p.position from paper_set_questions p where p.question_id = q.id and p.section_id = ${query.section_id}), q.id`
      : sql`q.id desc`;
  const offset = (query.page - 1) * query.per_page;
  const [rows, [count]] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`select q.id, q.exam_kind, q.class_level, q.subject_id, s.name as subject_name, q.question_type,
          q.difficulty, q.marks::float8 as marks, q.status, q.version, q.updated_at,
          ${translated ? sql`coalesce(t.content->>'text', v.content->>'text')` : sql`v.content->>'text'`} as text,
          ${translated ? translationStateSql : sql`null`} as translation_status,
          (select count(*)::int from question_translations d
            where d.question_id = q.id and d.is_latest and d.status = 'done' and d.source_hash = q.source_hash) as translations_done,
          (select count(*)::int from question_translations d
            where d.question_id = q.id and d.is_latest and d.source_hash <> q.source_hash) as translations_stale
        from questions q
        join subjects s on s.id = q.subject_id
        join question_versions v on v.question_id = q.id and v.version = q.version
        ${joinTranslation}
        where ${where}
        order by ${order}
        limit ${query.per_page} offset ${offset}`,
    ),
    countQuestions(db, query, viewer, where, joinTranslation, translated),
  ]);
  const items = rows.map((r) => ({
    id: Number(r.id),
    exam_level: String(r.exam_kind),
    class_id: Number(r.class_level),
    subject_id: Number(r.subject_id),
    subject_name: String(r.subject_name),
    question_type: String(r.question_type),
    difficulty: String(r.difficulty),
    marks: Number(r.marks),
    status: String(r.status),
    version: Number(r.version),
    text: String(r.text ?? ""),
    translations_done: Number(r.translations_done),
    translations_stale: Number(r.translations_stale),
    translation_status: (r.translation_status ?? null) as QuestionListItem["translation_status"],
    updated_at: iso(r.updated_at),
  }));
  return pageOf(items, count?.total ?? 0, query.page, query.per_page);
}

/** The question's row, if the viewer may see it; 404 otherwise (ids cannot be probed). */
export async function questionRow(db: DbOrTx, viewer: PaperViewer, id: number, lock = false) {
  const [row] = await queryRows<{
    id: number;
    exam_kind: string;
    class_level: number;
    subject_id: number;
    version: number;
    source_hash: string;
    status: string;
  }>(
    db,
    sql`select q.id, q.exam_kind, q.class_level, q.subject_id, q.version, q.source_hash, q.status
      from questions q where q.id = ${id} and ${visibleQuestions(viewer)} ${lock ? sql`for update` : sql``}`,
  );
  if (!row) throw notFound("Question");
  return row;
}

/** Every language but English, with the translation's state for one question. */
export async function translationSummaries(db: DbOrTx, questionId: number): Promise<TranslationSummary[]> {
  const rows = await queryRows<{ language: string; status: string; version: number; created_at: unknown }>(
    db,
    sql`select t.language, ${translationStateSql} as status, t.version, t.created_at
      from question_translations t join questions q on q.id = t.question_id
      where t.question_id = ${questionId} and t.is_latest`,
  );
  const byLanguage = new Map(rows.map((r) => [r.language, r]));
  return LANGUAGES.filter((l) => l.code !== SOURCE_LANGUAGE).map((l) => {
    const row = byLanguage.get(l.code);
    return {
      language_id: languageIdOf(l.code),
      code: l.code,
      name: l.name,
      status: (row?.status ?? "missing") as TranslationSummary["status"],
      version: row ? Number(row.version) : null,
      updated_at: row ? iso(row.created_at) : null,
    };
  });
}

export async function questionDetail(db: DbOrTx, viewer: PaperViewer, id: number): Promise<QuestionDetail> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select q.id, q.exam_kind, q.class_level, q.subject_id, s.name as subject_name, q.question_type, q.difficulty,
        q.marks::float8 as marks, q.status, q.version, v.content, q.created_at, q.updated_at,
        cu.name as created_by, uu.name as updated_by
      from questions q
      join subjects s on s.id = q.subject_id
      join question_versions v on v.question_id = q.id and v.version = q.version
      left join users cu on cu.id = q.created_by
      left join users uu on uu.id = q.updated_by
      where q.id = ${id} and ${visibleQuestions(viewer)}`,
  );
  if (!row) throw notFound("Question");
  const content = row.content as VersionContent;
  const [translations, sets] = await Promise.all([
    translationSummaries(db, id),
    viewer.seesPaperSets
      ? queryRows<{ id: number; code: string; status: string; printed_version: number | null }>(
          db,
          sql`select ps.id, ps.code, ps.status, p.frozen_version as printed_version
        from paper_set_questions p join paper_sets ps on ps.id = p.paper_set_id
        where p.question_id = ${id} order by ps.id`,
        )
      : null,
  ]);
  return {
    id: Number(row.id),
    exam_level: String(row.exam_kind),
    class_id: Number(row.class_level),
    subject_id: Number(row.subject_id),
    subject_name: String(row.subject_name),
    question_type: String(row.question_type),
    difficulty: String(row.difficulty),
    marks: Number(row.marks),
    status: String(row.status),
    version: Number(row.version),
    // A translator's answer has no key and no paper sets at all, not empty ones (decision 049).
    content: {
      text: content.text,
      options: content.options,
      ...(viewer.seesKeys ? { correct: content.correct } : {}),
      explanation: content.explanation ?? "",
    },
    created_by: (row.created_by as string | null) ?? null,
    updated_by: (row.updated_by as string | null) ?? null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    translations,
    ...(sets
      ? {
          paper_sets: sets.map((s) => ({
            id: Number(s.id),
            code: s.code,
            status: s.status,
            printed_version: s.printed_version == null ? null : Number(s.printed_version),
          })),
        }
      : {}),
  };
}

/** The row fields a version sets on its question (the list filters and shows them). */
function rowFields(content: VersionContent) {
  return {
    subjectId: content.subject_id,
    questionType: content.type,
    difficulty: content.difficulty,
    marks: content.marks,
    sourceHash: sourceHash(content),
    plainText: plainText(content.text).toLowerCase().slice(0, 2000),
  };
}

export async function createQuestion(db: DbOrTx, viewer: PaperViewer, body: QuestionBody): Promise<QuestionDetail> {
  assertSubject(viewer, body.subject_id);
  await assertSubjectExists(db, body.subject_id);
  const content = versionContentOf(body);
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(questions)
      .values({
        examKind: body.exam_level,
        classLevel: body.class_id,
        ...rowFields(content),
        version: 1,
        createdBy: viewer.userId,
        updatedBy: viewer.userId,
      })
      .returning({ id: questions.id });
    if (!created) throw new Error("insert returned no row");
    await tx.insert(questionVersions).values({
      questionId: created.id,
      version: 1,
      content,
      sourceHash: sourceHash(content),
      createdBy: viewer.userId,
    });
    await recordActivity(tx, {
      userId: viewer.userId,
      action: "question.create",
      entity: "question",
      entityId: created.id,
      after: { version: 1, exam_level: body.exam_level, class_id: body.class_id, subject_id: body.subject_id },
      requestId: viewer.requestId,
    });
    return created.id;
  });
  return questionDetail(db, viewer, id);
}

/** Saves `content` as the question's next version (an edit or a rollback); the history stays. */
async function saveVersion(
  tx: DbOrTx,
  viewer: PaperViewer,
  row: { id: number; version: number },
  content: VersionContent,
  action: "question.update" | "question.rollback",
  rolledBackFrom: number | null,
): Promise<number> {
  const version = row.version + 1;
  await tx.insert(questionVersions).values({
    questionId: row.id,
    version,
    content,
    sourceHash: sourceHash(content),
    rolledBackFrom,
    createdBy: viewer.userId,
  });
  // A changed question is reviewed again before it goes into a paper.
  await tx
    .update(questions)
    .set({ ...rowFields(content), version, status: "draft", updatedBy: viewer.userId, updatedAt: sql`now()` })
    .where(eq(questions.id, row.id));
  await recordActivity(tx, {
    userId: viewer.userId,
    action,
    entity: "question",
    entityId: row.id,
    before: { version: row.version },
    after: { version, ...(rolledBackFrom ? { rolled_back_from: rolledBackFrom } : {}) },
    requestId: viewer.requestId,
  });
  return version;
}

async function currentContent(tx: DbOrTx, id: number, version: number): Promise<VersionContent> {
  const [current] = await tx
    .select({ content: questionVersions.content })
    .from(questionVersions)
    .where(and(eq(questionVersions.questionId, id), eq(questionVersions.version, version)));
  if (!current) throw new Error(`question ${id} has no version ${version}`);
  return current.content as VersionContent;
}

export async function updateQuestion(
  db: DbOrTx,
  viewer: PaperViewer,
  id: number,
  body: QuestionBody,
  baseVersion?: number,
): Promise<{ question: QuestionDetail; changed: boolean }> {
  assertSubject(viewer, body.subject_id);
  await assertSubjectExists(db, body.subject_id);
  const content = versionContentOf(body);
  const changed = await db.transaction(async (tx) => {
    const row = await questionRow(tx, viewer, id, true);
    if (row.exam_kind !== body.exam_level || row.class_level !== body.class_id) {
      throw new ApiError(422, "A question keeps its exam and class: write a new question for another", [
        { field: row.exam_kind !== body.exam_level ? "exam_level" : "class_id", message: "This cannot change" },
      ]);
    }
    if (baseVersion !== undefined && baseVersion !== row.version) {
      throw new ApiError(
        409,
        `Someone saved version ${row.version} while you were editing version ${baseVersion}. Open the question again to see it.`,
      );
    }
    if (sameContent(await currentContent(tx, id, row.version), content)) return false;
    await saveVersion(tx, viewer, row, content, "question.update", null);
    return true;
  });
  return { question: await questionDetail(db, viewer, id), changed };
}

export async function questionLog(db: DbOrTx, viewer: PaperViewer, questionId: number): Promise<QuestionVersionItem[]> {
  await questionRow(db, viewer, questionId);
  const rows = await queryRows<{
    version: number;
    content: VersionContent;
    rolled_back_from: number | null;
    created_at: unknown;
    created_by: string | null;
  }>(
    db,
    sql`select v.version, v.content, v.rolled_back_from, v.created_at, u.name as created_by
      from question_versions v left join users u on u.id = v.created_by
      where v.question_id = ${questionId} order by v.version`,
  );
  const items = rows.map((r, index) => ({
    version: Number(r.version),
    created_at: iso(r.created_at),
    created_by: r.created_by ?? null,
    rolled_back_from: r.rolled_back_from == null ? null : Number(r.rolled_back_from),
    changes: versionChanges(index === 0 ? null : (rows[index - 1]?.content ?? null), r.content),
    content: {
      text: r.content.text,
      options: r.content.options,
      correct: r.content.correct,
      explanation: r.content.explanation ?? "",
    },
    question_type: r.content.type,
    difficulty: r.content.difficulty,
    marks: Number(r.content.marks),
    subject_id: Number(r.content.subject_id),
  }));
  return items.reverse();
}

/** Makes an earlier version the newest, as a new version: the history keeps everything. */
export async function rollbackQuestion(
  db: DbOrTx,
  viewer: PaperViewer,
  questionId: number,
  toVersion: number,
): Promise<QuestionDetail> {
  await db.transaction(async (tx) => {
    const row = await questionRow(tx, viewer, questionId, true);
    if (toVersion >= row.version + 1) throw notFound("Version");
    if (toVersion === row.version) {
      throw new ApiError(409, `Version ${toVersion} is already the newest`);
    }
    const [target] = await tx
      .select({ content: questionVersions.content })
      .from(questionVersions)
      .where(and(eq(questionVersions.questionId, questionId), eq(questionVersions.version, toVersion)));
    if (!target) throw notFound("Version");
    await saveVersion(tx, viewer, row, target.content as VersionContent, "question.rollback", toVersion);
  });
  return questionDetail(db, viewer, questionId);
}

/** A lead marks a question reviewed: only reviewed questions go into a finalized paper. */
export async function reviewQuestion(db: DbOrTx, viewer: PaperViewer, questionId: number): Promise<QuestionDetail> {
  await db.transaction(async (tx) => {
    const row = await questionRow(tx, viewer, questionId, true);
    if (row.status === "reviewed") throw new ApiError(409, "The question is already reviewed");
    await tx.update(questions).set({ status: "reviewed" }).where(eq(questions.id, questionId));
    await recordActivity(tx, {
      userId: viewer.userId,
      action: "question.review",
      entity: "question",
      entityId: questionId,
      after: { version: row.version },
      requestId: viewer.requestId,
    });
  });
  return questionDetail(db, viewer, questionId);
}
