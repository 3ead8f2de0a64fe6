import type { ExamLevel } from "@repo/contracts/fees";
import { LANGUAGES, type LanguageCode, languageIdOf } from "@repo/contracts/languages";
import { fill, PAPER_WORDS, untranslatedSetTexts } from "@repo/contracts/paper-words";
import type {
  FinalizeProblem,
  PaperSetCreateBody,
  PaperSetItem,
  PaperSetQuestionItem,
  PaperSetUpdateBody,
  SectionItem,
  SectionRuleChangeBody,
} from "@repo/contracts/papers";
import { defaultSectionRows, examLevelLabel, PAPER_DEFAULTS, SOURCE_LANGUAGE } from "@repo/contracts/papers-constants";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { classLabel } from "@repo/contracts/students-constants";
import { type DbOrTx, queryRows } from "@repo/db";
import { paperSections, paperSetQuestions, paperSets } from "@repo/db/schema";
import { and, eq, sql } from "drizzle-orm";
import { recordActivity } from "../../kernel/activity";
import { ApiError, notFound } from "../../kernel/http/errors";
import { PG_UNIQUE_VIOLATION, pgCode } from "../../kernel/sql";
import { activeExamYear, isActiveExamYear } from "../programme/exam-year";
import type { PaperViewer } from "./access";
import { canonicalJson, sha256, type TranslatedContent, type VersionContent } from "./content";
import { qualifyingRuleProblems, type RuledSection, type RuleProblem } from "./qualifying";
import { iso, isoOrNull, visibleQuestions } from "./questions";
import { translationStateSql, unfinishedTranslationMessage } from "./translation-state";

/** The instructions a new set starts with: the standard ones, printed in each paper's language (decision 062). */
export const DEFAULT_PAPER_INSTRUCTIONS: readonly string[] = PAPER_WORDS.en.standardInstructions;

const languageItem = (code: string) => {
  const l = LANGUAGES.find((x) => x.code === code);
  return { id: languageIdOf(code), code, name: l?.name ?? code, native: l?.native ?? code, dir: l?.dir ?? "ltr" };
};

async function sectionsOf(db: DbOrTx, setIds: number[]): Promise<Map<number, SectionItem[]>> {
  const bySet = new Map<number, SectionItem[]>();
  if (setIds.length === 0) return bySet;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select s.id, s.paper_set_id, s.label, s.title, s.position, s.question_count, s.marks_per_question::float8 as marks,
        s.negative_marks::float8 as negative, s.answer_rule, s.counts_if_section, s.counts_if_marks::float8 as counts_if_marks,
        s.blueprint, (select count(*)::int from paper_set_questions p where p.section_id = s.id) as placed
      from paper_sections s
      where s.paper_set_id in (select jsonb_array_elements_text(${JSON.stringify(setIds)}::jsonb)::int)
      order by s.paper_set_id, s.position`,
  );
  for (const r of rows) {
    const list = bySet.get(Number(r.paper_set_id)) ?? [];
    list.push({
      id: Number(r.id),
      label: String(r.label),
      title: String(r.title),
      position: Number(r.position),
      question_count: Number(r.question_count),
      marks_per_question: Number(r.marks),
      negative_marks: Number(r.negative),
      answer_rule: String(r.answer_rule),
      counts_if_section: (r.counts_if_section as string | null) ?? null,
      counts_if_marks: r.counts_if_marks == null ? null : Number(r.counts_if_marks),
      blueprint: (r.blueprint as Record<string, number>) ?? {},
      placed: Number(r.placed),
    });
    bySet.set(Number(r.paper_set_id), list);
  }
  return bySet;
}

/** Paper sets of the open exam year (or one set by id), with sections and counts. */
export async function listPaperSets(
  db: DbOrTx,
  filters: { class_id?: number; exam_level?: ExamLevel; id?: number },
): Promise<PaperSetItem[]> {
  const where = [sql`true`];
  if (filters.id !== undefined) where.push(sql`ps.id = ${filters.id}`);
  else where.push(isActiveExamYear);
  if (filters.class_id !== undefined) where.push(sql`ps.class_level = ${filters.class_id}`);
  if (filters.exam_level) where.push(sql`ps.exam_kind = ${filters.exam_level}`);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ps.*, y.label as exam_year, u.name as finalized_by_name
      from paper_sets ps join exam_years y on y.id = ps.exam_year_id
      left join users u on u.id = ps.finalized_by
      where ${sql.join(where, sql` and `)}
      order by ps.exam_kind, ps.class_level, ps.code`,
  );
  const sections = await sectionsOf(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => {
    const own = sections.get(Number(r.id)) ?? [];
    return {
      id: Number(r.id),
      exam_year: String(r.exam_year),
      exam_level: String(r.exam_kind),
      class_id: Number(r.class_level),
      name: String(r.name),
      code: String(r.code),
      languages: (r.languages as string[]).map(languageItem),
      duration_minutes: Number(r.duration_minutes),
      instructions: r.instructions as string[],
      status: String(r.status),
      content_hash: (r.content_hash as string | null) ?? null,
      finalized_at: isoOrNull(r.finalized_at),
      finalized_by: (r.finalized_by_name as string | null) ?? null,
      copied_from: r.copied_from == null ? null : Number(r.copied_from),
      total_marks: own.reduce((sum, s) => sum + s.question_count * s.marks_per_question, 0),
      sections: own,
    };
  });
}

