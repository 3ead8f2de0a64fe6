/**
 * Paper setting's fixed values and defaults, without zod so that screens can import them cheaply
 * (docs/decisions/007-contracts-constants-without-zod.md). docs/domain.md, Exams, scoring and awards gives the defaults; they are
 * copied into each paper set's sections as data, so a set can change them without a code change.
 */
import { EXAM_LEVELS, type ExamLevel } from "./fees";
import type { LanguageCode } from "./languages";
import { OPTION_KEYS } from "./option-keys-constants";
import { en as PAPER_WORDS_EN } from "./paper-words/en";
import { qualifyingRuleIn } from "./paper-words/qualifying";

/** Questions and paper sets belong to an exam level: mock, Level 1 or Level 2 (fees.ts EXAM_LEVELS). */
export const EXAM_LEVEL_CODES = /* @__PURE__ */ EXAM_LEVELS.map((k) => k.code) as [ExamLevel, ...ExamLevel[]];

export function examLevelLabel(code: string): string {
  return EXAM_LEVELS.find((k) => k.code === code)?.name ?? code;
}

/**
 * The question bank's filters (docs/domain.md, Paper sets) name an exam by `is_mock` and `class_level` (1 = Level 1, 2 = Level 2):
 * mock papers are practice for Level 1.
 */
export function examLevelOf(isMock: boolean, level: 1 | 2): ExamLevel {
  if (isMock) return "mock";
  return level === 2 ? "level2" : "level1";
}

/** How a question's correct answer is marked (question/get-question-type). */
export const QUESTION_TYPES = [
  // The rules are the paper's printed words in English (paper-words, decision 062), written once.
  { code: "single", name: "Single correct answer", rule: PAPER_WORDS_EN.answerRules.single },
  { code: "multiple", name: "Multiple correct answers", rule: PAPER_WORDS_EN.answerRules.multiple },
  { code: "at_least", name: "At least one correct answer", rule: PAPER_WORDS_EN.answerRules.at_least },
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number]["code"];
export const QUESTION_TYPE_CODES = /* @__PURE__ */ QUESTION_TYPES.map((t) => t.code) as [
  QuestionType,
  ...QuestionType[],
];

export const DIFFICULTIES = [
  { code: "easy", name: "Easy" },
  { code: "medium", name: "Medium" },
  { code: "hard", name: "Hard" },
] as const;
export type Difficulty = (typeof DIFFICULTIES)[number]["code"];
export const DIFFICULTY_CODES = /* @__PURE__ */ DIFFICULTIES.map((d) => d.code) as [Difficulty, ...Difficulty[]];

/** A question is written (draft), then reviewed by the papersetter admin or sub admin. */
export const QUESTION_STATUSES = [
  { code: "draft", name: "Draft" },
  { code: "reviewed", name: "Reviewed" },
] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number]["code"];

/**
 * A translation's state for one language. `stale`: the English source changed after the
 * translation was saved; it counts as missing until a translator confirms it again.
 */
export const TRANSLATION_STATUSES = [
  { code: "missing", name: "Missing" },
  { code: "draft", name: "Draft" },
  { code: "done", name: "Done" },
  { code: "stale", name: "Stale" },
] as const;
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number]["code"];

/**
 * The question list's translation filter: one state, or all but done (what is left to translate:
 * missing, draft or stale), which the dashboard's "not yet translated" links open.
 */
export const TRANSLATION_FILTERS = [
  ...TRANSLATION_STATUSES,
  { code: "not_done", name: "Not done (missing, draft or stale)" },
] as const;
export type TranslationFilter = (typeof TRANSLATION_FILTERS)[number]["code"];
export const TRANSLATION_FILTER_CODES = /* @__PURE__ */ TRANSLATION_FILTERS.map((f) => f.code) as [
  TranslationFilter,
  ...TranslationFilter[],
];

