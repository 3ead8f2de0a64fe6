import { z } from "zod";
import { SEPARATORS, TEXT_ENCODINGS } from "./uploads-constants";

/**
 * The students' spreadsheet import (POST /api/schools/student/import): its modes, the preview
 * answer and the finished job's result, as the API documents them and the school app reads them.
 */
export const STUDENT_IMPORT_MODES = ["preview", "all-or-nothing", "valid-rows"] as const;
export type StudentImportMode = (typeof STUDENT_IMPORT_MODES)[number];
/** The modes that start a job (preview saves nothing). */
export type StudentImportJobMode = Exclude<StudentImportMode, "preview">;

/** The job kind in the queue; GET /api/jobs/{id} answers it as `kind`. */
export const STUDENT_IMPORT_JOB = "students.import";

const fieldError = z.object({ field: z.string(), message: z.string() });

export const studentImportPreview = z.object({
  format: z.enum(["xlsx", "csv"]),
  /** The name of the sheet that was read, as the file has it (XLSX). */
  sheet_name: z.string().nullable(),
  /** A CSV's text encoding and separator as found (decision 055); null for XLSX. */
  encoding: z.enum(TEXT_ENCODINGS).nullable(),
  separator: z.enum(SEPARATORS).nullable(),
  header_row: z.number().int(),
  columns: z.array(
    z.object({
      key: z.string(),
      /** The template's header. */
      header: z.string(),
      /** The header as the file wrote it. */
      found: z.string(),
      /** Where it is: "C" for the third column. */
      column: z.string(),
    }),
  ),
  total_rows: z.number().int(),
  /** Rows the schema or a repeat inside the file already refuse. */
  bad_rows: z.number().int(),
  rows: z.array(
    z.object({
      row: z.number().int(),
      /** The cells as read, by field; dates as YYYY-MM-DD. */
      values: z.record(z.string(), z.string().nullable()),
      /** The student as it will be saved (class as a number, language as a code), or null when refused. */
      student: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
      errors: z.array(fieldError),
    }),
  ),
  /**
   * Every row with mistakes, in the file's order, as "Header: message; …" (at most
   * SPREADSHEET_IMPORTS.previewErrorRows; bad_rows counts them all).
   */
  error_rows: z.array(z.object({ row: z.number().int(), message: z.string() })),
  warnings: z.array(z.string()),
});
export type StudentImportPreview = z.infer<typeof studentImportPreview>;

/** What a finished import job reports (the job's `result`). */
export const studentImportResult = z.object({
  mode: z.enum(["all-or-nothing", "valid-rows"]),
  total_rows: z.number().int(),
  inserted: z.number().int(),
  already_registered: z.number().int(),
  bad_rows: z.number().int(),
  /** Set when some rows were not saved: GET /api/schools/student/import/{job_id}/errors. */
  errors_file_id: z.string().nullable(),
  /** The first problems, for the screen (the errors file has them all). */
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
  warnings: z.array(z.string()),
  message: z.string(),
});
export type StudentImportResult = z.infer<typeof studentImportResult>;