export async function paperSet(db: DbOrTx, id: number): Promise<PaperSetItem> {
  const [set] = await listPaperSets(db, { id });
  if (!set) throw notFound("Paper set");
  return set;
}

/** The set's row locked for a change; a finalized set answers 409 (copy it instead). */
async function draftSet(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(paperSets).where(eq(paperSets.id, id)).for("update");
  if (!row) throw notFound("Paper set");
  if (row.status === "finalized") {
    throw new ApiError(409, "This paper set is finalized and cannot change. Copy it to make a new draft.");
  }
  return row;
}

function codeTaken(error: unknown): never {
  if (pgCode(error) === PG_UNIQUE_VIOLATION) {
    throw new ApiError(409, "Another paper set of this exam year has this code", [
      { field: "code", message: "Choose another code" },
    ]);
  }
  throw error;
}

export async function createPaperSet(db: DbOrTx, viewer: PaperViewer, body: PaperSetCreateBody): Promise<PaperSetItem> {
  const year = await activeExamYear(db);
  const defaults = PAPER_DEFAULTS[body.exam_level];
  const id = await db
    .transaction(async (tx) => {
      const [created] = await tx
        .insert(paperSets)
        .values({
          examYearId: year.id,
          examKind: body.exam_level,
          classLevel: body.class_id,
          name: body.name,
          code: body.code,
          languages: body.languages,
          durationMinutes: defaults.durationMinutes,
          instructions: [...DEFAULT_PAPER_INSTRUCTIONS],
          createdBy: viewer.userId,
        })
        .returning({ id: paperSets.id });
      if (!created) throw new Error("insert returned no row");
      await tx
        .insert(paperSections)
        .values(defaultSectionRows(body.exam_level).map((row) => ({ ...row, paperSetId: created.id })));
      await recordActivity(tx, {
        userId: viewer.userId,
        action: "paperSet.create",
        entity: "paper_set",
        entityId: created.id,
        after: { code: body.code, exam_level: body.exam_level, class_id: body.class_id },
        requestId: viewer.requestId,
      });
      return created.id;
    })
    .catch(codeTaken);
  return paperSet(db, id);
}

