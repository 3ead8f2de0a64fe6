import { randomUUID } from "node:crypto";
import { COUNTED, countOf, pluralWord } from "@repo/contracts/plural";
import type { StudentImportJobMode } from "@repo/contracts/student-import";
import { IMPORT_ERRORS_FILE_DAYS, type ImportLimits } from "@repo/contracts/uploads-constants";
import type { FileStorage } from "@repo/storage";
import type { Services } from "../../context";
import type { Actor } from "../activity";
import { ApiError } from "../http/errors";
import { enqueueJob, type JobContext, JobError, removeOldJobFiles, wakeJobRunners } from "../jobs/jobs";
import {
  type CellValue,
  type ColumnSpec,
  errorsWorkbook,
  type OpenedSpreadsheet,
  openSpreadsheet,
  type SheetRow,
  SpreadsheetError,
  type TemplateColumn,
} from "../spreadsheets/index";

/**
 * One import capability (docs/decisions/064-one-import-capability.md): what every spreadsheet
 * import (a school's students, a coordinator's bulk students, a master institute's schools,
 * individual students) shares once its file is declared: reading it with its limits, the check
 * before a job is queued, the stored upload, the errors file and the result's sentence. Reading,
 * encodings and spellings are the spreadsheets module's and contracts/spellings.ts (decision 055);
 * what a row means and how it is saved stay with each import.
 */

/** A column of an import's file: read by the reader, written in the template and the errors file. */
export type ImportColumn = ColumnSpec & TemplateColumn & { key: string };

/** An import's file, declared once: the job, the limits and the template's sheet. */
export interface ImportFile {
  /** The job's kind in the queue (GET /api/jobs/{id} answers it as `kind`). */
  jobKind: string;
  /** The one constant the reader, the route's body limit, the OpenAPI document and the screens read. */
  limits: ImportLimits;
  /** The file's columns, in the template's order. */
  columns: readonly ImportColumn[];
  /** The template's (and the errors file's) data sheet. */
  sheetName: string;
  /** Other sheets of the template that the reader skips without a warning. */
  extraSheets?: readonly string[];
  /** Storage folder of the uploads and the errors files. */
  folder: string;
}

/** The noun of what an import adds, for the result's sentence. */
export type ImportNoun = "student" | "school";

const INSTRUCTIONS_SHEET = "Instructions";
/** Problems a finished job lists for the screen; the errors file has them all. */
export const FIRST_ERRORS = 20;
export const UPLOAD_GONE = "The uploaded file is no longer stored. Please upload it again.";

/** Opens an upload with its import's columns and limits; an "Errors" column and the Instructions sheet are expected. */
export function openImportFile(file: ImportFile, bytes: Uint8Array): Promise<OpenedSpreadsheet> {
  return openSpreadsheet(bytes, {
    columns: file.columns,
    limits: { maxBytes: file.limits.maxBytes, maxRows: file.limits.maxRows },
    quietHeaders: ["Errors"],
    quietSheets: [INSTRUCTIONS_SHEET, ...(file.extraSheets ?? [])],
  });
}

/** A SpreadsheetError as the API's answer (413 or 422 with the message). */
export function asApiError(error: unknown): unknown {
  if (error instanceof SpreadsheetError) {
    return new ApiError(error.status, error.message, [{ field: "file", message: error.message }]);
  }
  return error;
}

/** A SpreadsheetError inside a job, as the job's failure in words. */
export function asJobError(error: unknown): unknown {
  return error instanceof SpreadsheetError ? new JobError(error.message) : error;
}

/** What every import job's payload carries; each import adds its target (school, institute, ...). */
export interface ImportPayload {
  upload_key: string;
  mode: StudentImportJobMode;
  user_id: number;
  request_id: string;
  file_name: string;
}

/**
 * Checks that the upload is a readable spreadsheet with the needed columns (so a wrong file is
 * refused now, not by a failed job), stores it under a random key and queues the import.
 */
export async function queueImport(
  file: ImportFile,
  services: Pick<Services, "database" | "storage">,
  actor: Actor,
  upload: { bytes: Uint8Array; name: string; mode: StudentImportJobMode },
  target: Record<string, unknown> = {},
): Promise<number> {
  try {
    const sheet = await openImportFile(file, upload.bytes);
    // The header is fine; the rows are the job's business. Close the reader.
    await sheet.rows.return(undefined);
  } catch (error) {
    throw asApiError(error);
  }
  const key = `${file.folder}/${randomUUID()}.upload`;
  await services.storage.put(key, upload.bytes);
  const payload = {
    upload_key: key,
    mode: upload.mode,
    ...target,
    user_id: actor.userId,
    request_id: actor.requestId,
    file_name: upload.name.slice(0, 200),
  };
  const jobId = await enqueueJob(services.database.db, { kind: file.jobKind, payload, createdBy: actor.userId });
  wakeJobRunners();
  return jobId;
}

/** The upload a job reads, or the job's failure when it is gone. */
export async function storedUpload(storage: FileStorage, payload: { upload_key: string }): Promise<Uint8Array> {
  const bytes = await storage.get(payload.upload_key);
  if (!bytes) throw new JobError(UPLOAD_GONE);
  return bytes;
}

/**
 * The upload is removed once its job is recorded done, not when its rows are saved: a job that
 * the database's restart kept from being marked done runs again, and reads it again (decision 070).
 */
