import { z } from "zod";
import { idField, wholeNumber } from "./ids";
import { LANGUAGE_CODES } from "./languages";
import { pageField, paginated, perPageField } from "./pagination";
import { EXAM_LEVEL_CODES } from "./papers-constants";
import {
  DEFAULT_AWARD,
  DEFAULT_INSIGHT_LEVEL,
  DEFAULT_RANKED_LEVEL,
  OPTION_LETTERS,
  QUESTION_OUTCOMES,
  type QuestionOutcome,
} from "./result-winners-constants";
import { AWARD_CODES, RANKED_LEVELS } from "./results-constants";
import { CLASS_LEVELS } from "./students-constants";

/**
 * Winners (result-winner-tab), the Ranking pages (state-district …), the insights
 * (student-mock-insight, get-exam-result-insights) and one student's explained score
 * (student-result/{student_id}). Marks are in marks (19.5), not the hundredths the tables keep.
 */

/** Pickers and links post "" for "not chosen". */
const blank = (value: unknown) => (value === "" || value === null ? undefined : value);
const anId = (name: string) => idField(name, `${name} must be an id`);
const optionalId = (name: string) => z.preprocess(blank, anId(name).optional());

const rankedLevel = z.preprocess(
  blank,
  z.enum(RANKED_LEVELS, { error: "level must be level1 or level2" }).default(DEFAULT_RANKED_LEVEL),
);
const anyLevel = (fallback: (typeof EXAM_LEVEL_CODES)[number]) =>
  z.preprocess(blank, z.enum(EXAM_LEVEL_CODES, { error: "level must be mock, level1 or level2" }).default(fallback));
const classField = z.preprocess(
  blank,
  wholeNumber(
    z
      .number({ error: "class_level must be a class from 6 (VI) to 11 (XI)" })
      .int("class_level must be a class from 6 (VI) to 11 (XI)")
      .refine((value) => (CLASS_LEVELS as readonly number[]).includes(value), "Choose a class from VI (6) to XI (11)"),
  ).optional(),
);

/** The region filters every result view takes; each narrows the caller's own region further. */
const regionFilters = {
  zone_id: optionalId("zone_id"),
  state_id: optionalId("state_id"),
  prant_id: optionalId("prant_id"),
  district_id: optionalId("district_id"),
  school_id: optionalId("school_id"),
};
export type ResultRegionFilters = {
  zone_id?: number | undefined;
  state_id?: number | undefined;
  prant_id?: number | undefined;
  district_id?: number | undefined;
  school_id?: number | undefined;
};

const marks = z.number().describe("In marks (19.5), not hundredths");

// ── Winners ────────────────────────────────────────────────────────────────────────────────────

/** The winners list's filters: also the body of its export (POST /api/export/result-winners). */
export const winnersFilters = z.strictObject({
  level: rankedLevel,
  award: z.preprocess(
    blank,
    z.enum(AWARD_CODES, { error: `award must be one of ${AWARD_CODES.join(", ")}` }).default(DEFAULT_AWARD),
  ),
  class_level: classField,
  ...regionFilters,
});
export type WinnersFilters = z.infer<typeof winnersFilters>;

export const winnersQuery = winnersFilters.extend({ page: pageField, per_page: perPageField });
export type WinnersQuery = z.infer<typeof winnersQuery>;

export const winnerRow = z.object({
  sheet_id: z.number().int(),
  student_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  roll_number: z.string(),
  class_level: z.number().int(),
  /** The state, district or school the award is given per. */
  group_id: z.number().int(),
  group_name: z.string(),
  /** Competition position in the group (1 + how many did better): what the cut-off is taken at. */
  position: z.number().int(),
  /** Dense rank in the group. */
  rank: z.number().int(),
  total: marks,
  section_a: marks,
  wrong_count: z.number().int(),
  school_id: z.number().int().nullable(),
  school_name: z.string(),
  district_id: z.number().int().nullable(),
  district: z.string().nullable(),
  state_id: z.number().int(),
  state: z.string(),
  /** The award's places, and how many of this group and class took it (more when a tie is taken whole). */
  places: z.number().int(),
  taken: z.number().int(),
  /** In the tie at the last place that took the group beyond its places. */
  tie_at_cutoff: z.boolean(),
});
export type WinnerRow = z.infer<typeof winnerRow>;
export const winnersPage = paginated(winnerRow);

