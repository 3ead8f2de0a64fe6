import { hashPassword } from "@repo/auth/password";
import { type SifRegistrationBody, sifRegistrationBody } from "@repo/contracts/sif";
import { normalizeReferralCode, SIF_IMPORT, SIF_IMPORT_JOB } from "@repo/contracts/sif-constants";
import type { StudentImportJobMode } from "@repo/contracts/student-import";
import { studentKey } from "@repo/contracts/students";
import { registeredElsewhereMessage } from "@repo/contracts/students-constants";
import { type DbOrTx, pacer, queryRows } from "@repo/db";
import type { FileStorage } from "@repo/storage";
import { sql } from "drizzle-orm";
import type { ApiConfig, Services } from "../../context";
import type { Actor } from "../../kernel/activity";
import { recordActivity } from "../../kernel/activity";
import {
  asJobError,
  firstProblems,
  type ImportColumn,
  type ImportFile,
  type ImportPayload,
  importSummary,
  openImportFile,
  queueImport,
  removeUploadWhenDone,
  storedUpload,
  storeErrorsFile,
} from "../../kernel/imports/spreadsheet-imports";
import { type JobContext, JobError, type JobHandler } from "../../kernel/jobs/jobs";
import { type CellValue, type SheetRow, templateWorkbook } from "../../kernel/spreadsheets/index";
import { textsIn } from "../../kernel/sql";
import { activeExamYear } from "../programme/exam-year";
import { STUDENT_COLUMNS } from "../students/student-import";
import { temporaryPassword } from "../students/students";
import { insertSifStudent } from "./sif";

/**
 * Admins' bulk import of individual students (POST /api/sif/student/import): the students'
 * template (docs/domain.md, Imports) with the e-mail required and two more columns, the school
 * (by its referral code, which a coordinator can ask the school for or read in its profile) and
 * an optional referral code. Each row is checked with the public form's schema; each student
 * gets its account and credentials mail like a self-registered one. The same job, modes and
 * errors file as the schools' student import.
 */

export const SIF_COLUMNS: readonly ImportColumn[] = [
  ...STUDENT_COLUMNS.map((column) => (column.key === "email" ? { ...column, required: true } : column)),
  {
    key: "school_code",
    header: "School code",
    aliases: ["School referral code", "School", "विद्यालय कोड"],
    required: true,
    width: 16,
  },
  { key: "referral_code", header: "Referral code", aliases: ["Referred by", "रेफ़रल कोड"], width: 16 },
];

const LABELS = Object.fromEntries(SIF_COLUMNS.map((c) => [c.key, c.header])) as Record<string, string>;
/** The individual students import's file (spreadsheet-imports.ts): its job, limits, columns and sheet. */
export const SIF_IMPORT_FILE: ImportFile = {
  jobKind: SIF_IMPORT_JOB,
  limits: SIF_IMPORT,
  columns: SIF_COLUMNS,
  sheetName: "Individual students",
  folder: "sif-imports",
};

export function sifTemplate(): Promise<Uint8Array> {
  return templateWorkbook({
    sheetName: SIF_IMPORT_FILE.sheetName,
    columns: SIF_COLUMNS,
    validationRows: SIF_IMPORT.maxRows,
    instructions: [
      "How to fill in this template (individual students)",
      "One student per row, below the header row. The columns are those of a school's student template, plus the school and a referral code.",
      "E-mail is required: each student's username and password are mailed to it.",
      "School code: the referral code of the student's school (e.g. VVM1001), shown in the school's profile. Students of schools that are not on the portal register themselves at /sif/register.",
      "Referral code: optional; the school that referred the student (its referral is then pending until that school approves it).",
      "Class: VI to XI. Date of birth: a date cell, or 15/08/2012. Phone: 10 to 15 digits.",
      "A student with the same name, date of birth and phone is registered only once per exam year; uploading the same file again adds nothing.",
      `At most ${SIF_IMPORT.maxRows.toLocaleString("en-IN")} students and ${SIF_IMPORT.maxBytes / 1024 / 1024} MB per file.`,
    ],
  });
}

interface CheckedRow {
  row: number;
  body: SifRegistrationBody | null;
  schoolCode: string;
  referralCode: string | null;
  errors: string[];
}

