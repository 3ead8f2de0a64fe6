import { newQuestionPath, questionListPath, questionPath, translatePath } from "@repo/auth/paper-paths";
import type { ExamLevel } from "@repo/contracts/fees";
import { examLevelLabel, TRANSLATION_FILTERS } from "@repo/contracts/papers-constants";
import { CLASS_LEVELS, classLabel } from "@repo/contracts/students-constants";
import type { BadgeTone } from "@repo/ui/badge";

/** Classes VI to XI as the pickers offer them (class_id 6-11). */
export const CLASS_OPTIONS = CLASS_LEVELS.map((id) => ({ value: String(id), label: `Class ${classLabel(id)}` }));

export const classText = (id: number) => `Class ${classLabel(id)}`;

/** "Level 1", "Level 2", "Mock exam". */
export const levelText = (level: ExamLevel | string) => examLevelLabel(level);

/** Short names of the answer types for the list's column. */
export const TYPE_SHORT: Record<string, string> = {
  single: "Single",
  multiple: "Multiple",
  at_least: "At least one",
};

export const DIFFICULTY_OPTIONS = [
  { value: "easy", label: "Easy" },
  { value: "medium", label: "Medium" },
  { value: "hard", label: "Hard" },
];

export const difficultyText = (code: string) => DIFFICULTY_OPTIONS.find((d) => d.value === code)?.label ?? code;

export const STATUS_OPTIONS = [
  { value: "draft", label: "Draft" },
  { value: "reviewed", label: "Reviewed" },
];

export const STATUS_BADGE: Record<string, { tone: BadgeTone; label: string }> = {
  draft: { tone: "warning", label: "Draft" },
  reviewed: { tone: "success", label: "Reviewed" },
};

export const TRANSLATION_OPTIONS = TRANSLATION_FILTERS.map((s) => ({ value: s.code, label: s.name }));

/** A translation's state as a badge: the word says it, the colour only helps. */
export const TRANSLATION_BADGE: Record<string, { tone: BadgeTone; label: string }> = {
  missing: { tone: "neutral", label: "Missing" },
  draft: { tone: "info", label: "Draft" },
  done: { tone: "success", label: "Done" },
  stale: { tone: "danger", label: "Stale" },
};

/** Languages a question is translated into (all but English). */
export const TRANSLATED_LANGUAGE_COUNT = 13;

export const questionHref = (id: number, extra?: Record<string, string>) =>
  extra ? `${questionPath(id)}&${new URLSearchParams(extra)}` : questionPath(id);
export const newQuestionHref = (level: ExamLevel) => newQuestionPath(level);
export const translateHref = (questionId: number, languageId: number) => translatePath(questionId, languageId);
/** The list a question belongs to, for the way back. */
export const listHref = (level: ExamLevel) => questionListPath(level);

/**
 * A set that holds the question, as its page lists them: "L1-VIII-A (finalized, prints v3)", or
 * "L1-VIII-B (draft)" (a draft takes the newest version; decision 061).
 */
export const paperSetText = (set: { code: string; status: string; printed_version: number | null }) =>
  set.printed_version == null
    ? `${set.code} (${set.status})`
    : `${set.code} (${set.status}, prints v${set.printed_version})`;