export const PAPER_SET_STATUSES = [
  { code: "draft", name: "Draft" },
  { code: "finalized", name: "Finalized" },
] as const;
export type PaperSetStatus = (typeof PAPER_SET_STATUSES)[number]["code"];

/** The source language: questions are written in English and translated from it. */
export const SOURCE_LANGUAGE: LanguageCode = "en";

/** Options a question may have, and their keys in order (option-keys-constants.ts). */
export { OPTION_KEYS };
export const QUESTION_LIMITS = {
  minOptions: 2,
  maxOptions: OPTION_KEYS.length,
  /** Characters of sanitised HTML in a question's text, an option, an explanation. */
  textChars: 20_000,
  optionChars: 5_000,
  explanationChars: 20_000,
  maxMarks: 20,
  searchChars: 100,
} as const;

/** One section's marks rule as data (docs/domain.md, Exams, scoring and awards). */
export interface SectionRule {
  label: string;
  title: string;
  questionCount: number;
  marksPerQuestion: number;
  negativeMarks: number;
  answerRule: QuestionType;
  /** Counts only when the section with this label reaches `countsIfMarks`. */
  countsIfSection?: string;
  countsIfMarks?: number;
}

export interface PaperDefaults {
  durationMinutes: number;
  sections: SectionRule[];
}

/** The defaults a new paper set starts from (docs/domain.md, Exams, scoring and awards); each set keeps its own copy. */
export const PAPER_DEFAULTS: Record<ExamLevel, PaperDefaults> = {
  level1: {
    durationMinutes: 90,
    sections: [
      {
        label: "A",
        title: "Section A",
        questionCount: 40,
        marksPerQuestion: 1,
        negativeMarks: 0,
        answerRule: "single",
      },
      {
        label: "B",
        title: "Section B",
        questionCount: 60,
        marksPerQuestion: 1,
        negativeMarks: 0,
        answerRule: "single",
        countsIfSection: "A",
        countsIfMarks: 20,
      },
    ],
  },
  level2: {
    durationMinutes: 45,
    sections: [
      {
        label: "A",
        title: "Section A",
        questionCount: 15,
        marksPerQuestion: 2,
        negativeMarks: 0.5,
        answerRule: "multiple",
      },
      {
        label: "B",
        title: "Section B",
        questionCount: 35,
        marksPerQuestion: 2,
        negativeMarks: 0.5,
        answerRule: "multiple",
      },
    ],
  },
  // Mock papers are practice for Level 1: the same shape and rules.
  get mock() {
    return PAPER_DEFAULTS.level1;
  },
};

/** A new set's section rows (the database's column names), from its level's defaults. */
export function defaultSectionRows(level: ExamLevel) {
  return PAPER_DEFAULTS[level].sections.map((s, position) => ({
    label: s.label,
    title: s.title,
    position,
    questionCount: s.questionCount,
    marksPerQuestion: s.marksPerQuestion,
    negativeMarks: s.negativeMarks,
    answerRule: s.answerRule,
    countsIfSection: s.countsIfSection ?? null,
    countsIfMarks: s.countsIfMarks ?? null,
  }));
}

/**
 * The sentence a paper and the set's screen print for a section's qualifying rule, from the set's
 * own stored values (decision 059): "Section B counts only when Section A reaches 20 marks".
 */
export function qualifyingRuleSentence(section: { title: string }, gateLabel: string, marks: number): string {
  return qualifyingRuleIn(PAPER_WORDS_EN, "en", { section: section.title, other: gateLabel, marks });
}

/**
 * Pictures in questions are uploaded through the file service and referred to by this path in the
 * question's HTML; every app serves it from the API (never a pasted data: URL or another site).
 */
export const QUESTION_IMAGE_PATH = "/question-images";
export const QUESTION_IMAGE_MAX_BYTES = 1_000_000;
/** A picture's address as questions store it: the path and a random name the API gave it. */
export const QUESTION_IMAGE_SRC = /^\/question-images\/([a-f0-9]{32}\.(?:png|jpg|webp|gif))$/;