export async function updatePaperSet(
  db: DbOrTx,
  viewer: PaperViewer,
  id: number,
  body: PaperSetUpdateBody,
): Promise<PaperSetItem> {
  await db
    .transaction(async (tx) => {
      await draftSet(tx, id);
      const own = await tx.select({ id: paperSections.id }).from(paperSections).where(eq(paperSections.paperSetId, id));
      const ids = new Set(own.map((s) => s.id));
      const before = qualifyingRuleProblems(await ruledSections(tx, id));
      for (const [index, section] of body.sections.entries()) {
        if (!ids.has(section.id)) {
          throw new ApiError(422, "A section does not belong to this paper set", [
            { field: `sections.${index}.id`, message: "Choose a section of this paper set" },
          ]);
        }
        const blueprintTotal = Object.values(section.blueprint).reduce((a, b) => a + b, 0);
        if (blueprintTotal > section.question_count) {
          throw new ApiError(422, "The blueprint asks for more questions than the section has", [
            {
              field: `sections.${index}.blueprint`,
              message: `The subjects add up to ${blueprintTotal}; the section has ${countOf(section.question_count, COUNTED.question)}`,
            },
          ]);
        }
        await tx
          .update(paperSections)
          .set({
            title: section.title,
            questionCount: section.question_count,
            marksPerQuestion: section.marks_per_question,
            negativeMarks: section.negative_marks,
            blueprint: section.blueprint,
            ...(section.counts_if_section !== undefined ? { countsIfSection: section.counts_if_section } : {}),
            ...(section.counts_if_marks !== undefined ? { countsIfMarks: section.counts_if_marks } : {}),
          })
          .where(eq(paperSections.id, section.id));
      }
      // A resize or a rule that leaves a rule out of reach is refused here, not found at Finalize.
      const after = await ruledSections(tx, id);
      const added = qualifyingRuleProblems(after).filter((p) => !before.some((b) => b.message === p.message));
      if (added.length > 0) {
        const bodyIndex = (label: string | null) => {
          const sectionId = after.find((s) => s.label === label)?.id;
          return body.sections.findIndex((s) => s.id === sectionId);
        };
        throw new ApiError(
          422,
          "A qualifying rule could not be met",
          added.map((p) => {
            const ruled = bodyIndex(p.section);
            const gate = bodyIndex(p.gate);
            // The rule when the body changed it, else the resized section that put it out of reach.
            const ruleGiven = ruled >= 0 && body.sections[ruled]?.[p.field] !== undefined;
            const field = ruleGiven
              ? `sections.${ruled}.${p.field}`
              : gate >= 0
                ? `sections.${gate}.question_count`
                : `sections.${Math.max(ruled, 0)}.${p.field}`;
            return { field, message: p.message };
          }),
        );
      }
      await tx
        .update(paperSets)
        .set({
          name: body.name,
          code: body.code,
          languages: body.languages,
          durationMinutes: body.duration_minutes,
          instructions: body.instructions,
          updatedAt: sql`now()`,
        })
        .where(eq(paperSets.id, id));
      await recordActivity(tx, {
        userId: viewer.userId,
        action: "paperSet.update",
        entity: "paper_set",
        entityId: id,
        after: { code: body.code, languages: body.languages },
        requestId: viewer.requestId,
      });
    })
    .catch(codeTaken);
  return paperSet(db, id);
}

/** A set's sections as the qualifying rules read them (qualifying.ts), in paper order. */
async function ruledSections(tx: DbOrTx, setId: number): Promise<(RuledSection & { id: number })[]> {
  const rows = await tx
    .select()
    .from(paperSections)
    .where(eq(paperSections.paperSetId, setId))
    .orderBy(paperSections.position);
  return rows.map((s) => ({
    id: s.id,
    label: s.label,
    question_count: s.questionCount,
    marks_per_question: Number(s.marksPerQuestion),
    counts_if_section: s.countsIfSection,
    counts_if_marks: s.countsIfMarks == null ? null : Number(s.countsIfMarks),
  }));
}

/**
 * One section's qualifying rule (decision 059): set, changed or removed (both null) until the set
 * is finalized; a rule the set's sections cannot meet is refused, naming the mark and the maximum.
 */
export async function setSectionRule(
  db: DbOrTx,
  viewer: PaperViewer,
  setId: number,
  body: SectionRuleChangeBody,
): Promise<PaperSetItem> {
  await db.transaction(async (tx) => {
    await draftSet(tx, setId);
    const sections = await ruledSections(tx, setId);
    const section = sections.find((s) => s.id === body.section_id);
    if (!section) {
      throw new ApiError(422, "The section does not belong to this paper set", [
        { field: "section_id", message: "Choose a section of this paper set" },
      ]);
    }
    const removed = body.counts_if_section === null && body.counts_if_marks === null;
    const changed = { ...section, counts_if_section: body.counts_if_section, counts_if_marks: body.counts_if_marks };
    const problems: RuleProblem[] = removed
      ? []
      : qualifyingRuleProblems(sections.map((s) => (s.id === section.id ? changed : s))).filter(
          (p) => p.section === section.label,
        );
    if (problems.length > 0) {
      throw new ApiError(
        422,
        problems[0]?.message ?? "The qualifying rule cannot be met",
        problems.map((p) => ({
          field: p.field,
          message: p.message,
        })),
      );
    }
    await tx
      .update(paperSections)
      .set({ countsIfSection: body.counts_if_section, countsIfMarks: body.counts_if_marks })
      .where(eq(paperSections.id, section.id));
    await tx.update(paperSets).set({ updatedAt: sql`now()` }).where(eq(paperSets.id, setId));
    await recordActivity(tx, {
      userId: viewer.userId,
      action: "paperSet.update",
      entity: "paper_set",
      entityId: setId,
      after: {
        section: section.label,
        counts_if_section: body.counts_if_section,
        counts_if_marks: body.counts_if_marks,
      },
      requestId: viewer.requestId,
    });
  });
  return paperSet(db, setId);
}

