/**
 * Housekeeping: rows and files that matter only for a while are removed once their time is over,
 * so that a season of a million sign-ins does not leave millions of dead rows behind every
 * look-up (rate-limit windows, ended sessions, used sign-in codes and OTPs) nor gigabytes of
 * printed certificates nobody will download again, nor imports' errors files (students' details)
 * once the school has had its days to fix them. Runs as a job every hour, so one API instance
 * does it at a time; each table is cleared in batches so no statement holds its locks for long.
 */
import { queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import type { Services } from "./context";
import { SCHOOL_IMPORT_FILE } from "./domains/institutes/school-import";
import { SIF_IMPORT_FILE } from "./domains/institutes/sif-import";
import { removeOldBulkCertificates } from "./domains/results/certificates";
import { removeOldAdmitCards } from "./domains/schools/printouts/admit-cards";
import { BULK_STUDENT_IMPORT_LAYOUT } from "./domains/students/bulk-student-import";
import { SCHOOL_STUDENT_IMPORT } from "./domains/students/student-import";
import { removeOldErrorsFiles } from "./kernel/imports/spreadsheet-imports";
import type { JobHandler } from "./kernel/jobs/jobs";

/** Every spreadsheet import, whose errors files are removed after their days. */
const IMPORT_FILES = [SCHOOL_STUDENT_IMPORT, BULK_STUDENT_IMPORT_LAYOUT, SCHOOL_IMPORT_FILE, SIF_IMPORT_FILE];

export const HOUSEKEEPING_JOB = "housekeeping";
/** How often the API queues a sweep. */
export const HOUSEKEEPING_EVERY_MS = 60 * 60_000;

export const RETENTION = {
  /** An ended session (expired or signed out) stays this long, for support's "was I signed in?". */
  endedSessionDays: 30,
  /** A used or expired handoff code, OTP or forgotten-password link stays this long (nothing reads it after it ends). */
  usedCodeDays: 1,
} as const;

/** Rows deleted per statement. */
const BATCH = 5_000;
const DAY_MS = 86_400_000;

export interface SweepResult {
  rate_limits: number;
  sessions: number;
  handoff_codes: number;
  mobile_otps: number;
  password_resets: number;
  certificate_files: number;
  admit_card_files: number;
  import_errors_files: number;
}

/** Deletes, in batches, the rows of `table` that `where` picks, by `id`; returns how many. */
async function deleteInBatches(
  db: Services["database"]["db"],
  table: "rate_limits" | "sessions" | "handoff_codes" | "mobile_otps" | "password_resets",
  idColumn: "id" | "key",
  where: ReturnType<typeof sql>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await queryRows<{ n: number }>(
      db,
      sql`with gone as (
            delete from ${sql.identifier(table)} where ${sql.identifier(idColumn)} in (
              select ${sql.identifier(idColumn)} from ${sql.identifier(table)} where ${where} limit ${BATCH})
            returning 1)
          select count(*)::int as n from gone`,
    );
    const n = Number(deleted[0]?.n ?? 0);
    total += n;
    if (n < BATCH) return total;
  }
}

async function removeImportErrorsFiles(services: Pick<Services, "database" | "storage">, now: Date) {
  let removed = 0;
  for (const file of IMPORT_FILES) removed += await removeOldErrorsFiles(services, file, now);
  return removed;
}

/** One sweep. `now` is a parameter so tests can step past the retention periods. */
export async function sweep(services: Pick<Services, "database" | "storage">, now = new Date()): Promise<SweepResult> {
  const { db } = services.database;
  const at = now.toISOString();
  const ended = new Date(now.getTime() - RETENTION.endedSessionDays * DAY_MS).toISOString();
  const codes = new Date(now.getTime() - RETENTION.usedCodeDays * DAY_MS).toISOString();
  return {
    rate_limits: await deleteInBatches(db, "rate_limits", "key", sql`expires_at < ${at}`),
    sessions: await deleteInBatches(db, "sessions", "id", sql`expires_at < ${ended} or revoked_at < ${ended}`),
    handoff_codes: await deleteInBatches(db, "handoff_codes", "id", sql`expires_at < ${codes}`),
    mobile_otps: await deleteInBatches(db, "mobile_otps", "id", sql`expires_at < ${codes}`),
    // A retired link says "a newer link was sent" until it would have expired (decision 052).
    password_resets: await deleteInBatches(db, "password_resets", "id", sql`expires_at < ${codes}`),
    certificate_files: await removeOldBulkCertificates(services, now),
    admit_card_files: await removeOldAdmitCards(services, now),
    import_errors_files: await removeImportErrorsFiles(services, now),
  };
}

export function housekeepingJob(services: Pick<Services, "database" | "storage">): JobHandler {
  return async () => ({ ...(await sweep(services)) });
}
