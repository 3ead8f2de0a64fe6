/**
 * Insights into a level's answer sheets (issue 15, page result-overview/student-mock-insight): per
 * question of a paper set, how many got it right and which options were marked; and a level's
 * summary (average, median, bands of 10 % of the paper's marks, the share that qualified). Computed
 * in SQL over answer_sheets.answers, scoped to the caller's region like every result view.
 */
import type {
  ExamResultInsights,
  InsightFilters,
  MockInsight,
  MockInsightBody,
  QuestionInsight,
} from "@repo/contracts/result-winners";
import { OPTION_LETTERS, SCORE_BANDS, scoreBandLabel } from "@repo/contracts/result-winners-constants";
import { type DbOrTx, queryRows } from "@repo/db";
import { type SQL, sql } from "drizzle-orm";
import { invalidField } from "../../kernel/http/errors";
import { type Assignments, assignedSql, type RegionViewer, regionContext } from "../geography/region-scope";
import { isDoubleMark, outcomeOf } from "./scoring";
import { paperKey } from "./store";
import { resultFilterSql, toMarks } from "./winners";

/** One decimal of a share, 0 when there is nothing to share. */
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0);

/** The sheets of the level in the viewer's region under the filters, as `a`. */
function insightWhere(yearId: number, assigned: Assignments | null, filters: InsightFilters): SQL {
  const parts = [
    sql`a.exam_year_id = ${yearId}`,
    sql`a.exam_kind = ${filters.level}`,
    assignedSql("a", assigned),
    ...resultFilterSql("a", filters),
  ];
  if (filters.language) parts.push(sql`a.language = ${filters.language}`);
  return sql.join(parts, sql` and `);
}

type PaperSetSheets = { id: number; code: string; class_level: number; sheets: number };

async function paperSetsUnder(db: DbOrTx, where: SQL): Promise<PaperSetSheets[]> {
  const rows = await queryRows<PaperSetSheets>(
    db,
    sql`select ps.id, ps.code, ps.class_level, count(*)::int as sheets
        from answer_sheets a join paper_sets ps on ps.id = a.paper_set_id
        where ${where} group by ps.id, ps.code, ps.class_level order by count(*) desc, ps.code`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    code: r.code,
    class_level: Number(r.class_level),
    sheets: Number(r.sheets),
  }));
}

/**
 * Per question of one paper set: right answers, each option's marks, blanks and double marks over
 * the sheets of the filters. The paper set is the one asked for, else the one with most sheets.
 */
export async function mockInsight(db: DbOrTx, viewer: RegionViewer, body: MockInsightBody): Promise<MockInsight> {
  const { year, assigned } = await regionContext(db, viewer);
  const where = insightWhere(year.id, assigned, body);
  const paperSets = await paperSetsUnder(db, where);
  const chosenId = body.paper_set_id ?? paperSets[0]?.id;
  if (!chosenId) return { level: body.level, paper_set: null, paper_sets: [], sheets: 0, questions: [] };
  const key = await paperKey(db, chosenId);
  if (key.examKind !== body.level) {
    throw invalidField("paper_set_id", `Paper set ${key.code} is not a paper of this level: choose one of the list`);
  }
  // One row per question and distinct answer: a few dozen per question, whatever the sheets.
  const counts = await queryRows<{ number: number; answer: string; sheets: number }>(
    db,
    sql`select q.n::int as number, q.answer, count(*)::int as sheets
        from answer_sheets a cross join lateral unnest(string_to_array(a.answers, ',')) with ordinality as q(answer, n)
        where ${where} and a.paper_set_id = ${key.id}
        group by 1, 2`,
  );
  const byQuestion = new Map<number, { answer: string; sheets: number }[]>();
  for (const row of counts) {
    const number = Number(row.number);
    byQuestion.set(number, [
      ...(byQuestion.get(number) ?? []),
      { answer: row.answer ?? "", sheets: Number(row.sheets) },
    ]);
  }
  const listed = paperSets.find((p) => p.id === key.id);
  const sheets = listed?.sheets ?? 0;
  const questions: QuestionInsight[] = key.sections.flatMap((section) =>
    section.questions.map((question) => {
      const answers = byQuestion.get(question.number) ?? [];
      const sum = (test: (answer: string) => boolean) =>
        answers.reduce((n, a) => n + (test(a.answer) ? a.sheets : 0), 0);
      const blank = sum((a) => a === "");
      const correct = sum((a) => outcomeOf(section.answerRule, a, question.correct) === "right");
      // A double mark ("*", or two letters where one is asked) is counted once, under Double, and
      // in no option's column, as the scoring counts it (decision 022).
      const double = (a: string) => isDoubleMark(section.answerRule, a);
      return {
        number: question.number,
        section: section.label,
        key: [...question.correct].sort().join(""),
        answered: sheets - blank,
        correct,
        correct_percent: percent(correct, sheets),
        options: OPTION_LETTERS.map((option) => {
          const count = sum((a) => !double(a) && a.includes(option));
          return { option, count, percent: percent(count, sheets) };
        }),
        blank,
        double: sum(double),
      };
    }),
  );
  return {
    level: body.level,
    paper_set: listed ?? { id: key.id, code: key.code, class_level: key.classLevel, sheets: 0 },
    paper_sets: paperSets,
    sheets,
    questions,
  };
}