/** Replaces one section's questions with `questionIds`, in that order. */
export async function setSectionQuestions(
  db: DbOrTx,
  viewer: PaperViewer,
  setId: number,
  sectionId: number,
  questionIds: number[],
): Promise<PaperSetItem> {
  await db.transaction(async (tx) => {
    const set = await draftSet(tx, setId);
    const [section] = await tx
      .select()
      .from(paperSections)
      .where(and(eq(paperSections.id, sectionId), eq(paperSections.paperSetId, setId)));
    if (!section) {
      throw new ApiError(422, "The section does not belong to this paper set", [
        { field: "section_id", message: "Choose a section of this paper set" },
      ]);
    }
    if (new Set(questionIds).size !== questionIds.length) {
      throw new ApiError(422, "A question is listed twice", [
        { field: "question_ids", message: "List each question once" },
      ]);
    }
    if (questionIds.length > section.questionCount) {
      throw new ApiError(422, `Section ${section.label} has ${countOf(section.questionCount, COUNTED.question)}`, [
        { field: "question_ids", message: `Choose at most ${countOf(section.questionCount, COUNTED.question)}` },
      ]);
    }
    const found = await queryRows<{
      id: number;
      exam_kind: string;
      class_level: number;
      question_type: string;
      elsewhere: boolean;
    }>(
      tx,
      sql`select q.id, q.exam_kind, q.class_level, q.question_type,
          exists (select 1 from paper_set_questions p where p.paper_set_id = ${setId} and p.question_id = q.id and p.section_id <> ${sectionId}) as elsewhere
        from questions q where q.id in (select jsonb_array_elements_text(${JSON.stringify(questionIds)}::jsonb)::int)`,
    );
    const byId = new Map(found.map((q) => [Number(q.id), q]));
    for (const [index, questionId] of questionIds.entries()) {
      const q = byId.get(questionId);
      const field = `question_ids.${index}`;
      if (!q)
        throw new ApiError(422, `There is no question ${questionId}`, [
          { field, message: "Choose a question from the bank" },
        ]);
      if (q.exam_kind !== set.examKind || Number(q.class_level) !== set.classLevel) {
        throw new ApiError(422, `Question ${questionId} belongs to another exam or class`, [
          { field, message: `Choose ${examLevelLabel(set.examKind)} questions of class ${classLabel(set.classLevel)}` },
        ]);
      }
      if (q.question_type !== section.answerRule) {
        throw new ApiError(422, `Question ${questionId} is not of this section's answer type`, [
          // plural-ok: the answer type (a word), not a count
          { field, message: `Section ${section.label} takes ${section.answerRule} questions` },
        ]);
      }
      if (q.elsewhere) {
        throw new ApiError(422, `Question ${questionId} is already in another section of this set`, [
          { field, message: "A question appears once in a paper" },
        ]);
      }
    }
    await tx.delete(paperSetQuestions).where(eq(paperSetQuestions.sectionId, sectionId));
    if (questionIds.length > 0) {
      await tx.insert(paperSetQuestions).values(
        questionIds.map((questionId, position) => ({
          paperSetId: setId,
          sectionId,
          questionId,
          position: position + 1,
        })),
      );
    }
    await tx.update(paperSets).set({ updatedAt: sql`now()` }).where(eq(paperSets.id, setId));
    await recordActivity(tx, {
      userId: viewer.userId,
      action: "paperSet.update",
      entity: "paper_set",
      entityId: setId,
      after: { section: section.label, questions: questionIds.length },
      requestId: viewer.requestId,
    });
  });
  return paperSet(db, setId);
}

/**
 * Fills each section's free places from its blueprint: per subject, reviewed questions of the
 * set's exam and class that are in no section of the set yet, oldest first.
 */
