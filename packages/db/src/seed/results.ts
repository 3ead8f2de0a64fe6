import type { ExamLevel } from "@repo/contracts/fees";
import { OPTION_KEYS, PAPER_DEFAULTS } from "@repo/contracts/papers-constants";
import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../client";

/**
 * A finalized paper set made directly in SQL, for the demo's results, the tests and the
 * benchmark (issue 15): questions with one frozen version each, sections with their marks rules,
 * placements pinned and a content hash, as finalizing would leave them. The paper screens' own
 * finalizing is tested in the papers tests; here only the answer key and the rules matter.
 */
export interface SeedSection {
  label: string;
  title?: string;
  /** The correct options of each question, in order: ["A"], ["B", "D"] … */
  correct: string[][];
  marksPerQuestion: number;
  negativeMarks?: number;
  answerRule?: "single" | "multiple" | "at_least";
  countsIfSection?: string | null;
  countsIfMarks?: number | null;
  /** How many options each question offers (A, B, … in order); four unless said. */
  optionCount?: number;
}

export interface SeedPaper {
  examYearId: number;
  examKind: "level1" | "level2" | "mock";
  classLevel: number;
  code: string;
  name?: string;
  languages?: string[];
  sections: SeedSection[];
}

/** Inserts the paper set and everything it needs; resolves to its id. */
export async function seedFinalizedPaper(db: DbOrTx, paper: SeedPaper): Promise<number> {
  const [subject] = await queryRows<{ id: number }>(db, sql`select id from subjects order by id limit 1`);
  const subjectId =
    subject?.id ??
    (await queryRows<{ id: number }>(db, sql`insert into subjects (name) values ('Science') returning id`))[0]?.id;
  const [set] = await queryRows<{ id: number }>(
    db,
    sql`insert into paper_sets (exam_year_id, exam_kind, class_level, name, code, languages, duration_minutes, instructions)
        values (${paper.examYearId}, ${paper.examKind}, ${paper.classLevel}, ${paper.name ?? paper.code}, ${paper.code},
          ${`{${(paper.languages ?? ["en"]).join(",")}}`}::text[], 90, '[]'::jsonb)
        returning id`,
  );
  const setId = Number(set?.id);
  let number = 0;
  for (const [position, section] of paper.sections.entries()) {
    const rule = section.answerRule ?? "single";
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into paper_sections (paper_set_id, label, title, position, question_count, marks_per_question,
            negative_marks, answer_rule, counts_if_section, counts_if_marks)
          values (${setId}, ${section.label}, ${section.title ?? `Section ${section.label}`}, ${position + 1},
            ${section.correct.length}, ${section.marksPerQuestion}, ${section.negativeMarks ?? 0}, ${rule},
            ${section.countsIfSection ?? null}, ${section.countsIfMarks ?? null})
          returning id`,
    );
    const sectionId = Number(row?.id);
    // One statement per section: a 100-question paper is a handful of round trips.
    const contents = section.correct.map((correct) => {
      number += 1;
      const text = `<p>Question ${number} of ${paper.code}</p>`;
      return {
        text,
        options: OPTION_KEYS.slice(0, section.optionCount ?? 4).map((key) => ({ key, html: `<p>Option ${key}</p>` })),
        correct,
        explanation: "",
        type: rule,
        difficulty: "medium",
        marks: section.marksPerQuestion,
        subject_id: subjectId,
      };
    });
    await db.execute(sql`
      with content as (
        select c.value as content, c.ordinality as n
        from jsonb_array_elements(${JSON.stringify(contents)}::jsonb) with ordinality as c(value, ordinality)
      ), made as (
        insert into questions (exam_kind, class_level, subject_id, question_type, difficulty, marks, status, version,
          source_hash, plain_text)
        select ${paper.examKind}, ${paper.classLevel}, ${subjectId}, ${rule}, 'medium', ${section.marksPerQuestion},
          'reviewed', 1, md5(c.content::text), lower(c.content->>'text')
        from content c order by c.n
        returning id
      ), numbered as (
        select id, row_number() over (order by id) as n from made
      ), versions as (
        insert into question_versions (question_id, version, content, source_hash)
        select m.id, 1, c.content, md5(c.content::text) from numbered m join content c on c.n = m.n
      )
      insert into paper_set_questions (paper_set_id, section_id, question_id, position, frozen_version, frozen_translations)
      select ${setId}, ${sectionId}, m.id, m.n, 1, '{}'::jsonb from numbered m`);
  }
  await db.execute(sql`update paper_sets set status = 'finalized', finalized_at = now(),
    content_hash = md5(${paper.code} || ${setId}::text) where id = ${setId}`);
  return setId;
}

/**
 * A level's default sections (docs/domain.md, Exams, scoring and awards, PAPER_DEFAULTS) with the correct options of question n
 * (numbered through the paper) from `correctOf`.
 */
export function defaultSections(level: ExamLevel, correctOf: (n: number) => string[]): SeedSection[] {
  let number = 0;
  return PAPER_DEFAULTS[level].sections.map((section) => ({
    label: section.label,
    title: section.title,
    correct: Array.from({ length: section.questionCount }, () => correctOf(++number)),
    marksPerQuestion: section.marksPerQuestion,
    negativeMarks: section.negativeMarks,
    answerRule: section.answerRule,
    countsIfSection: section.countsIfSection ?? null,
    countsIfMarks: section.countsIfMarks ?? null,
  }));
}

/** Level 1's shape: A 40 and B 60 single-answer questions, B counting from 20 in A. */
export const level1Sections = (correctOf: (n: number) => string[]) => defaultSections("level1", correctOf);