const text = (value: CellValue | undefined) => (value === null || value === undefined ? "" : String(value).trim());

/** One row through the public form's schema; the school is resolved later, by its code. */
export function checkSifRow(row: SheetRow): CheckedRow {
  const input: Record<string, unknown> = { school_id: 1 };
  for (const column of STUDENT_COLUMNS) {
    const value = row.values[column.key];
    input[column.key] = value === null ? undefined : value;
  }
  const schoolCode = normalizeReferralCode(text(row.values.school_code));
  const referralCode = normalizeReferralCode(text(row.values.referral_code)) || null;
  input.referral_code = referralCode ?? undefined;
  const parsed = sifRegistrationBody.safeParse(input);
  const errors: string[] = [];
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "row");
      if (seen.has(field)) continue;
      seen.add(field);
      errors.push(`${LABELS[field] ?? field}: ${issue.message}`);
    }
  }
  if (!schoolCode) errors.push("School code: Enter the referral code of the student's school, e.g. VVM1001");
  return { row: row.row, body: parsed.success ? parsed.data : null, schoolCode, referralCode, errors };
}

export type SifImportPayload = ImportPayload;

/** Checks the file's type, size and header now, stores it and queues the import job. */
export function startSifImport(
  services: Pick<Services, "database" | "storage">,
  actor: Actor,
  upload: { bytes: Uint8Array; name: string; mode: StudentImportJobMode },
): Promise<number> {
  return queueImport(SIF_IMPORT_FILE, services, actor, upload);
}

export function sifImportJob(services: Pick<Services, "storage" | "config">): JobHandler {
  return (context) => runSifImport(services.storage, services.config, context);
}

class RolledBack extends Error {}

interface SchoolRow {
  id: number;
  name: string;
  code: string;
  zone_id: number;
  state_id: number;
  prant_id: number | null;
  district_id: number | null;
}

async function schoolsByCode(db: DbOrTx, codes: string[]): Promise<Map<string, SchoolRow>> {
  const found = new Map<string, SchoolRow>();
  if (codes.length === 0) return found;
  const rows = await queryRows<SchoolRow>(
    db,
    sql`select id, name, referral_code as code, zone_id, state_id, prant_id, district_id
        from schools where is_active and ${textsIn(sql`referral_code`, codes)}`,
  );
  for (const row of rows) found.set(row.code, { ...row, id: Number(row.id) });
  return found;
}