export async function assemblePaperSet(db: DbOrTx, viewer: PaperViewer, setId: number): Promise<PaperSetItem> {
  await db.transaction(async (tx) => {
    const set = await draftSet(tx, setId);
    const sections = await tx.select().from(paperSections).where(eq(paperSections.paperSetId, setId));
    let added = 0;
    for (const section of sections.sort((a, b) => a.position - b.position)) {
      for (const [subjectId, wanted] of Object.entries(section.blueprint ?? {})) {
        const [have] = await queryRows<{ n: number; last: number | null }>(
          tx,
          sql`select count(*) filter (where q.subject_id = ${Number(subjectId)})::int as n, max(p.position)::int as last
            from paper_set_questions p join questions q on q.id = p.question_id where p.section_id = ${section.id}`,
        );
        const missing = Math.min(wanted - (have?.n ?? 0), section.questionCount);
        if (missing <= 0) continue;
        const picked = await queryRows<{ id: number }>(
          tx,
          sql`select q.id from questions q
            where q.exam_kind = ${set.examKind} and q.class_level = ${set.classLevel} and q.subject_id = ${Number(subjectId)}
              and q.status = 'reviewed' and q.question_type = ${section.answerRule}
              and not exists (select 1 from paper_set_questions p where p.paper_set_id = ${setId} and p.question_id = q.id)
            order by q.id limit ${missing}`,
        );
        const [count] = await queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from paper_set_questions where section_id = ${section.id}`,
        );
        const room = section.questionCount - (count?.n ?? 0);
        const take = picked.slice(0, Math.max(0, room));
        if (take.length === 0) continue;
        let position = have?.last ?? 0;
        await tx.insert(paperSetQuestions).values(
          take.map((q) => ({
            paperSetId: setId,
            sectionId: section.id,
            questionId: Number(q.id),
            position: ++position,
          })),
        );
        added += take.length;
      }
    }
    await recordActivity(tx, {
      userId: viewer.userId,
      action: "paperSet.update",
      entity: "paper_set",
      entityId: setId,
      after: { assembled: added },
      requestId: viewer.requestId,
    });
  });
  return paperSet(db, setId);
}

/** Everything that keeps a set from being finalized, in the order a setter fixes them. */
export async function finalizeProblems(db: DbOrTx, setId: number): Promise<FinalizeProblem[]> {
  const set = await paperSet(db, setId);
  const problems: FinalizeProblem[] = [];
  for (const section of set.sections) {
    if (section.placed !== section.question_count) {
      problems.push({
        code: "count",
        message: `Section ${section.label} has ${section.placed} of its ${countOf(section.question_count, COUNTED.question)}`,
        question_id: null,
        section: section.label,
        language: null,
      });
    }
  }
  for (const rule of qualifyingRuleProblems(set.sections)) {
    problems.push({ code: "rule", message: rule.message, question_id: null, section: rule.section, language: null });
  }
  // The set's own English texts print on no paper in another language (decision 062).
  for (const language of set.languages) {
    for (const text of untranslatedSetTexts(language.code, set)) {
      const section = set.sections.find((s) => s.label === text.section);
      problems.push({
        code: "wording",
        message:
          text.what === "instructions"
            ? `The set's own instructions have no ${language.name} translation: use the standard instructions, which print in every language, or drop ${language.name}`
            : `Section ${text.section}'s title "${section?.title ?? ""}" has no ${language.name} translation: name it "${fill(PAPER_WORDS.en.section, { label: text.section ?? "" })}", which prints in every language`,
        question_id: null,
        section: text.section,
        language: language.code,
      });
    }
  }
  type Unfinished = Parameters<typeof unfinishedTranslationMessage>[1];
  const rows = await queryRows<{
    question_id: number;
    label: string;
    status: string;
    version: number;
    unfinished: Unfinished[] | null;
  }>(
    db,
    // Each language without a done translation of the current English, with its state (missing,
    // draft or stale: TRANSLATION_STATUSES), so the message says which.
    sql`select p.question_id, s.label, q.status, q.version,
        (select jsonb_agg(jsonb_build_object('language', l.code, 'state', ${translationStateSql},
            'source_version', t.source_version) order by l.code)
          from jsonb_array_elements_text(${JSON.stringify(
            set.languages.map((l) => l.code).filter((l) => l !== SOURCE_LANGUAGE),
          )}::jsonb) l(code)
          left join question_translations t on t.question_id = q.id and t.language = l.code and t.is_latest
          where t.question_id is null or t.status <> 'done' or t.source_hash <> q.source_hash) as unfinished
      from paper_set_questions p join questions q on q.id = p.question_id join paper_sections s on s.id = p.section_id
      where p.paper_set_id = ${setId} order by s.position, p.position`,
  );
  for (const row of rows) {
    if (row.status !== "reviewed") {
      problems.push({
        code: "review",
        message: `Question ${row.question_id} (section ${row.label}) is not reviewed`,
        question_id: Number(row.question_id),
        section: row.label,
        language: null,
      });
    }
    for (const translation of row.unfinished ?? []) {
      problems.push({
        code: "translation",
        message: unfinishedTranslationMessage(
          { id: Number(row.question_id), section: row.label, version: Number(row.version) },
          translation,
        ),
        question_id: Number(row.question_id),
        section: row.label,
        language: translation.language,
      });
    }
  }
  return problems;
}

