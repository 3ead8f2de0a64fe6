/**
 * Answer-sheet uploads (issue 15, page result-overview/upload-exam-file; decision 022): a vendor's
 * file is stored and checked by a job (the dry run: nothing is stored, the scored lines wait in
 * answer_upload_lines, staging.ts), then, when an admin confirms, a second job sorts them again
 * against the database and stores the accepted ones with the level's ranks in one transaction. Deleting an upload takes away the sheets it still
 * holds; resetting a level takes away all of the exam year's sheets of that level.
 */
import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import type { ExamLevel } from "@repo/contracts/fees";
import { COUNTED, countOf } from "@repo/contracts/plural";
import type { AnswerSheetStats, AnswerUploadItem, AnswerUploadReport, ResetExamSummary } from "@repo/contracts/results";
import { answerUploadFields } from "@repo/contracts/results";
import {
  type AnswerUploadStatus,
  NO_ANSWER_FILE,
  RESET_LEVELS,
  RESULT_JOBS,
  RESULT_LIMITS,
  type ResultSheetFormat,
} from "@repo/contracts/results-constants";
import { type Db, type DbOrTx, isDatabaseUnavailable, queryRows } from "@repo/db";
import type { FileStorage } from "@repo/storage";
import { sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import type { Services } from "../../context";
import { type Actor, recordActivity } from "../../kernel/activity";
import { ApiError, invalidField, notFound } from "../../kernel/http/errors";
import { streamForm } from "../../kernel/http/multipart";
import { validated } from "../../kernel/http/validation";
import { enqueueJob, JobError, type JobHandler } from "../../kernel/jobs/jobs";
import { activeExamYear } from "../programme/exam-year";
import { type CertificatesAffected, certificatesAffected, withdrawCertificateCodes } from "./certificate-codes";
import type { SheetFormat } from "./sheet-format";
import {
  clearStaged,
  hasStagedLines,
  type JoinedLines,
  joinStaged,
  problemsCsv,
  problemsSummary,
  scoreLateLines,
  stageUpload,
} from "./staging";
import { rankLevel } from "./store";

/** The vendors' layouts by the code chosen at upload (RESULT_SHEET_FORMATS in contracts). */
export const SHEET_FORMAT_PROFILES: Record<ResultSheetFormat, SheetFormat> = {
  default: { layout: { kind: "delimited", delimiter: "," }, alphabet: "ABCDEF", doubleMark: "*" },
  semicolon: { layout: { kind: "delimited", delimiter: ";" }, alphabet: "ABCDEF", doubleMark: "*" },
  tab: { layout: { kind: "delimited", delimiter: "\t" }, alphabet: "ABCDEF", doubleMark: "*" },
  "omr-fixed": {
    layout: {
      kind: "fixed",
      roll: { start: 1, width: 10 },
      code: { start: 11, width: 12 },
      answersStart: 23,
      answerWidth: 1,
    },
    alphabet: "123456",
    doubleMark: "*",
  },
};

// ── Starting an upload ───────────────────────────────────────────────────────────────────────

/** What an answer-sheet file must be, checked chunk by chunk as it is stored (decision 047). */
const tooLargeFile = () =>
  invalidField(
    "file",
    `The file can be at most ${RESULT_LIMITS.maxUploadBytes / 1024 / 1024} MB: split it into smaller files`,
    413,
  );
/** What a refused file was, in words an exam office knows. */
const DETECTED_NAMES: Record<string, string> = {
  xlsx: "an Excel workbook (XLSX)",
  xls: "an Excel workbook (XLS)",
  ods: "a spreadsheet (ODS)",
  zip: "a ZIP archive",
  pdf: "a PDF document",
};
/**
 * The vendor's file is told by its content, whatever its name (.txt, .csv, .dat): plain text, one
 * line per sheet (decision 058). Anything else is refused saying what it is and what was expected.
 */
const notText = (detected?: string) =>
  invalidField(
    "file",
    `${detected ? `This is ${DETECTED_NAMES[detected] ?? `a ${detected.toUpperCase()} file`}, not` : "This is not"} the vendor's answer-sheet file: that is plain text, one line per sheet (roll number, paper-set code, answers), whatever its name (.txt, .csv). Ask the vendor for the text export`,
  );
/** file-type reads at most this much of a file's start. */
const SNIFF_BYTES = 4100;

/**
 * The chunks of an uploaded file, passed on as they come, refused (by throwing, which makes the
 * storage drop what it wrote) when the file is not text: a known binary type by its first bytes,
 * a NUL byte anywhere, not UTF-8, or larger than the limit. Only the first 4 kB are held.
 */
async function* textFileChunks(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let bytes = 0;
  let head: Uint8Array | undefined = new Uint8Array(0);
  const checkHead = async (start: Uint8Array) => {
    const detected = await fileTypeFromBuffer(start.subarray(0, SNIFF_BYTES));
    if (detected) throw notText(detected.ext);
  };
  for await (const chunk of chunks) {
    // Notepad's and Excel's "Unicode": every character two bytes, so zeros everywhere (decision 055).
    if (bytes === 0 && ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff))) {
      throw utf16();
    }
    bytes += chunk.byteLength;
    if (bytes > RESULT_LIMITS.maxUploadBytes) throw tooLargeFile();
    if (chunk.includes(0)) {
      // Name what it is when its start says so (a workbook, a ZIP), else just that it is not text.
      const start = head ? new Uint8Array([...head, ...chunk.subarray(0, SNIFF_BYTES)]) : undefined;
      const detected = start ? await fileTypeFromBuffer(start.subarray(0, SNIFF_BYTES)) : undefined;
      throw notText(detected?.ext);
    }
    try {
      decoder.decode(chunk, { stream: true });
    } catch {
      throw notUtf8();
    }
    if (head) {
      const joined: Uint8Array = new Uint8Array(head.byteLength + chunk.byteLength);
      joined.set(head);
      joined.set(chunk, head.byteLength);
      if (joined.byteLength < SNIFF_BYTES) {
        head = joined;
        continue;
      }
      await checkHead(joined);
      head = undefined;
      yield joined;
      continue;
    }
    yield chunk;
  }
  if (head && head.byteLength > 0) {
    await checkHead(head);
    yield head;
  }
  try {
    decoder.decode(); // a character cut off at the end
  } catch {
    throw notUtf8();
  }
  if (bytes === 0) throw invalidField("file", "The file is empty: choose the vendor's answer-sheet file");
}
const utf16 = () =>
  invalidField(
    "file",
    'The file is saved as UTF-16 ("Unicode"): the vendor\'s file must be ASCII or UTF-8 text. Ask the vendor, or open it in Notepad and save it again with the encoding "UTF-8"',
  );