// ── Ranking pages ──────────────────────────────────────────────────────────────────────────────

export const rankingStatesQuery = z.strictObject({ level: rankedLevel });
export type RankingStatesQuery = z.infer<typeof rankingStatesQuery>;

export const rankingStateRow = z.object({
  state_id: z.number().int(),
  state: z.string(),
  zone: z.string(),
  sheets: z.number().int(),
  top_total: marks,
  average: marks,
  districts_with_results: z.number().int(),
});
export type RankingStateRow = z.infer<typeof rankingStateRow>;

export const rankingDistrictsQuery = z.strictObject({ level: rankedLevel, state_id: anId("state_id") });
export type RankingDistrictsQuery = z.infer<typeof rankingDistrictsQuery>;

export const rankingDistrictRow = z.object({
  district_id: z.number().int(),
  district: z.string(),
  prant: z.string(),
  sheets: z.number().int(),
  top_total: marks,
  average: marks,
  schools_with_results: z.number().int(),
  /** The classes with sheets: each opens the district's rank list of that class. */
  classes: z.array(z.number().int()),
});
export type RankingDistrictRow = z.infer<typeof rankingDistrictRow>;

export const rankingDistricts = z.object({
  state: z.object({ id: z.number().int(), name: z.string() }),
  items: z.array(rankingDistrictRow),
});

/** The district rank list's filters: also the body of its export (POST /api/export/district-rankers). */
export const districtRankerFilters = z.strictObject({
  level: rankedLevel,
  district_id: anId("district_id"),
  class_level: classField,
});
export type DistrictRankerFilters = z.infer<typeof districtRankerFilters>;
export const districtRankerQuery = districtRankerFilters.extend({ page: pageField, per_page: perPageField });
export type DistrictRankerQuery = z.infer<typeof districtRankerQuery>;

export const districtRankerRow = z.object({
  sheet_id: z.number().int(),
  student_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  roll_number: z.string(),
  class_level: z.number().int(),
  /** Dense rank in the district and class. */
  district_rank: z.number().int(),
  district_position: z.number().int(),
  state_rank: z.number().int(),
  total: marks,
  section_a: marks,
  wrong_count: z.number().int(),
  school_name: z.string(),
  /** The awards the sheet earned, highest first (AWARDS codes). */
  awards: z.array(z.enum(AWARD_CODES)),
});
export type DistrictRankerRow = z.infer<typeof districtRankerRow>;
export const districtRankerPage = paginated(districtRankerRow).extend({
  district: z.object({ id: z.number().int(), name: z.string(), state_id: z.number().int(), state: z.string() }),
  /** The district's classes with sheets of the level. */
  classes: z.array(z.object({ class_level: z.number().int(), sheets: z.number().int() })),
});

// ── Insights ───────────────────────────────────────────────────────────────────────────────────

/** The insights' filters (get-exam-result-insights' query; student-mock-insight adds the paper set). */
export const insightFilters = z.strictObject({
  level: anyLevel(DEFAULT_INSIGHT_LEVEL),
  class_level: classField,
  language: z.preprocess(blank, z.enum(LANGUAGE_CODES, { error: "Choose one of the 14 languages" }).optional()),
  ...regionFilters,
});
export type InsightFilters = z.infer<typeof insightFilters>;

export const mockInsightBody = insightFilters.extend({
  /** The paper set whose questions are looked at; by default the one with the most sheets. */
  paper_set_id: optionalId("paper_set_id"),
});
export type MockInsightBody = z.infer<typeof mockInsightBody>;

const paperSetSheets = z.object({
  id: z.number().int(),
  code: z.string(),
  class_level: z.number().int(),
  sheets: z.number().int(),
});

const OPTION_CODES = [...OPTION_LETTERS] as [(typeof OPTION_LETTERS)[number], ...(typeof OPTION_LETTERS)[number][]];

export const questionInsight = z.object({
  number: z.number().int(),
  section: z.string(),
  /** The correct options ("B", "AC"). */
  key: z.string(),
  answered: z.number().int(),
  correct: z.number().int(),
  /** Of all the sheets, one decimal. */
  correct_percent: z.number(),
  /**
   * Sheets that marked each option; on a multiple-answer question a sheet marking two options
   * counts for both, and a double mark counts under `double` only.
   */
  options: z.array(z.object({ option: z.enum(OPTION_CODES), count: z.number().int(), percent: z.number() })),
  blank: z.number().int(),
  /** Double marks (decision 022): "*", or two or more letters on a single-answer question. */
  double: z.number().int(),
});
export type QuestionInsight = z.infer<typeof questionInsight>;