/**
 * finalize-paperset: pins every question's current version and each language's translation,
 * and stores the sha256 of the set's canonical content. Refused with the whole list of problems.
 */
export async function finalizePaperSet(
  db: DbOrTx,
  viewer: PaperViewer,
  setId: number,
  expect: { is_mock?: number; class_exam_id?: number },
): Promise<PaperSetItem> {
  await db.transaction(async (tx) => {
    const set = await draftSet(tx, setId);
    if (expect.is_mock !== undefined && (expect.is_mock === 1) !== (set.examKind === "mock")) {
      throw new ApiError(422, "is_mock does not match the paper set", [
        { field: "is_mock", message: "Check the paper set" },
      ]);
    }
    if (expect.class_exam_id !== undefined && expect.class_exam_id !== set.classLevel) {
      throw new ApiError(422, "class_exam_id does not match the paper set's class", [
        { field: "class_exam_id", message: `The set is for class ${classLabel(set.classLevel)}` },
      ]);
    }
    const problems = await finalizeProblems(tx, setId);
    if (problems.length > 0) {
      throw new ApiError(
        422,
        `The paper set cannot be finalized yet: ${countOf(problems.length, COUNTED.thing)} to fix`,
        problems.map((p) => ({
          field: p.question_id
            ? `questions.${p.question_id}${p.language ? `.${p.language}` : ""}`
            : `sections.${p.section}`,
          message: p.message,
        })),
      );
    }
    const others = set.languages.filter((l) => l !== SOURCE_LANGUAGE);
    await tx.execute(sql`
      update paper_set_questions p set frozen_version = q.version,
        frozen_translations = coalesce((select jsonb_object_agg(t.language, t.version) from question_translations t
          where t.question_id = q.id and t.is_latest and t.language in (select jsonb_array_elements_text(${JSON.stringify(others)}::jsonb))), '{}'::jsonb)
      from questions q where q.id = p.question_id and p.paper_set_id = ${setId}`);
    const hash = sha256(canonicalJson(await frozenContent(tx, setId)));
    await tx
      .update(paperSets)
      .set({
        status: "finalized",
        contentHash: hash,
        finalizedAt: sql`now()`,
        finalizedBy: viewer.userId,
        updatedAt: sql`now()`,
      })
      .where(eq(paperSets.id, setId));
    await recordActivity(tx, {
      userId: viewer.userId,
      action: "paperSet.finalize",
      entity: "paper_set",
      entityId: setId,
      after: { content_hash: hash },
      requestId: viewer.requestId,
    });
  });
  return paperSet(db, setId);
}

/** One question of a paper as printed: its version's content and each language's translation. */
export interface PrintedQuestion {
  question_id: number;
  version: number;
  content: VersionContent;
  translations: Record<string, { version: number; status: string; content: TranslatedContent }>;
}

export interface PrintedSection {
  label: string;
  title: string;
  question_count: number;
  marks_per_question: number;
  negative_marks: number;
  answer_rule: string;
  counts_if_section: string | null;
  counts_if_marks: number | null;
  questions: PrintedQuestion[];
}