/** A level's results in the viewer's region: spread, bands of the paper's marks, who qualified. */
export async function examResultInsights(
  db: DbOrTx,
  viewer: RegionViewer,
  filters: InsightFilters,
): Promise<ExamResultInsights> {
  const { year, assigned } = await regionContext(db, viewer);
  const where = insightWhere(year.id, assigned, filters);
  // Each paper's full marks in hundredths: its questions times their section's marks.
  const full = sql`select s.paper_set_id, sum(round(s.marks_per_question * 100)::int * (
      select count(*) from paper_set_questions q where q.section_id = s.id))::int as full_marks
    from paper_sections s where s.paper_set_id in (select distinct a.paper_set_id from answer_sheets a where ${where})
    group by s.paper_set_id`;
  const [summary] = await queryRows<Record<string, unknown>>(
    db,
    sql`select count(*)::int as sheets, avg(a.total) as average,
          percentile_cont(0.5) within group (order by a.total) as median, max(a.total) as highest,
          min(a.total) as lowest, count(*) filter (where not (false = any(a.section_counted)))::int as qualified
        from answer_sheets a where ${where}`,
  );
  const bands = await queryRows<{ band: number; sheets: number }>(
    db,
    sql`with full_marks as (${full})
        select least(greatest(floor(a.total * ${SCORE_BANDS}::numeric / nullif(f.full_marks, 0)), 0), ${SCORE_BANDS - 1})::int
          as band, count(*)::int as sheets
        from answer_sheets a join full_marks f on f.paper_set_id = a.paper_set_id
        where ${where} group by 1`,
  );
  const byClass = await queryRows<Record<string, unknown>>(
    db,
    sql`select a.class_level, count(*)::int as sheets, avg(a.total) as average, max(a.total) as highest
        from answer_sheets a where ${where} group by 1 order by 1`,
  );
  const paperSets = await queryRows<Record<string, unknown>>(
    db,
    sql`with full_marks as (${full})
        select ps.id, ps.code, ps.class_level, count(*)::int as sheets, coalesce(f.full_marks, 0) as full_marks
        from answer_sheets a join paper_sets ps on ps.id = a.paper_set_id
        left join full_marks f on f.paper_set_id = ps.id
        where ${where} group by ps.id, ps.code, ps.class_level, f.full_marks order by count(*) desc, ps.code`,
  );
  const sheets = Number(summary?.sheets ?? 0);
  const qualified = Number(summary?.qualified ?? 0);
  const inBand = new Map(bands.map((b) => [Number(b.band), Number(b.sheets)]));
  return {
    level: filters.level,
    exam_year: year.label,
    sheets,
    average: toMarks(summary?.average as string | null),
    median: toMarks(summary?.median as number | null),
    highest: toMarks(summary?.highest as number | null),
    lowest: toMarks(summary?.lowest as number | null),
    qualified,
    qualified_percent: percent(qualified, sheets),
    bands: Array.from({ length: SCORE_BANDS }, (_, band) => {
      const n = inBand.get(band) ?? 0;
      return { band, label: scoreBandLabel(band), sheets: n, percent: percent(n, sheets) };
    }),
    by_class: byClass.map((row) => ({
      class_level: Number(row.class_level),
      sheets: Number(row.sheets),
      average: toMarks(row.average as string | null),
      highest: toMarks(row.highest as number | null),
    })),
    paper_sets: paperSets.map((row) => ({
      id: Number(row.id),
      code: String(row.code),
      class_level: Number(row.class_level),
      sheets: Number(row.sheets),
      full_marks: toMarks(row.full_marks as number),
    })),
  };
}