export function removeUploadWhenDone(
  storage: FileStorage,
  payload: { upload_key: string },
  context: Pick<JobContext, "afterDone">,
): void {
  context.afterDone(() => storage.remove(payload.upload_key));
}

const errorsFileKey = (file: ImportFile, id: string) => `${file.folder}/${id}-errors.xlsx`;

/**
 * Writes the errors file when some rows were not saved: every row when nothing was saved (fix and
 * upload it whole), else the refused ones; the cells as the school wrote them (decision 055).
 * `cell` may blank a column (passwords are not written back out). Answers its id, or null.
 */
export async function storeErrorsFile(
  file: ImportFile,
  storage: FileStorage,
  input: {
    bytes: Uint8Array;
    problems: ReadonlyMap<number, string>;
    everyRow: boolean;
    cell?: (column: ImportColumn, row: SheetRow) => CellValue;
  },
): Promise<string | null> {
  const { problems, everyRow } = input;
  if (problems.size === 0) return null;
  const id = randomUUID();
  const sheet = await openImportFile(file, input.bytes);
  const cell = input.cell ?? ((column, row) => row.values[column.key] ?? null);
  const rows = async function* () {
    for await (const row of sheet.rows) {
      const message = problems.get(row.row) ?? "";
      if (!message && !everyRow) continue;
      yield { values: file.columns.map((column) => cell(column, row)), errors: message };
    }
  };
  await storage.put(
    errorsFileKey(file, id),
    await errorsWorkbook({ sheetName: file.sheetName, columns: file.columns }, rows()),
  );
  return id;
}

const errorsFileIdOf = (result: Record<string, unknown> | null | undefined) => {
  const id = result?.errors_file_id;
  return typeof id === "string" && /^[0-9a-f-]{36}$/.test(id) ? id : null;
};

/**
 * The errors workbook of one of the caller's jobs of this import (404 for another kind's, or none;
 * 410 once housekeeping removed it).
 */
export async function importErrorsFile(
  file: ImportFile,
  storage: FileStorage,
  job: { kind: string; result: Record<string, unknown> | null },
): Promise<Uint8Array> {
  const id = job.kind === file.jobKind ? errorsFileIdOf(job.result) : null;
  if (id && job.result?.removed_at)
    throw new ApiError(
      410,
      `This errors file was removed ${IMPORT_ERRORS_FILE_DAYS} days after the import, as it holds students' details. Upload your file again to get a new one.`,
    );
  const bytes = id ? await storage.get(errorsFileKey(file, id)) : undefined;
  if (!bytes)
    throw new ApiError(404, "This import has no errors file: every row was accepted, or it has not finished.");
  return bytes;
}

/** Housekeeping: the import's errors files IMPORT_ERRORS_FILE_DAYS after the import (docs/decisions/064). */
export const removeOldErrorsFiles = (
  services: Pick<Services, "database" | "storage">,
  file: ImportFile,
  now = new Date(),
) =>
  removeOldJobFiles(services, {
    kind: file.jobKind,
    days: IMPORT_ERRORS_FILE_DAYS,
    keyOf: (_id, result) => {
      const id = errorsFileIdOf(result);
      return id ? errorsFileKey(file, id) : null;
    },
    now,
  });

/**
 * The `count` problems of the lowest rows, in one pass: sorting 100,000 of them to show 20 held
 * the event loop for tens of milliseconds (decision 046).
 */
export function firstProblems(
  problems: ReadonlyMap<number, string>,
  count = FIRST_ERRORS,
): { row: number; message: string }[] {
  const first: [number, string][] = [];
  for (const entry of problems) {
    const last = first[first.length - 1];
    if (first.length === count && last && entry[0] >= last[0]) continue;
    let at = first.length;
    while (at > 0 && (first[at - 1]?.[0] ?? 0) > entry[0]) at--;
    first.splice(at, 0, entry);
    if (first.length > count) first.pop();
  }
  return first.map(([row, message]) => ({ row, message }));
}

/**
 * The result in one sentence. `schools` (imports over several schools) says where the students
 * went; `addedNote` what came with each one added ("and mailed their sign-in details").
 */
export function importSummary(
  noun: ImportNoun,
  mode: StudentImportJobMode,
  counts: { inserted: number; alreadyHere: number; badRows: number; saved: boolean },
  options: { schools?: number; addedNote?: string } = {},
): string {
  const things = (n: number) => countOf(n, COUNTED[noun]);
  if (!counts.saved && mode === "all-or-nothing") {
    return `Nothing was saved: ${countOf(counts.badRows, COUNTED.row)} ${pluralWord(counts.badRows, COUNTED.has)} mistakes. Download the errors file, fix the rows marked in its "Errors" column and upload it again.`;
  }
  const where = options.schools && counts.inserted > 0 ? ` to ${countOf(options.schools, COUNTED.school)}` : "";
  const parts = [`${things(counts.inserted)} added${where}${options.addedNote ? ` ${options.addedNote}` : ""}`];
  if (counts.alreadyHere > 0) parts.push(`${things(counts.alreadyHere)} already registered`);
  if (counts.badRows > 0) parts.push(`${countOf(counts.badRows, COUNTED.row)} not saved (see the errors file)`);
  return `${parts.join(", ")}.`;
}