/** A placed question as the set prints it, with what its pages say about it (decision 061). */
interface PrintedRow {
  section_id: number;
  question_id: number;
  version: number;
  content: VersionContent;
  translations: Record<string, { version: number; status: string; content: TranslatedContent }> | null;
  /** Each translation's state beside this version's text: done, draft or stale. */
  states: Record<string, string> | null;
  subject_name: string;
  reviewed: boolean;
  pinned: boolean;
  newest_version: number;
  newest_at: unknown;
  visible: boolean;
}

/**
 * The one query behind a set's print and its pages: per placed question (in paper order) the pinned
 * version and pinned translations once finalized, the newest version and newest translations of any
 * state while a draft. `visible` says whether `viewer` may see the question (a subject panel user's subjects).
 */
async function printedRows(
  db: DbOrTx,
  setId: number,
  languages: readonly string[],
  viewer?: PaperViewer,
): Promise<PrintedRow[]> {
  return queryRows<PrintedRow>(
    db,
    sql`select p.section_id, p.question_id, v.version, v.content,
        (select jsonb_object_agg(t.language, jsonb_build_object('version', t.version, 'status', t.status, 'content', t.content))
          from question_translations t
          where t.question_id = p.question_id and t.language in (select jsonb_array_elements_text(${JSON.stringify(languages)}::jsonb))
            and case when p.frozen_translations is null then t.is_latest
                     else t.version = (p.frozen_translations->>t.language)::int end) as translations,
        (select jsonb_object_agg(t.language, case when t.source_hash <> v.source_hash then 'stale' else t.status end)
          from question_translations t
          where t.question_id = p.question_id and t.language in (select jsonb_array_elements_text(${JSON.stringify(languages)}::jsonb))
            and case when p.frozen_translations is null then t.is_latest
                     else t.version = (p.frozen_translations->>t.language)::int end) as states,
        coalesce(s.name, '') as subject_name,
        -- Finalize pins only reviewed questions (decision 021): a pinned version was reviewed.
        (p.frozen_version is not null or q.status = 'reviewed') as reviewed,
        p.frozen_version is not null as pinned,
        q.version as newest_version, n.created_at as newest_at,
        ${viewer ? visibleQuestions(viewer) : sql`true`} as visible
      from paper_set_questions p
      join questions q on q.id = p.question_id
      join question_versions v on v.question_id = p.question_id and v.version = coalesce(p.frozen_version, q.version)
      join question_versions n on n.question_id = p.question_id and n.version = q.version
      left join subjects s on s.id = (v.content->>'subject_id')::int
      where p.paper_set_id = ${setId}
      order by p.position`,
  );
}

async function setRow(db: DbOrTx, setId: number) {
  const [set] = await db.select().from(paperSets).where(eq(paperSets.id, setId));
  if (!set) throw notFound("Paper set");
  return set;
}

/**
 * What a set prints: frozen versions once finalized, the newest ones (and newest translations of
 * any state) while it is a draft. Its canonical JSON is what the content hash covers.
 */
export async function frozenContent(db: DbOrTx, setId: number) {
  const set = await setRow(db, setId);
  const sections = await db
    .select()
    .from(paperSections)
    .where(eq(paperSections.paperSetId, setId))
    .orderBy(paperSections.position);
  const rows = await printedRows(db, setId, set.languages);
  const printed: PrintedSection[] = sections.map((s) => ({
    label: s.label,
    title: s.title,
    question_count: s.questionCount,
    marks_per_question: Number(s.marksPerQuestion),
    negative_marks: Number(s.negativeMarks),
    answer_rule: s.answerRule,
    counts_if_section: s.countsIfSection,
    counts_if_marks: s.countsIfMarks == null ? null : Number(s.countsIfMarks),
    questions: rows
      .filter((r) => Number(r.section_id) === s.id)
      .map((r) => ({
        question_id: Number(r.question_id),
        version: Number(r.version),
        content: r.content,
        translations: r.translations ?? {},
      })),
  }));
  return {
    code: set.code,
    exam_level: set.examKind,
    class_id: set.classLevel,
    languages: set.languages as LanguageCode[],
    duration_minutes: set.durationMinutes,
    instructions: set.instructions,
    sections: printed,
  };
}

/**
 * paperset/questions/{id}: the set's questions as its pages show them, from the rows its print is
 * made of (decision 061), numbered as printed. A subject panel user gets its own subjects' only.
 */