const notUtf8 = () =>
  invalidField("file", "The file is not UTF-8 or ASCII text: ask the vendor for a plain text export");

/**
 * Reads the upload form as it arrives (kernel/http/multipart.ts streamForm): the file is checked to be text (by
 * content) while it is stored, then the fields, then the upload is recorded and its dry run
 * queued. Nothing about the sheets is decided here: the job reads them.
 */
export async function receiveAnswerUpload(
  services: Pick<Services, "database" | "storage">,
  actor: Actor,
  request: Request,
): Promise<{ uploadId: number; jobId: number }> {
  const fileKey = `answer-sheets/${randomUUID()}.txt`;
  try {
    // Inside the try: a form refused after its file was stored (a NUL in a field) keeps nothing.
    const form = await streamForm(request, {
      file: "file",
      onFile: (chunks) => services.storage.putStream(fileKey, textFileChunks(chunks)),
    });
    if (!form.file) throw invalidField("file", NO_ANSWER_FILE);
    const fields = validated(answerUploadFields, {
      exam_level: form.fields.exam_level,
      ...(form.fields.format ? { format: form.fields.format } : {}),
    });
    return await recordAnswerUpload(services, actor, {
      fileKey,
      bytes: form.file.result,
      name: form.file.name,
      examLevel: fields.exam_level,
      format: fields.format,
    });
  } catch (error) {
    await services.storage.remove(fileKey);
    throw error;
  }
}

