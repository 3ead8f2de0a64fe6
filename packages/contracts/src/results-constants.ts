/**
 * Results' fixed values (issue 15, docs/decisions/022-scoring-and-ranking.md),
 * without zod so that screens can import them cheaply (decision 007).
 */
import type { ExamLevel } from "./fees";
import { COUNTED, countOf, pluralWord } from "./plural";

/**
 * The scanning vendors' answer-sheet layouts, chosen at upload. `default` is one line per sheet:
 * roll number, paper-set code, then one field per question, comma-separated.
 */
export const RESULT_SHEET_FORMATS = [
  {
    code: "default",
    name: "Comma-separated (roll, paper set, answers A–F in capitals)",
    example: "KA08000123,L1-VIII-A,A,C,,BD,*",
  },
  { code: "semicolon", name: "Semicolon-separated", example: "KA08000123;L1-VIII-A;A;C;;BD;*" },
  { code: "tab", name: "Tab-separated", example: "KA08000123⇥L1-VIII-A⇥A⇥C⇥⇥BD⇥*" },
  {
    code: "omr-fixed",
    name: "Fixed columns (roll 1–10, paper set 11–22, one column per answer, 1–6 for A–F)",
    example: "KA08000123L1-VIII-A   13 2*",
  },
] as const;
export type ResultSheetFormat = (typeof RESULT_SHEET_FORMATS)[number]["code"];
export const RESULT_SHEET_FORMAT_CODES = /* @__PURE__ */ RESULT_SHEET_FORMATS.map((f) => f.code) as [
  ResultSheetFormat,
  ...ResultSheetFormat[],
];

export const ANSWER_UPLOAD_STATUSES = [
  { code: "checking", name: "Checking" },
  { code: "checked", name: "Checked, waiting for confirmation" },
  { code: "storing", name: "Storing and scoring" },
  { code: "stored", name: "Stored" },
  { code: "failed", name: "Failed" },
  { code: "deleted", name: "Deleted" },
] as const;
export type AnswerUploadStatus = (typeof ANSWER_UPLOAD_STATUSES)[number]["code"];

/** The kinds of problem a dry run reports, in the report's order. */
export const SHEET_PROBLEM_KINDS = [
  { code: "malformed", name: "Lines that could not be read" },
  { code: "unknown_roll", name: "Unknown roll numbers" },
  { code: "unpaid", name: "Students who have not paid" },
  { code: "wrong_paper", name: "Wrong paper sets: code, class, answer count or options" },
  { code: "replaced_in_file", name: "Earlier lines of a roll number repeated later in the file" },
] as const;
export type SheetProblemKind = (typeof SHEET_PROBLEM_KINDS)[number]["code"];

export const RESULT_LIMITS = {
  /** An answer-sheet file: about 1,000,000 sheets of 100 answers in the default layout. */
  maxUploadBytes: 256 * 1024 * 1024,
  /** Problems of each kind kept in the report shown on screen; the problems file has them all. */
  problemsShown: 200,
  /** Uploads listed on the upload screen. */
  recentUploads: 50,
} as const;

/** The answer-sheet form's message for a missing file: the file is told by content, not by name (decision 058). */
export const NO_ANSWER_FILE = "Choose the vendor's answer-sheet file (a text file, whatever its name) to upload";

/**
 * What deleting an upload did: the sheets it still held went, or, for an upload never stored
 * (discarded after its check), that nothing was (issue 36 item 5).
 */
export const deletedUploadMessage = (sheets: number): string =>
  sheets === 0
    ? "The upload is discarded: none of its sheets was stored, so nothing was deleted."
    : `${countOf(sheets, COUNTED.answerSheet)} ${pluralWord(sheets, COUNTED.was)} deleted, and the level was ranked again.`;

export const RESULT_JOBS = {
  check: "answer-sheets.check",
  store: "answer-sheets.store",
} as const;

/** The exam levels that are ranked and awarded; a mock never is (docs/domain.md, Exams, scoring and awards). */
export const RANKED_LEVELS = ["level1", "level2"] as const satisfies readonly ExamLevel[];

/**
 * The awards, from the highest: what a merit certificate says and who gets it (docs/domain.md, Exams, scoring and awards). The
 * places are positions within `per` and the class; a tie at the last place is taken whole.
 */
export const AWARDS = [
  { code: "national_camp", name: "National camp", per: "state", places: 2 },
  { code: "state_camp", name: "State camp", per: "state", places: 20 },
  { code: "district_winner", name: "District winner", per: "district", places: 3 },
  { code: "school_topper", name: "School topper", per: "school", places: 3 },
] as const;
export type AwardCode = (typeof AWARDS)[number]["code"];
export const AWARD_CODES = /* @__PURE__ */ AWARDS.map((a) => a.code) as [AwardCode, ...AwardCode[]];

/** The levels of the region tree a rank is given at, narrowest first. */
export const RANK_SCOPES = [
  { code: "school", name: "School" },
  { code: "district", name: "District" },
  { code: "prant", name: "Prant" },
  { code: "state", name: "State" },
  { code: "zone", name: "Zone" },
  { code: "national", name: "National" },
] as const;
export type RankScope = (typeof RANK_SCOPES)[number]["code"];

/**
 * reset-exam?level=level-1: the page's level parameter, and the words an admin types to confirm
 * that it deletes the level's sheets and results of the exam year.
 */
export const RESET_LEVELS = [
  { param: "level-1", level: "level1", confirm: "Level 1" },
  { param: "level-2", level: "level2", confirm: "Level 2" },
  { param: "mock", level: "mock", confirm: "Mock" },
] as const satisfies readonly { param: string; level: ExamLevel; confirm: string }[];

/** The public certificate check in the school app; the QR code on each certificate points here. */
export const VERIFY_PATH = "/verify";
export const verifyPath = (code: string) => `${VERIFY_PATH}/${encodeURIComponent(code)}`;

/** Marks are stored in hundredths (decision 022); screens show them as marks. */
export const marksOf = (hundredths: number): number => hundredths / 100;