export const mockInsight = z.object({
  level: z.enum(EXAM_LEVEL_CODES),
  /** The paper set looked at; null when no sheet matches the filters. */
  paper_set: paperSetSheets.nullable(),
  /** Every paper set with sheets under the filters, most sheets first: the paper set picker. */
  paper_sets: z.array(paperSetSheets),
  sheets: z.number().int(),
  questions: z.array(questionInsight),
});
export type MockInsight = z.infer<typeof mockInsight>;

export const examResultInsights = z.object({
  level: z.enum(EXAM_LEVEL_CODES),
  exam_year: z.string(),
  sheets: z.number().int(),
  average: marks,
  median: marks,
  highest: marks,
  lowest: marks,
  /** Sheets whose qualifying rules were met (every section counted; Level 1: Section A ≥ 20). */
  qualified: z.number().int(),
  qualified_percent: z.number(),
  /** Sheets per tenth of their paper's full marks (0–10 %, …, 90–100 %; below 0 counts in the first). */
  bands: z.array(
    z.object({
      band: z.number().int(),
      label: z.string(),
      sheets: z.number().int(),
      percent: z.number(),
    }),
  ),
  by_class: z.array(
    z.object({
      class_level: z.number().int(),
      sheets: z.number().int(),
      average: marks,
      highest: marks,
    }),
  ),
  paper_sets: z.array(paperSetSheets.extend({ full_marks: marks })),
});
export type ExamResultInsights = z.infer<typeof examResultInsights>;

// ── One student's explained score ──────────────────────────────────────────────────────────────

export const studentResultQuery = z.strictObject({ level: anyLevel("level1") });
export type StudentResultQuery = z.infer<typeof studentResultQuery>;

const OUTCOME_CODES = /* @__PURE__ */ QUESTION_OUTCOMES.map((o) => o.code) as [QuestionOutcome, ...QuestionOutcome[]];

export const explainedQuestion = z.object({
  number: z.number().int(),
  section: z.string(),
  /** What the sheet marked: letters ("BD"), "" blank, "*" double mark. */
  marked: z.string(),
  key: z.string(),
  outcome: z.enum(OUTCOME_CODES),
  marks,
});
export type ExplainedQuestion = z.infer<typeof explainedQuestion>;

export const explainedSection = z.object({
  label: z.string(),
  /** The section's own marks, counted or not. */
  marks,
  counted: z.boolean(),
  /** "Counted", or why not: "Not counted (Section A below 20)". */
  note: z.string(),
  right: z.number().int(),
  wrong: z.number().int(),
  blank: z.number().int(),
  questions: z.number().int(),
  full_marks: marks,
});

export const studentResult = z.object({
  student: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    roll_number: z.string(),
    class_level: z.number().int(),
    language: z.string(),
    school_id: z.number().int().nullable(),
    school_name: z.string(),
    district: z.string().nullable(),
    state: z.string(),
  }),
  level: z.enum(EXAM_LEVEL_CODES),
  exam_year: z.string(),
  paper_set: z.object({ id: z.number().int(), code: z.string() }),
  total: marks,
  full_marks: marks,
  right: z.number().int(),
  wrong: z.number().int(),
  blank: z.number().int(),
  sections: z.array(explainedSection),
  questions: z.array(explainedQuestion),
  /** Null for a mock (never ranked) or before the level is ranked. */
  ranks: z
    .object({
      school_rank: z.number().int().nullable(),
      school_position: z.number().int().nullable(),
      district_rank: z.number().int().nullable(),
      district_position: z.number().int().nullable(),
      prant_rank: z.number().int().nullable(),
      state_rank: z.number().int(),
      state_position: z.number().int(),
      zone_rank: z.number().int(),
      national_rank: z.number().int(),
    })
    .nullable(),
  /** The awards earned, highest first. */
  awards: z.array(z.object({ code: z.enum(AWARD_CODES), name: z.string() })),
});
export type StudentResult = z.infer<typeof studentResult>;