/** Records a stored file as an upload and queues its check. */
async function recordAnswerUpload(
  services: Pick<Services, "database" | "storage">,
  actor: Actor,
  upload: { fileKey: string; bytes: number; name: string; examLevel: ExamLevel; format: ResultSheetFormat },
): Promise<{ uploadId: number; jobId: number }> {
  const { fileKey, bytes } = upload;
  const db = services.database.db;
  const year = await activeExamYear(db);
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into answer_uploads (exam_year_id, exam_kind, file_name, file_key, file_bytes, format, created_by)
          values (${year.id}, ${upload.examLevel}, ${upload.name.slice(0, 200) || "answers.txt"}, ${fileKey},
            ${bytes}, ${upload.format}, ${actor.userId})
          returning id`,
    );
    const uploadId = Number(row?.id);
    const jobId = await enqueueJob(tx, {
      kind: RESULT_JOBS.check,
      payload: { upload_id: uploadId },
      createdBy: actor.userId,
    });
    await tx.execute(sql`update answer_uploads set check_job_id = ${jobId} where id = ${uploadId}`);
    await recordActivity(tx, {
      userId: actor.userId,
      action: "answer-sheets.upload",
      entity: "answer_upload",
      entityId: uploadId,
      after: { exam_level: upload.examLevel, file_name: upload.name, bytes, format: upload.format },
      requestId: actor.requestId,
    });
    return { uploadId, jobId };
  });
}

// ── Reading a stored upload against the database ─────────────────────────────────────────────

interface UploadRow {
  id: number;
  exam_year_id: number;
  exam_kind: ExamLevel;
  file_key: string;
  file_name: string;
  format: ResultSheetFormat;
  status: AnswerUploadStatus;
}

async function uploadRow(db: DbOrTx, uploadId: number): Promise<UploadRow> {
  const [row] = await queryRows<UploadRow>(
    db,
    sql`select id, exam_year_id, exam_kind, file_key, file_name, format, status from answer_uploads where id = ${uploadId}`,
  );
  if (!row) throw notFound("Upload");
  return { ...row, id: Number(row.id), exam_year_id: Number(row.exam_year_id) };
}

interface Checked {
  report: AnswerUploadReport;
  /** How many lines were refused (the problems file has them all). */
  problems: number;
}

/**
 * The dry run's report: the file's lines, the join's figures, and the problems' counts and the
 * first of each kind by line, read from answer_upload_problems (decision 047).
 */
async function buildReport(db: DbOrTx, uploadId: number, lines: number, joined: JoinedLines): Promise<Checked> {
  const { counts, first } = await problemsSummary(db, uploadId, RESULT_LIMITS.problemsShown);
  return {
    report: {
      lines,
      accepted: joined.accepted,
      replacing_stored: joined.replacing,
      counts,
      by_paper: joined.byPaper,
      problems: first,
    },
    problems: Object.values(counts).reduce((n, c) => n + c, 0),
  };
}

/**
 * Reads the file into the staged lines, sorts them against the database and writes the problems
 * file as it is read from the database; stores nothing.
 */
async function checkUpload(
  db: Db,
  storage: FileStorage,
  upload: UploadRow,
): Promise<Checked & { problemsKey: string | null }> {
  const { lines } = await stageUpload(db, storage, upload, SHEET_FORMAT_PROFILES[upload.format]);
  return db.transaction(async (tx) => {
    const joined = await joinStaged(tx, upload, { store: false });
    const checked = await buildReport(tx, upload.id, lines, joined);
    const problemsKey = checked.problems > 0 ? `answer-sheets/${randomUUID()}-problems.csv` : null;
    if (problemsKey) await storage.putStream(problemsKey, problemsCsv(tx, upload.id));
    return { ...checked, problemsKey };
  });
}

// ── The jobs ─────────────────────────────────────────────────────────────────────────────────

/** The dry run: reports, stores nothing. Idempotent: running it again writes the same report. */
export function answerCheckJob(services: Pick<Services, "storage">): JobHandler {
  return async ({ db, job, progress }) => {
    const upload = await uploadRow(db, Number(job.payload.upload_id));
    if (upload.status !== "checking" && upload.status !== "checked")
      return { upload_id: upload.id, skipped: upload.status };
    await progress(0, 2);
    let checked: Checked & { problemsKey: string | null };
    try {
      checked = await checkUpload(db, services.storage, upload);
    } catch (error) {
      const message = error instanceof JobError ? error.message : "The file could not be checked";
      await db.execute(sql`update answer_uploads set status = 'failed', error = ${message} where id = ${upload.id}`);
      throw error;
    }
    const { problemsKey } = checked;
    await db.execute(sql`update answer_uploads set status = 'checked', report = ${JSON.stringify(checked.report)}::jsonb,
      problems_key = ${problemsKey} where id = ${upload.id} and status in ('checking', 'checked')`);
    await progress(2, 2);
    return { upload_id: upload.id, accepted: checked.report.accepted, refused: checked.problems };
  };
}

/**
 * Stores a confirmed upload: the lines its check staged are sorted again against the database
 * (students may have paid or papers been finalized since the check), and the accepted ones are
 * stored with the level's ranks, all in one transaction, so that a crash leaves nothing
 * half-stored and the job, run again, stores the same sheets.
 */
export function answerStoreJob(services: Pick<Services, "storage" | "database">): JobHandler {
  return async ({ db, job, progress }) => {
    const upload = await uploadRow(db, Number(job.payload.upload_id));
    if (upload.status !== "storing") return { upload_id: upload.id, skipped: upload.status };
    // Where the time goes (the benchmark states the split).
    const ms = { read_and_check: 0, score_and_store: 0, rank: 0 };
    const stored = await storeUpload().catch(async (error: unknown) => {
      // The database went away: the job queue runs the job again once it is back, still storing.
      if (isDatabaseUnavailable(error)) throw error;
      // Nothing was stored (the transaction rolled back): the upload can be confirmed again.
      const message =
        error instanceof JobError || error instanceof ApiError ? error.message : "Storing the sheets failed";
      await failedStore(db, upload.id, message);
      throw error;
    });
    await progress(stored.accepted, stored.accepted);
    // A million new rows leave the planner's statistics behind until autovacuum comes round: the
    // lists read right after (result day) planned a first page at 350 ms instead of 50. VACUUM
    // also marks the new pages all-visible, so the lists' index-only scans stop reading the table
    // (10,701 heap fetches for the schools' count, decision 037). Outside the store's transaction.
    await db.execute(sql`vacuum (analyze) answer_sheets`);
    await db.execute(sql`vacuum (analyze) result_ranks`);
    // The tallies too: planned on the statistics of an empty table, the schools' list merged all
    // 150,000 school tallies for a page of 10 (decision 041).
    await db.execute(sql`vacuum (analyze) result_tallies, result_school_tallies`);
    return { upload_id: upload.id, stored: stored.accepted, refused: stored.refused, ms };

    async function storeUpload() {
      const t0 = performance.now();
      const [row] = await queryRows<{ report: AnswerUploadReport | string | null }>(
        db,
        sql`select report from answer_uploads where id = ${upload.id}`,
      );
      const previous = typeof row?.report === "string" ? (JSON.parse(row.report) as AnswerUploadReport) : row?.report;
      // The staged lines (and problems) are gone after a database crash (the tables are unlogged):
      // read the file again.
      const lines =
        previous && (await hasStagedLines(db, upload.id))
          ? previous.lines
          : (await stageUpload(db, services.storage, upload, SHEET_FORMAT_PROFILES[upload.format])).lines;
      ms.read_and_check = Math.round(performance.now() - t0);
      return db.transaction(async (tx) => {
        const t1 = performance.now();
        await scoreLateLines(tx, upload);
        const joined = await joinStaged(tx, upload, { store: true });
        const checked = await buildReport(tx, upload.id, lines, joined);
        await clearStaged(tx, upload.id);
        const t2 = performance.now();
        await rankLevel(tx, upload.exam_year_id, upload.exam_kind);
        ms.score_and_store = Math.round(t2 - t1);
        ms.rank = Math.round(performance.now() - t2);
        await tx.execute(sql`update answer_uploads set status = 'stored', stored_sheets = ${joined.accepted},
          report = ${JSON.stringify(checked.report)}::jsonb where id = ${upload.id}`);
        return { accepted: joined.accepted, refused: checked.problems };
      });
    }
  };
}

/** Marks an upload whose store job failed, so that the screen says so and it can be confirmed again. */
export async function failedStore(db: DbOrTx, uploadId: number, message: string): Promise<void> {
  await db.execute(sql`update answer_uploads set status = 'checked', error = ${message}
    where id = ${uploadId} and status = 'storing'`);
}

// ── Confirming, deleting, resetting ──────────────────────────────────────────────────────────

/** Queues the store job of a checked upload. */
export async function confirmAnswerUpload(db: DbOrTx, actor: Actor, uploadId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ status: AnswerUploadStatus; accepted: number | null }>(
      tx,
      sql`select status, (report->>'accepted')::int as accepted from answer_uploads where id = ${uploadId} for update`,
    );
    if (!row) throw notFound("Upload");
    if (row.status !== "checked") {
      throw new ApiError(
        409,
        row.status === "checking"
          ? "The file is still being checked: wait for its report, then confirm"
          : `This upload cannot be stored: it is ${row.status}`,
      );
    }
    if (!row.accepted)
      throw new ApiError(409, "The report found no sheet to store: correct the file and upload it again");
    const jobId = await enqueueJob(tx, {
      kind: RESULT_JOBS.store,
      payload: { upload_id: uploadId },
      createdBy: actor.userId,
    });
    await tx.execute(sql`update answer_uploads set status = 'storing', store_job_id = ${jobId}, error = null,
      confirmed_by = ${actor.userId}, confirmed_at = now() where id = ${uploadId}`);
    await recordActivity(tx, {
      userId: actor.userId,
      action: "answer-sheets.confirm",
      entity: "answer_upload",
      entityId: uploadId,
      after: { accepted: row.accepted },
      requestId: actor.requestId,
    });
    return jobId;
  });
}

/**
 * What deleting an upload would take away: the sheets it still holds, per class, and their valid
 * certificates, which it withdraws (decision 060).
 */
export async function deleteAnswerSheetStats(db: DbOrTx, uploadId: number) {
  const upload = await uploadRow(db, uploadId);
  const affected = await certificatesAffected(db, {
    examYearId: upload.exam_year_id,
    examKind: upload.exam_kind,
    sheets: sql`a.upload_id = ${uploadId}`,
  });
  const rows = await queryRows<{ class_level: number; sheets: number }>(
    db,
    sql`select class_level, count(*)::int as sheets from answer_sheets where upload_id = ${uploadId}
        group by class_level order by class_level`,
  );
  const byClass = rows.map((r) => ({ class_level: Number(r.class_level), sheets: Number(r.sheets) }));
  return {
    upload_id: uploadId,
    file_name: upload.file_name,
    sheets: byClass.reduce((n, r) => n + r.sheets, 0),
    by_class: byClass,
    certificates: affected.certificates,
    certificates_printed: affected.printed,
  };
}

/**
 * Deletes the sheets an upload still holds (a later upload's replacements stay) and ranks the
 * level again, in one transaction; the upload stays listed as deleted. Their certificates are
 * withdrawn (decision 060): storing the same results again gives them their codes back.
 */
export async function deleteAnswerUpload(db: DbOrTx, actor: Actor, uploadId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ status: AnswerUploadStatus; exam_year_id: number; exam_kind: ExamLevel }>(
      tx,
      sql`select status, exam_year_id, exam_kind from answer_uploads where id = ${uploadId} for update`,
    );
    if (!row) throw notFound("Upload");
    if (row.status === "storing" || row.status === "checking") {
      throw new ApiError(
        409,
        `The upload is ${row.status === "storing" ? "being stored" : "being checked"}: wait until it finishes`,
      );
    }
    if (row.status === "deleted") throw new ApiError(409, "This upload is already deleted");
    // Their codes are withdrawn with what they printed before the sheets go (decision 060).
    await withdrawCertificateCodes(tx, {
      examYearId: Number(row.exam_year_id),
      examKind: row.exam_kind,
      sheets: sql`a.upload_id = ${uploadId}`,
      reason: "results_removed",
    });
    const [deleted] = await queryRows<{ n: number }>(
      tx,
      sql`with gone as (delete from answer_sheets where upload_id = ${uploadId} returning 1) select count(*)::int as n from gone`,
    );
    const sheets = Number(deleted?.n ?? 0);
    // The ranks have no foreign key to the sheets: rebuilding the level's drops the deleted ones'.
    if (sheets > 0) await rankLevel(tx, Number(row.exam_year_id), row.exam_kind);
    await clearStaged(tx, uploadId);
    await tx.execute(sql`update answer_uploads set status = 'deleted', deleted_by = ${actor.userId}, deleted_at = now()
      where id = ${uploadId}`);
    await recordActivity(tx, {
      userId: actor.userId,
      action: "answer-sheets.delete",
      entity: "answer_upload",
      entityId: uploadId,
      before: { status: row.status, sheets },
      requestId: actor.requestId,
    });
    return sheets;
  });
}

function resetLevel(param: string) {
  const level = RESET_LEVELS.find((l) => l.param === param);
  if (!level) throw invalidField("level", `level must be one of ${RESET_LEVELS.map((l) => l.param).join(", ")}`);
  return level;
}

/** reset-exam's preview: what a reset of the level would delete, and what it keeps. */
export async function resetExamSummary(db: DbOrTx, param: string): Promise<ResetExamSummary> {
  const level = resetLevel(param);
  const year = await activeExamYear(db);
  const [row] = await queryRows<{ sheets: number; uploads: number; papers: number }>(
    db,
    sql`select
          (select count(*)::int from answer_sheets where exam_year_id = ${year.id} and exam_kind = ${level.level}) as sheets,
          (select count(*)::int from answer_uploads where exam_year_id = ${year.id} and exam_kind = ${level.level}
            and status <> 'deleted') as uploads,
          (select count(*)::int from paper_sets where exam_year_id = ${year.id} and exam_kind = ${level.level}
            and status = 'finalized') as papers`,
  );
  const affected = await certificatesAffected(db, { examYearId: year.id, examKind: level.level, sheets: sql`true` });
  return {
    level: level.param,
    exam_level: level.level,
    exam_year: year.label,
    confirm: level.confirm,
    sheets: Number(row?.sheets ?? 0),
    uploads: Number(row?.uploads ?? 0),
    finalized_paper_sets: Number(row?.papers ?? 0),
    certificates: affected.certificates,
    certificates_printed: affected.printed,
  };
}

/**
 * A reset that would withdraw certificates needs their number confirmed (decision 060): missing,
 * or no longer the number the admin was shown, it is refused with the number it would withdraw.
 */
export function refuseUnconfirmedWithdrawal(affected: CertificatesAffected, confirmed: number | undefined): void {
  if (affected.certificates === 0 || confirmed === affected.certificates) return;
  const what = countOf(affected.certificates, COUNTED.certificate);
  const printed =
    affected.printed > 0 ? `, ${affected.printed.toLocaleString("en-IN")} of them already downloaded` : "";
  throw invalidField(
    "withdraw_certificates",
    confirmed === undefined
      ? `This reset withdraws ${what}${printed}: their QR codes will answer "withdrawn" until the same results are stored again. Confirm that these certificates are withdrawn.`
      : `This reset now withdraws ${what}${printed}, not ${confirmed.toLocaleString("en-IN")}: results changed since the page was opened. Check the count and confirm again.`,
  );
}

/**
 * Deletes the exam year's sheets and results of one level, after the admin typed the level's name
 * and confirmed how many certificates it withdraws (decision 060: their codes come back when the
 * same results are stored again). Uploads stay listed as deleted; paper sets are not touched (a
 * finalized set never changes).
 */
export async function resetExam(
  db: DbOrTx,
  actor: Actor,
  param: string,
  confirm: string,
  withdrawCertificates?: number,
): Promise<{ summary: ResetExamSummary; withdrawn: number }> {
  const level = resetLevel(param);
  if (confirm.trim().toLowerCase() !== level.confirm.toLowerCase()) {
    throw invalidField("confirm", `Type "${level.confirm}" to confirm that every ${level.confirm} result is deleted`);
  }
  const before = await resetExamSummary(db, param);
  const year = await activeExamYear(db);
  const withdrawn = await db.transaction(async (tx) => {
    const busy = await queryRows<{ id: number }>(
      tx,
      sql`select id from answer_uploads where exam_year_id = ${year.id} and exam_kind = ${level.level}
          and status in ('checking', 'storing') for update`,
    );
    if (busy.length > 0)
      throw new ApiError(409, "An upload of this level is being checked or stored: wait until it finishes");
    const scope = { examYearId: year.id, examKind: level.level, sheets: sql`true` };
    refuseUnconfirmedWithdrawal(await certificatesAffected(tx, scope), withdrawCertificates);
    const withdrawn = await withdrawCertificateCodes(tx, { ...scope, reason: "results_removed" });
    await tx.execute(sql`delete from result_ranks where exam_year_id = ${year.id} and exam_kind = ${level.level}`);
    await tx.execute(sql`delete from result_tallies where exam_year_id = ${year.id} and exam_kind = ${level.level}`);
    await tx.execute(
      sql`delete from result_school_tallies where exam_year_id = ${year.id} and exam_kind = ${level.level}`,
    );
    await tx.execute(sql`delete from answer_sheets where exam_year_id = ${year.id} and exam_kind = ${level.level}`);
    await tx.execute(sql`delete from answer_upload_lines where upload_id in
      (select id from answer_uploads where exam_year_id = ${year.id} and exam_kind = ${level.level})`);
    await tx.execute(sql`delete from answer_upload_problems where upload_id in
      (select id from answer_uploads where exam_year_id = ${year.id} and exam_kind = ${level.level})`);
    await tx.execute(sql`update answer_uploads set status = 'deleted', deleted_by = ${actor.userId}, deleted_at = now()
      where exam_year_id = ${year.id} and exam_kind = ${level.level} and status <> 'deleted'`);
    await recordActivity(tx, {
      userId: actor.userId,
      action: "exam.reset",
      entity: "exam_level",
      entityId: level.level,
      before: { exam_year: year.label, sheets: before.sheets, uploads: before.uploads, certificates: withdrawn },
      requestId: actor.requestId,
    });
    return withdrawn;
  });
  return { summary: await resetExamSummary(db, param), withdrawn };
}

// ── Reading uploads ──────────────────────────────────────────────────────────────────────────

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** answer-sheet-submitted-stats: the exam year's stored sheets per level and class, and its newest uploads. */
export async function answerSheetStats(db: DbOrTx): Promise<AnswerSheetStats> {
  const year = await activeExamYear(db);
  const [counts, uploads] = await Promise.all([
    queryRows<{ exam_kind: ExamLevel; class_level: number; sheets: number }>(
      db,
      sql`select exam_kind, class_level, count(*)::int as sheets from answer_sheets where exam_year_id = ${year.id}
          group by exam_kind, class_level order by exam_kind, class_level`,
    ),
    listUploads(db, sql`u.exam_year_id = ${year.id}`),
  ]);
  const levels = (["level1", "level2", "mock"] as const).map((level) => {
    const byClass = counts
      .filter((c) => c.exam_kind === level)
      .map((c) => ({ class_level: Number(c.class_level), sheets: Number(c.sheets) }));
    return { exam_level: level, sheets: byClass.reduce((n, c) => n + c.sheets, 0), by_class: byClass };
  });
  return { exam_year: year.label, levels, uploads };
}

export async function answerUploadItem(db: DbOrTx, uploadId: number): Promise<AnswerUploadItem> {
  const [item] = await listUploads(db, sql`u.id = ${uploadId}`);
  if (!item) throw notFound("Upload");
  return item;
}

async function listUploads(db: DbOrTx, where: ReturnType<typeof sql>): Promise<AnswerUploadItem[]> {
  const rows = await queryRows<{
    id: number;
    exam_kind: ExamLevel;
    file_name: string;
    file_bytes: number;
    format: ResultSheetFormat;
    status: AnswerUploadStatus;
    report: AnswerUploadReport | string | null;
    problems_key: string | null;
    stored_sheets: number | null;
    current_sheets: number;
    check_job_id: number | null;
    store_job_id: number | null;
    error: string | null;
    created_by: string | null;
    created_at: string | Date;
    confirmed_by: string | null;
    confirmed_at: string | Date | null;
    deleted_at: string | Date | null;
    job_status: string | null;
  }>(
    db,
    sql`select u.id, u.exam_kind, u.file_name, u.file_bytes, u.format, u.status, u.report, u.problems_key,
          u.stored_sheets, (select count(*)::int from answer_sheets a where a.upload_id = u.id) as current_sheets,
          u.check_job_id, u.store_job_id, coalesce(u.error, j.error) as error, cb.name as created_by, u.created_at,
          fb.name as confirmed_by, u.confirmed_at, u.deleted_at, j.status as job_status
        from answer_uploads u
        left join jobs j on j.id = case u.status when 'checking' then u.check_job_id when 'storing' then u.store_job_id end
        left join users cb on cb.id = u.created_by
        left join users fb on fb.id = u.confirmed_by
        where ${where}
        order by u.id desc
        limit ${RESULT_LIMITS.recentUploads}`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    exam_level: row.exam_kind,
    file_name: row.file_name,
    file_bytes: Number(row.file_bytes),
    format: row.format,
    // A job whose runner died on its last attempt is failed though the upload never heard of it.
    status: row.job_status === "failed" ? "failed" : row.status,
    report: typeof row.report === "string" ? (JSON.parse(row.report) as AnswerUploadReport) : row.report,
    has_problems_file: row.problems_key !== null,
    stored_sheets: row.stored_sheets === null ? null : Number(row.stored_sheets),
    current_sheets: Number(row.current_sheets),
    job_id:
      row.status === "checking" ? Number(row.check_job_id) : row.status === "storing" ? Number(row.store_job_id) : null,
    error: row.error,
    created_by: row.created_by,
    created_at: iso(row.created_at) ?? "",
    confirmed_by: row.confirmed_by,
    confirmed_at: iso(row.confirmed_at),
    deleted_at: iso(row.deleted_at),
  }));
}

/** The problems file of an upload (CSV of every refused line), as a stream from storage. */
export async function answerUploadProblems(
  db: DbOrTx,
  storage: FileStorage,
  uploadId: number,
): Promise<{ stream: Readable; fileName: string }> {
  const [row] = await queryRows<{ problems_key: string | null; file_name: string }>(
    db,
    sql`select problems_key, file_name from answer_uploads where id = ${uploadId}`,
  );
  const stream = row?.problems_key ? await storage.getStream(row.problems_key) : undefined;
  if (!row || !stream) throw notFound("Problems file");
  return { stream, fileName: `${row.file_name.replace(/\.[^.]*$/, "")}-problems.csv` };
}
