/**
 * The fixed words a question paper and its answer key print, in English (decision 062): the source
 * every other language's table is checked against (its type). `{name}` marks a value filled in by
 * `fill`; an entry with `one`/`other` is a counted phrase, chosen by the language's plural rules.
 */
import { EXAM_LEVELS, type ExamLevel } from "../fees";

/** The levels' English names are the portal's (fees.ts), written once. */
const levelName = (code: ExamLevel): string => EXAM_LEVELS.find((level) => level.code === code)?.name ?? code;

export const en = {
  kind: { paper: "Question paper", key: "Answer key" },
  examLevels: { level1: levelName("level1"), level2: levelName("level2"), mock: levelName("mock") },
  /** The title: "Level 1 examination 2026-27". */
  title: "{level} examination {year}",
  draft: "(DRAFT, not final)",
  bankTitle: "Question bank, {level}",
  class: "Class",
  language: "Language",
  timeAllowed: "Time allowed",
  maximumMarks: "Maximum marks",
  paperCode: "Paper code",
  rollNumber: "Roll number",
  candidateName: "Candidate's name",
  instructions: "Instructions",
  hours: { one: "{count} hour", other: "{count} hours" },
  minutes: { one: "{count} minute", other: "{count} minutes" },
  /** A section's default title. */
  section: "Section {label}",
  marksEach: { one: "{count} mark each", other: "{count} marks each" },
  marks: { one: "{count} mark", other: "{count} marks" },
  negative: "\u2212{marks} for a wrong answer",
  /** Between the parts of a marking rule. */
  comma: ", ",
  noNegative: "no negative marks",
  answerRules: {
    single: "one correct answer",
    multiple: "one or more correct answers, all must be marked",
    at_least: "one or more correct answers; marking any correct ones and no wrong one scores",
  },
  /** The qualifying rule: "Section B counts only when Section A reaches 20 marks". */
  qualifying: "{section} counts only when Section {other} reaches {marks}",
  keyQuestion: "Q",
  keyAnswer: "Answer",
  explanations: "Explanations",
  explanationHead: "Q {number} · Answer {answer}",
  page: "Page {page} of {pages}",
  imageMissing: "[image not available]",
  /** After a setter's own line that has no translation (a draft proof only; decision 062). */
  untranslated: "(in English: not translated)",
  proofUntranslated: {
    one: "Proof copy: {count} question is not translated yet and prints in English.",
    other: "Proof copy: {count} questions are not translated yet and print in English.",
  },
  bankNote: "Not an exam paper: every question of the subject in the bank, newest versions.",
  /** The instructions a paper prints unless its set has its own (decision 062). */
  standardInstructions: [
    "Write your roll number in the boxes above before you begin.",
    "Every question has options marked (A) to (D); mark your answer on the answer sheet only.",
    "Use a blue or black ball-point pen. Do not use correction fluid.",
    "Calculators, phones and other electronic devices are not allowed.",
    "Hand in the answer sheet to the invigilator before you leave the room.",
  ],
};

export type PaperWords = typeof en;
