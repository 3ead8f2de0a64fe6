/**
 * How the paper set screens word a set, its sections and the problems that keep it a draft, and
 * where they link. Plain functions without zod or server code: the lists, the set screen and the
 * loaders share them.
 */

import { paperSetCheckPath, paperSetListPath, paperSetPath, questionPath, translatePath } from "@repo/auth/paper-paths";
import type { ExamLevel } from "@repo/contracts/fees";
import { LANGUAGES, languageIdOf } from "@repo/contracts/languages";
import {
  examLevelLabel,
  QUESTION_TYPES,
  qualifyingRuleSentence,
  SOURCE_LANGUAGE,
} from "@repo/contracts/papers-constants";
import { COUNTED, countOf, pluralWord } from "@repo/contracts/plural";
import { CLASS_LEVELS, classLabel } from "@repo/contracts/students-constants";
import { formatDateTime } from "@repo/ui/format";

/** The page of each level's list, and the list a set belongs to (its breadcrumb back). */
export const LEVEL_LIST_PATHS: Record<ExamLevel, string> = {
  level1: paperSetListPath("level1"),
  level2: paperSetListPath("level2"),
  mock: paperSetListPath("mock"),
};

export const CLASS_OPTIONS = CLASS_LEVELS.map((level) => ({
  value: String(level),
  label: `Class ${classLabel(level)}`,
}));

/** The languages a set may be offered in besides English, which every set has. */
export const OTHER_LANGUAGES = LANGUAGES.filter((l) => l.code !== SOURCE_LANGUAGE).map((l) => ({
  value: l.code,
  label: `${l.name} (${l.native})`,
}));

export { paperSetCheckPath, paperSetPath, questionPath, translatePath };
/** The resource route that streams an export of a set from the API. */
export const EXPORT_PATH = "/paper-set-export";

export function isExamLevel(value: string | null | undefined): value is ExamLevel {
  return value === "level1" || value === "level2" || value === "mock";
}

/** The question bank's filters for a level (docs/domain.md, Paper sets): mock papers are practice for Level 1. */
export function bankFilterOf(level: ExamLevel): { is_mock: 0 | 1; class_level: 1 | 2 } {
  return { is_mock: level === "mock" ? 1 : 0, class_level: level === "level2" ? 2 : 1 };
}

/** "Level 1, class VIII". */
export function setLabel(set: { exam_level: string; class_id: number }): string {
  return `${examLevelLabel(set.exam_level)}, class ${classLabel(set.class_id)}`;
}

const number = (n: number) => (Number.isInteger(n) ? String(n) : String(Number(n.toFixed(2))));
const marks = (n: number) => `${number(n)} ${pluralWord(n, COUNTED.mark)}`;

/** The marks rule of a section as one line: "40 questions, 1 mark each, no negative marks; one correct answer". */
export function ruleLine(section: {
  question_count: number;
  marks_per_question: number;
  negative_marks: number;
  answer_rule: string;
}): string {
  const negative =
    section.negative_marks > 0 ? `${marks(section.negative_marks)} off a wrong answer` : "no negative marks";
  const answer = QUESTION_TYPES.find((t) => t.code === section.answer_rule)?.rule ?? section.answer_rule;
  const count = countOf(section.question_count, COUNTED.question);
  return `${count}, ${marks(section.marks_per_question)} each, ${negative}; ${answer}`;
}

/**
 * "Section B counts only when Section A reaches 20 marks", or null for a section that always
 * counts: the printed paper's sentence, from the set's own values (decision 059).
 */
export function countsIfNote(section: {
  title: string;
  counts_if_section: string | null;
  counts_if_marks: number | null;
}) {
  if (!section.counts_if_section || section.counts_if_marks == null) return null;
  return qualifyingRuleSentence(section, section.counts_if_section, section.counts_if_marks);
}

/** The fields of a section's qualifying-rule form. */
export const RULE_FIELDS = ["counts_if_section", "counts_if_marks"] as const;

/** The sections a section's rule may wait for: every other one of the set, by letter. */
export function gateOptions(sections: readonly { label: string }[], own: string) {
  return [
    { value: "", label: "No rule: always counts" },
    ...sections.filter((s) => s.label !== own).map((s) => ({ value: s.label, label: `Section ${s.label}` })),
  ];
}

/** The first characters of a content hash, as a set's list shows it. */
export const shortHash = (hash: string | null | undefined) => (hash ? hash.slice(0, 12) : "");

/** The language id (1-14) of a language code, from the set's own languages, else the list of 14. */
export function languageIdFor(code: string, languages: readonly { code: string; id: number }[]): number {
  return languages.find((l) => l.code === code)?.id ?? languageIdOf(code);
}

export const languageLabel = (code: string) => LANGUAGES.find((l) => l.code === code)?.name ?? code;

/** A finalize problem as the set screen shows it: the message and where to fix it. */
export interface ProblemView {
  key: string;
  message: string;
  href: string | null;
  linkLabel: string | null;
}

export function problemView(
  problem: {
    code: string;
    message: string;
    question_id: number | null;
    language: string | null;
    section: string | null;
  },
  languages: readonly { code: string; id: number }[],
  index: number,
): ProblemView {
  const key = `${problem.code}-${problem.question_id ?? problem.section ?? ""}-${problem.language ?? ""}-${index}`;
  if (problem.code === "translation" && problem.question_id && problem.language) {
    return {
      key,
      message: problem.message,
      href: translatePath(problem.question_id, languageIdFor(problem.language, languages)),
      linkLabel: `Translate question ${problem.question_id} into ${languageLabel(problem.language)}`,
    };
  }
  if (problem.question_id) {
    return {
      key,
      message: problem.message,
      href: questionPath(problem.question_id),
      linkLabel: `Open question ${problem.question_id}`,
    };
  }
  return { key, message: problem.message, href: null, linkLabel: null };
}

/** Moves the item at `index` one place up (-1) or down (+1); out of range leaves the list as it is. */
export function moved<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** What a set's question says about its version, from the API's printed rows (decision 061). */
interface PrintedVersion {
  version: number;
  newer: { version: number; since: string } | null;
}

/** "v3 printed" in a finalized set, "v3" in a draft (which takes the newest version). */
export const versionLabel = (question: PrintedVersion, finalized: boolean): string =>
  finalized ? `v${question.version} printed` : `v${question.version}`;

/** "v3 printed; v4 exists since 6 Dec 2026, 1:05 pm", or null when the set prints the newest version. */
export function newerNote(question: PrintedVersion): string | null {
  if (!question.newer) return null;
  return `${versionLabel(question, true)}; v${question.newer.version} exists since ${formatDateTime(question.newer.since)}`;
}

interface PrintedTranslations {
  translations: { name: string; version: number | null; status: string }[];
  translations_done: number;
}

/**
 * A finalized set's pinned translations, "1 translation printed: Hindi v1"; a draft's states,
 * "1 of 2 translations done: Hindi done, Urdu stale"; "English only" for a set in English alone.
 */
export function translationsNote(question: PrintedTranslations, finalized: boolean): string {
  const list = question.translations;
  if (finalized) {
    if (list.length === 0) return "No translation printed";
    return `${countOf(list.length, COUNTED.translation)} printed: ${list.map((t) => `${t.name} v${t.version}`).join(", ")}`;
  }
  if (list.length === 0) return "English only";
  const states = list.map((t) => `${t.name} ${t.status}`).join(", ");
  return `${question.translations_done} of ${countOf(list.length, COUNTED.translation)} done: ${states}`;
}