async function runSifImport(
  storage: FileStorage,
  config: Pick<ApiConfig, "schoolOrigin">,
  { db, job, progress, afterDone }: JobContext,
): Promise<Record<string, unknown>> {
  const payload = job.payload as unknown as SifImportPayload;
  const bytes = await storedUpload(storage, payload);

  // 1. Every row through the schema (at most SIF_IMPORT.maxRows, so they fit in memory).
  const checked: CheckedRow[] = [];
  try {
    const sheet = await openImportFile(SIF_IMPORT_FILE, bytes);
    for await (const row of sheet.rows) checked.push(checkSifRow(row));
  } catch (error) {
    throw asJobError(error);
  }
  if (checked.length === 0) throw new JobError("The file has a header row but no students below it.");
  await progress(0, checked.length);

  // 2. Schools and referral codes, repeats inside the file, students already registered.
  const codes = [...new Set(checked.flatMap((c) => [c.schoolCode, c.referralCode ?? ""]).filter(Boolean))];
  const schools = await schoolsByCode(db, codes);
  const year = await activeExamYear(db);
  const keys = checked.flatMap((c) => (c.body ? [studentKey(c.body)] : []));
  const owners = new Map<string, { source: string; studentId: number }>();
  if (keys.length > 0) {
    const rows = await queryRows<{ key: string; source: string; student_id: number }>(
      db,
      sql`select s.dedupe_key as key, s.source, s.id as student_id
          from students s
          where s.exam_year_id = ${year.id} and ${textsIn(sql`s.dedupe_key`, keys)}`,
    );
    for (const row of rows) owners.set(row.key, { source: row.source, studentId: Number(row.student_id) });
  }
  const firstRowOf = new Map<string, number>();
  let alreadyRegistered = 0;
  const ready: { row: number; body: SifRegistrationBody; school: SchoolRow; referrer: SchoolRow | null }[] = [];
  for (const item of checked) {
    const school = item.schoolCode ? schools.get(item.schoolCode) : undefined;
    if (item.schoolCode && !school) item.errors.push(`School code: No active school has the code ${item.schoolCode}`);
    const referrer = item.referralCode ? (schools.get(item.referralCode) ?? null) : null;
    if (item.referralCode && !referrer) item.errors.push(`Referral code: No school has the code ${item.referralCode}`);
    if (!item.body || !school || item.errors.length > 0) continue;
    const key = studentKey(item.body);
    const earlier = firstRowOf.get(key);
    if (earlier !== undefined) {
      item.errors.push(`Same student as row ${earlier} (same name, date of birth and phone)`);
      continue;
    }
    firstRowOf.set(key, item.row);
    const owner = owners.get(key);
    // An individual student already registered (this file uploaded again) is not an error.
    if (owner?.source === "sif") alreadyRegistered++;
    else if (owner) item.errors.push(registeredElsewhereMessage(owner.studentId));
    else ready.push({ row: item.row, body: item.body, school, referrer });
  }
  const problems = new Map(checked.filter((c) => c.errors.length > 0).map((c) => [c.row, c.errors.join("; ")]));

  // 3. Save in one transaction: all or nothing, or only the good rows.
  let inserted = 0;
  let saved = payload.mode === "valid-rows" || problems.size === 0;
  if (saved && ready.length > 0) {
    // Hashing takes ~30 ms a student: done before the transaction, which stays short.
    const secrets: { password: string; hash: string }[] = [];
    for (const [index] of ready.entries()) {
      const password = temporaryPassword();
      secrets.push({ password, hash: await hashPassword(password) });
      if (index % 50 === 49) await progress(index + 1, ready.length * 2);
    }
    try {
      inserted = await db.transaction(async (tx) => {
        let added = 0;
        // On the embedded database each insert runs in this process: pace them (decision 046).
        const pace = pacer();
        for (const [index, item] of ready.entries()) {
          await pace();
          const secret = secrets[index] ?? { password: "", hash: "" };
          const made = await insertSifStudent(tx, config, {
            body: { ...item.body, school_id: item.school.id },
            choice: {
              schoolId: item.school.id,
              name: item.school.name,
              zoneId: Number(item.school.zone_id),
              stateId: Number(item.school.state_id),
              prantId: item.school.prant_id === null ? null : Number(item.school.prant_id),
              districtId: item.school.district_id === null ? null : Number(item.school.district_id),
            },
            referrer: item.referrer ? { id: item.referrer.id, name: item.referrer.name } : null,
            yearId: year.id,
            createdBy: payload.user_id,
            passwordHash: secret.hash,
            password: secret.password,
          });
          if (made) added++;
          else {
            problems.set(item.row, "Registered by someone else while the file was imported");
            if (payload.mode === "all-or-nothing") throw new RolledBack();
          }
        }
        if (added > 0) {
          await recordActivity(tx, {
            userId: payload.user_id,
            action: "student.sif-import",
            entity: "students",
            after: { count: added, file: payload.file_name },
            requestId: payload.request_id,
          });
        }
        return added;
      });
    } catch (error) {
      if (!(error instanceof RolledBack)) throw error;
      saved = false;
    }
  }

  // 4. The errors file: every row when nothing was saved, else only the refused ones.
  const errorsFileId = await storeErrorsFile(SIF_IMPORT_FILE, storage, { bytes, problems, everyRow: !saved });
  removeUploadWhenDone(storage, payload, { afterDone });
  await progress(checked.length, checked.length);
  const counts = { inserted, alreadyHere: alreadyRegistered, badRows: problems.size, saved };
  return {
    mode: payload.mode,
    total_rows: checked.length,
    inserted,
    already_registered: alreadyRegistered,
    bad_rows: problems.size,
    errors_file_id: errorsFileId,
    errors: firstProblems(problems),
    warnings: [],
    message: importSummary("student", payload.mode, counts, { addedNote: "and mailed their sign-in details" }),
  };
}
