/**
 * Winners, rankings, insights and the explained score (issue 15): fixed values without zod, so
 * that screens import them cheaply (decision 007).
 */
import type { ExamLevel } from "./fees";
import { OPTION_KEYS } from "./option-keys-constants";
import { AWARDS, type AwardCode, type RANKED_LEVELS } from "./results-constants";

/** Winners and the ranking pages read a ranked level; Level 1 unless the picker says otherwise. */
export const DEFAULT_RANKED_LEVEL = "level1" satisfies (typeof RANKED_LEVELS)[number];
export type RankedLevel = (typeof RANKED_LEVELS)[number];

/** The insight page looks at the mock first: it is what schools practise with before Level 1. */
export const INSIGHT_LEVELS = ["mock", "level1", "level2"] as const satisfies readonly ExamLevel[];
export const DEFAULT_INSIGHT_LEVEL = "mock" satisfies ExamLevel;

/** The winners page opens on the highest award. */
export const DEFAULT_AWARD: AwardCode = AWARDS[0].code;

/** The options an answer sheet can mark (a question's option keys); the insight counts each per question. */
export const OPTION_LETTERS = OPTION_KEYS;
export type OptionLetter = (typeof OPTION_LETTERS)[number];

/** The score distribution's bands: tenths of the paper's full marks (0–10 %, …, 90–100 %). */
export const SCORE_BANDS = 10;

/** A band's label: "0–10 %" … "90–100 %". */
export const scoreBandLabel = (band: number): string =>
  `${(band * 100) / SCORE_BANDS}–${((band + 1) * 100) / SCORE_BANDS} %`;

/** What a winners list says of a group whose tie at the last place took more than the places. */
export const tieAtCutoffNote = (places: number, taken: number): string =>
  `Tied at the cut-off: ${places} places, ${taken} taken`;

/** The award's entry in AWARDS (its name, places and the group it is given per). */
export const awardOf = (code: AwardCode) => AWARDS.find((a) => a.code === code) ?? AWARDS[0];

/** How a section that did not count is explained ("Not counted (Section A below 20)"). */
export const notCountedNote = (gateSection: string, marks: number): string =>
  `Not counted (Section ${gateSection} below ${marks})`;

export const RESULT_VIEW_MESSAGES = {
  noStudent: "No such student in your region",
  noSheet: (level: string) => `This student has no ${level} answer sheet`,
  noState: "No such state in your region",
  noDistrict: "No such district in your region",
  noPaperSet: "No answer sheets of that paper set match the filters",
} as const;

/** What happened to one question of a sheet (scoring.ts Outcome), as the explained score names it. */
export const QUESTION_OUTCOMES = [
  { code: "right", name: "Right" },
  { code: "wrong", name: "Wrong" },
  { code: "blank", name: "Not answered" },
  { code: "double", name: "Double mark" },
] as const;
export type QuestionOutcome = (typeof QUESTION_OUTCOMES)[number]["code"];
export const outcomeName = (code: string): string => QUESTION_OUTCOMES.find((o) => o.code === code)?.name ?? code;