export async function printedQuestions(
  db: DbOrTx,
  viewer: PaperViewer,
  setId: number,
): Promise<PaperSetQuestionItem[]> {
  const set = await setRow(db, setId);
  const sections = await db
    .select({ id: paperSections.id, label: paperSections.label })
    .from(paperSections)
    .where(eq(paperSections.paperSetId, setId))
    .orderBy(paperSections.position);
  const rows = await printedRows(db, setId, set.languages, viewer);
  const others = set.languages.filter((l) => l !== SOURCE_LANGUAGE);
  const items: PaperSetQuestionItem[] = [];
  let number = 0;
  for (const section of sections) {
    for (const r of rows.filter((row) => Number(row.section_id) === section.id)) {
      number += 1;
      if (!r.visible) continue;
      const states = r.states ?? {};
      // A finalized set shows the languages it pinned; a draft every language it is offered in.
      const languages = r.pinned ? others.filter((l) => r.translations?.[l]) : others;
      const translations = languages.map((code) => ({
        code,
        name: languageItem(code).name,
        version: r.translations?.[code]?.version ?? null,
        status: (states[code] ?? "missing") as PaperSetQuestionItem["translations"][number]["status"],
      }));
      const newest = Number(r.newest_version);
      items.push({
        section_id: section.id,
        section_label: section.label,
        number,
        question_id: Number(r.question_id),
        version: Number(r.version),
        subject_id: Number(r.content.subject_id),
        subject_name: r.subject_name,
        question_type: r.content.type,
        marks: Number(r.content.marks),
        content: {
          text: r.content.text,
          options: r.content.options,
          correct: r.content.correct,
          explanation: r.content.explanation ?? "",
        },
        reviewed: Boolean(r.reviewed),
        translations,
        translations_done: translations.filter((t) => t.status === "done").length,
        newer: r.pinned && newest > Number(r.version) ? { version: newest, since: iso(r.newest_at) } : null,
      });
    }
  }
  return items;
}

export type FrozenSet = Awaited<ReturnType<typeof frozenContent>>;

/** copy-mock-paperset: a new draft with the mock set's rules and questions (their newest versions). */
export async function copyMockPaperSet(
  db: DbOrTx,
  viewer: PaperViewer,
  sourceId: number,
  names: { name?: string; code?: string },
): Promise<PaperSetItem> {
  const id = await db
    .transaction(async (tx) => {
      const [source] = await tx.select().from(paperSets).where(eq(paperSets.id, sourceId));
      if (!source) throw notFound("Paper set");
      if (source.examKind !== "mock") {
        throw new ApiError(422, "Only mock paper sets are copied; Level 1 and Level 2 sets are assembled afresh", [
          { field: "id", message: "Choose a mock paper set" },
        ]);
      }
      const year = await activeExamYear(tx);
      let code = names.code;
      if (!code) {
        const [n] = await queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from paper_sets where exam_year_id = ${year.id} and code ilike ${`${source.code}-C%`}`,
        );
        code = `${source.code}-C${(n?.n ?? 0) + 1}`.slice(0, 20);
      }
      const [created] = await tx
        .insert(paperSets)
        .values({
          examYearId: year.id,
          examKind: source.examKind,
          classLevel: source.classLevel,
          name: names.name ?? `${source.name} (copy)`.slice(0, 100),
          code,
          languages: source.languages,
          durationMinutes: source.durationMinutes,
          instructions: source.instructions,
          copiedFrom: source.id,
          createdBy: viewer.userId,
        })
        .returning({ id: paperSets.id });
      if (!created) throw new Error("insert returned no row");
      const sections = await tx.select().from(paperSections).where(eq(paperSections.paperSetId, sourceId));
      for (const section of sections) {
        const { id: oldId, paperSetId: _, ...rest } = section;
        const [copy] = await tx
          .insert(paperSections)
          .values({ ...rest, paperSetId: created.id })
          .returning({ id: paperSections.id });
        await tx.execute(sql`insert into paper_set_questions (paper_set_id, section_id, question_id, position)
          select ${created.id}, ${copy?.id}, question_id, position from paper_set_questions where section_id = ${oldId}`);
      }
      await recordActivity(tx, {
        userId: viewer.userId,
        action: "paperSet.copy",
        entity: "paper_set",
        entityId: created.id,
        after: { copied_from: sourceId, code },
        requestId: viewer.requestId,
      });
      return created.id;
    })
    .catch(codeTaken);
  return paperSet(db, id);
}
