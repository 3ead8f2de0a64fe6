import { z } from "zod";
import { idField, wholeNumber } from "./ids";
import { EXAM_LEVEL_CODES } from "./papers-constants";
import {
  ANSWER_UPLOAD_STATUSES,
  type AnswerUploadStatus,
  RESET_LEVELS,
  RESULT_SHEET_FORMAT_CODES,
  SHEET_PROBLEM_KINDS,
  type SheetProblemKind,
} from "./results-constants";

/**
 * Answer-sheet uploads (issue 15, page result-overview/upload-exam-file): the upload form, the dry
 * run's report, confirming, deleting an upload's sheets and resetting a level.
 */

const STATUS_CODES = /* @__PURE__ */ ANSWER_UPLOAD_STATUSES.map((s) => s.code) as [
  AnswerUploadStatus,
  ...AnswerUploadStatus[],
];
const PROBLEM_CODES = /* @__PURE__ */ SHEET_PROBLEM_KINDS.map((k) => k.code) as [
  SheetProblemKind,
  ...SheetProblemKind[],
];

/** The fields posted with the file (multipart) to admin-upload-txt-answersheet. */
export const answerUploadFields = z.strictObject({
  exam_level: z.enum(EXAM_LEVEL_CODES, { error: "exam_level must be level1, level2 or mock" }),
  format: z
    .enum(RESULT_SHEET_FORMAT_CODES, { error: `format must be one of ${RESULT_SHEET_FORMAT_CODES.join(", ")}` })
    .default("default"),
});

export const sheetProblem = z.object({
  kind: z.enum(PROBLEM_CODES),
  line: z.number().int(),
  /** The roll number as the line wrote it ("" when the line could not be read that far). */
  roll: z.string(),
  message: z.string(),
});
export type SheetProblemItem = z.infer<typeof sheetProblem>;

/** The dry run's report: every line of the file is in exactly one of the counts. */
export const answerUploadReport = z.object({
  lines: z.number().int(),
  /** Sheets that would be stored (or were). */
  accepted: z.number().int(),
  /** Of those, roll numbers whose stored sheet of this level they replace. */
  replacing_stored: z.number().int(),
  counts: z.record(z.enum(PROBLEM_CODES), z.number().int()),
  /** Accepted sheets per paper set code. */
  by_paper: z.array(z.object({ code: z.string(), sheets: z.number().int() })),
  /** The first problems of each kind; the problems file has every one. */
  problems: z.array(sheetProblem),
});
export type AnswerUploadReport = z.infer<typeof answerUploadReport>;

export const answerUpload = z.object({
  id: z.number().int(),
  exam_level: z.enum(EXAM_LEVEL_CODES),
  file_name: z.string(),
  file_bytes: z.number().int(),
  format: z.enum(RESULT_SHEET_FORMAT_CODES),
  status: z.enum(STATUS_CODES),
  report: answerUploadReport.nullable(),
  has_problems_file: z.boolean(),
  stored_sheets: z.number().int().nullable(),
  /** Sheets of this upload still stored (a later upload may have replaced some). */
  current_sheets: z.number().int(),
  /** The job working on it now (checking or storing), for its progress bar. */
  job_id: z.number().int().nullable(),
  error: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  confirmed_by: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
});
export type AnswerUploadItem = z.infer<typeof answerUpload>;

export const answerUploadStarted = z.object({ upload_id: z.number().int(), job_id: z.number().int() });

/** answer-sheet-submitted-stats: the stored sheets per level and class, and the uploads. */
export const answerSheetStats = z.object({
  exam_year: z.string(),
  levels: z.array(
    z.object({
      exam_level: z.enum(EXAM_LEVEL_CODES),
      sheets: z.number().int(),
      by_class: z.array(z.object({ class_level: z.number().int(), sheets: z.number().int() })),
    }),
  ),
  uploads: z.array(answerUpload),
});
export type AnswerSheetStats = z.infer<typeof answerSheetStats>;

export const uploadIdBody = z.strictObject({
  upload_id: idField("upload_id", "upload_id must be an upload's id"),
});
/** The same upload in a query, where other keys are ignored. */
export const uploadIdQuery = z.object(uploadIdBody.shape);

/** admin-delete-answersheet-stats: what deleting an upload would take away. */
export const deleteAnswerSheetStats = z.object({
  upload_id: z.number().int(),
  file_name: z.string(),
  sheets: z.number().int(),
  by_class: z.array(z.object({ class_level: z.number().int(), sheets: z.number().int() })),
  /** Valid certificates of those sheets: deleting withdraws them (decision 060). */
  certificates: z.number().int(),
  /** Of those, the ones already made into a PDF. */
  certificates_printed: z.number().int(),
});

const RESET_PARAMS = /* @__PURE__ */ RESET_LEVELS.map((l) => l.param) as [string, ...string[]];

export const resetExamBody = z.strictObject({
  level: z.enum(RESET_PARAMS as [(typeof RESET_LEVELS)[number]["param"]], {
    error: `level must be one of ${RESET_PARAMS.join(", ")}`,
  }),
  /** The level's name typed by the admin (e.g. "Level 1"). */
  confirm: z.string().max(40),
  /**
   * How many certificates the admin agreed to withdraw, as the preview counted them (decision
   * 060): required when the reset withdraws any; a count that no longer matches is refused.
   */
  withdraw_certificates: wholeNumber(
    z
      .number({ error: "withdraw_certificates must be the number of certificates shown" })
      .int("withdraw_certificates must be the number of certificates shown")
      .min(0, "withdraw_certificates must be the number of certificates shown"),
  ).optional(),
});

/** reset-exam's preview (GET) and outcome (POST). */
export const resetExamSummary = z.object({
  level: z.string(),
  exam_level: z.enum(EXAM_LEVEL_CODES),
  exam_year: z.string(),
  /** What the admin types to confirm. */
  confirm: z.string(),
  sheets: z.number().int(),
  uploads: z.number().int(),
  /** Finalized paper sets of the level: a reset keeps them. */
  finalized_paper_sets: z.number().int(),
  /** Valid certificates of the level's sheets: a reset withdraws them (decision 060). */
  certificates: z.number().int(),
  /** Of those, the ones already made into a PDF (downloaded or printed). */
  certificates_printed: z.number().int(),
});
export type ResetExamSummary = z.infer<typeof resetExamSummary>;
