import { randomUUID } from "node:crypto";
import { hashPassword } from "@repo/auth/password";
import type { SchoolImportResult } from "@repo/contracts/master-institutes";
import { instituteSchoolBody } from "@repo/contracts/master-institutes";
import { SCHOOL_IMPORT, SCHOOL_IMPORT_JOB } from "@repo/contracts/master-institutes-constants";
import { COUNTED, countOf, pluralWord } from "@repo/contracts/plural";
import { pinCodeProblem } from "@repo/contracts/schools";
import { SCHOOL_BOARDS, SCHOOL_CATEGORIES } from "@repo/contracts/schools-constants";
import { boardOf, categoryOf } from "@repo/contracts/spellings";
import type { StudentImportJobMode, StudentImportPreview } from "@repo/contracts/student-import";
import { type DbOrTx, pacer, queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Services } from "../../context";
import type { Actor } from "../../kernel/activity";
import { ApiError } from "../../kernel/http/errors";
import { enqueueJob, type JobContext, JobError, type JobHandler, wakeJobRunners } from "../../kernel/jobs/jobs";
import {
  type ColumnSpec,
  displayValue,
  errorsWorkbook,
  type OpenedSpreadsheet,
  openSpreadsheet,
  parseSheetRow,
  previewErrorRows,
  previewOfFile,
  problemsText,
  type SheetRow,
  SpreadsheetError,
  type TemplateColumn,
  templateWorkbook,
} from "../../kernel/spreadsheets/index";
import type { FileStorage } from "../../kernel/storage";
import { findUserByUsername } from "../accounts/users";
import { ownedSchoolWhere } from "../schools/ownership";
import { emailTaken } from "../schools/school-account";
import { asApiError } from "../students/student-import";
import { temporaryPassword } from "../students/students";
import { addInstituteSchool, instituteName } from "./institute-schools";

/**
 * A master institute's schools import (docs/domain.md, Services every feature shares: imports): the same spreadsheets module, job
 * queue and errors file as the students import. Each row is the "Add school" form with its place
 * named instead of picked; each imported school gets its role-2 account and a credentials mail.
 * Idempotent by the school's username: a row whose username is already one of this institute's
 * schools changes nothing and counts as already registered.
 */

/** A list's id by its name as people write it ("C.B.S.E.", "Govt": the accepted spellings, spellings.ts). */
const byName = <T extends { id: number; name: string }>(
  list: readonly T[],
  label: string,
  idOf: (text: string) => number | undefined,
) =>
  z.preprocess(
    (value) => {
      if (typeof value === "number") return value;
      const text = String(value ?? "").trim();
      if (/^\d+$/.test(text)) return Number(text);
      return idOf(text) ?? (text ? -1 : undefined);
    },
    z
      .number({ error: `Choose the ${label}` })
      .int()
      .refine(
        (id) => list.some((item) => item.id === id),
        `Choose the ${label} from the list: ${list.map((i) => i.name).join(", ")}`,
      ),
  );

const placeName = (label: string, required: boolean) => {
  const base = z.preprocess(
    (value) =>
      value === null || value === undefined || String(value).trim() === "" ? undefined : String(value).trim(),
    z.string({ error: `Enter the ${label}` }).max(120, `The ${label} can be at most 120 characters`),
  );
  return required ? base : base.optional();
};

/** One row of the template, as the schema checks it (place by name, password optional). */
export const schoolImportRow = instituteSchoolBody
  .omit({ zone_id: true, state_id: true, prant_id: true, district_id: true, city_id: true })
  .extend({
    category_id: byName(SCHOOL_CATEGORIES, "category", categoryOf),
    board_id: byName(SCHOOL_BOARDS, "board", boardOf),
    pincode: z.preprocess((v) => (v === null || v === undefined ? v : String(v)), instituteSchoolBody.shape.pincode),
    state: placeName("state", true),
    district: placeName("district", false),
    city: placeName("city", false),
  });
export type SchoolImportRow = z.infer<typeof schoolImportRow>;
type RowKey = keyof SchoolImportRow;

export const SCHOOL_COLUMNS: readonly (ColumnSpec & { key: RowKey } & TemplateColumn)[] = [
  { key: "school_name", header: "School name", aliases: ["School", "Name"], required: true, width: 32 },
  { key: "category_id", header: "Category", list: SCHOOL_CATEGORIES.map((c) => c.name), required: true, width: 16 },
  { key: "board_id", header: "Board", list: SCHOOL_BOARDS.map((b) => b.name), required: true, width: 18 },
  { key: "address", header: "Address", required: true, width: 36 },
  {
    key: "pincode",
    header: "PIN code",
    aliases: ["Pincode", "PIN", "Postal code"],
    required: true,
    numFmt: "@",
    width: 10,
  },
  { key: "state", header: "State", aliases: ["Country"], required: true, width: 18 },
  { key: "district", header: "District", width: 18 },
  { key: "city", header: "City", width: 18 },
  {
    key: "contact_name",
    header: "Contact name",
    aliases: ["Principal", "Principal name", "Contact person"],
    required: true,
    width: 22,
  },
  {
    key: "contact_phone",
    header: "Phone",
    aliases: ["Contact phone", "Mobile"],
    required: true,
    numFmt: "@",
    width: 16,
  },
  { key: "email", header: "E-mail", aliases: ["Email", "E-mail address"], required: true, width: 28 },
  { key: "username", header: "Username", aliases: ["User name", "Login"], required: true, width: 18 },
  { key: "password", header: "Password", width: 16 },
];

const SHEET_NAME = "Schools";
const INSTRUCTIONS_SHEET = "Instructions";
const readOptions = {
  columns: SCHOOL_COLUMNS,
  limits: { maxBytes: SCHOOL_IMPORT.maxBytes, maxRows: SCHOOL_IMPORT.maxRows },
  quietHeaders: ["Errors"],
  quietSheets: [INSTRUCTIONS_SHEET],
} as const;

const open = (bytes: Uint8Array): Promise<OpenedSpreadsheet> => openSpreadsheet(bytes, readOptions);

export function schoolTemplate(): Promise<Uint8Array> {
  return templateWorkbook({
    sheetName: SHEET_NAME,
    columns: SCHOOL_COLUMNS,
    validationRows: SCHOOL_IMPORT.maxRows,
    instructions: [
      "How to fill in this template",
      "One school per row on the first sheet, below the header row. Keep the header row; the columns may be in any order.",
      "Every column is required except District, City and Password.",
      `Category: ${SCHOOL_CATEGORIES.map((c) => c.name).join(", ")}. Board: ${SCHOOL_BOARDS.map((b) => b.name).join(", ")}.`,
      "State, District and City: the names as the portal lists them (for a Gulf school, its country as the State).",
      "Username: the school's sign-in name (letters, digits and . _ @ -). Password: leave it empty and the portal makes one.",
      "Each school gets its own account; its sign-in details are mailed to the school's e-mail address.",
      "A row whose username is already one of your schools adds nothing: uploading the same file again changes nothing.",
      `At most ${SCHOOL_IMPORT.maxRows} schools and ${SCHOOL_IMPORT.maxBytes / 1024 / 1024} MB per file. A CSV or tab-separated text file with the same header row works too (UTF-8, Unicode Text or Windows-1252).`,
      'Rows with mistakes come back in an errors file: the same columns and an "Errors" column. Fix them there and upload it again.',
    ],
  });
}

/** Preview: the mapping and the first rows as read and checked; saves nothing. */
export async function previewSchoolImport(bytes: Uint8Array): Promise<StudentImportPreview> {
  try {
    const sheet = await open(bytes);
    const rows: StudentImportPreview["rows"] = [];
    const errorRows = previewErrorRows(SCHOOL_COLUMNS);
    const usernames = new Set<string>();
    let total = 0;
    let bad = 0;
    for await (const row of sheet.rows) {
      total++;
      const { record, errors } = parseSheetRow(schoolImportRow, SCHOOL_COLUMNS, row);
      if (record) {
        const key = record.username.toLowerCase();
        if (usernames.has(key)) errors.push({ field: "username", message: "The same username is on an earlier row" });
        usernames.add(key);
      }
      if (errors.length > 0) bad++;
      errorRows.add(row.row, errors);
      if (rows.length < SCHOOL_IMPORT.previewRows) {
        const values = Object.fromEntries(
          Object.entries(row.values).map(([k, v]) => [k, k === "password" && v ? "••••••" : displayValue(v)]),
        );
        const shown = record && errors.length === 0 ? { ...record, password: record.password ? "••••••" : "" } : null;
        rows.push({ row: row.row, values, student: shown as Record<string, string | number> | null, errors });
      }
    }
    if (total === 0) throw new SpreadsheetError("empty", "The file has a header row but no schools below it.");
    return { ...previewOfFile(sheet), total_rows: total, bad_rows: bad, rows, error_rows: errorRows.rows };
  } catch (error) {
    throw asApiError(error);
  }
}

export interface SchoolImportPayload {
  upload_key: string;
  mode: StudentImportJobMode;
  master_institute_id: number;
  user_id: number;
  request_id: string;
  login_url: string;
  file_name: string;
}

/** Checks the file's header now (a wrong file is refused at once), stores it and queues the job. */
export async function startSchoolImport(
  services: Pick<Services, "database" | "storage">,
  target: { masterInstituteId: number; actor: Actor; loginUrl: string },
  upload: { bytes: Uint8Array; name: string; mode: StudentImportJobMode },
): Promise<number> {
  try {
    const sheet = await open(upload.bytes);
    await sheet.rows.return(undefined);
  } catch (error) {
    throw asApiError(error);
  }
  const key = `school-imports/${randomUUID()}.upload`;
  await services.storage.put(key, upload.bytes);
  const payload: SchoolImportPayload = {
    upload_key: key,
    mode: upload.mode,
    master_institute_id: target.masterInstituteId,
    user_id: target.actor.userId,
    request_id: target.actor.requestId,
    login_url: target.loginUrl,
    file_name: upload.name.slice(0, 200),
  };
  const jobId = await enqueueJob(services.database.db, {
    kind: SCHOOL_IMPORT_JOB,
    payload: { ...payload },
    createdBy: target.actor.userId,
  });
  wakeJobRunners();
  return jobId;
}

interface Place {
  zone_id: number;
  state_id: number;
  prant_id?: number | undefined;
  district_id?: number | undefined;
  city_id?: number | undefined;
}

/** The place a row names, or the field that names nothing the portal knows (or a PIN code its country refuses). */
async function placeOf(db: DbOrTx, row: SchoolImportRow): Promise<Place | { field: string; message: string }> {
  const [state] = await queryRows<{ id: number; zone_id: number; country_code: string }>(
    db,
    sql`select s.id, s.zone_id, c.code as country_code from states s join countries c on c.id = s.country_id
        where lower(s.name) = lower(${row.state}) order by s.id limit 1`,
  );
  if (!state) return { field: "state", message: `No state or country called "${row.state}"` };
  const pinCode = pinCodeProblem(row.pincode, state.country_code);
  if (pinCode) return { field: "pincode", message: pinCode };
  const place: Place = { zone_id: Number(state.zone_id), state_id: Number(state.id) };
  if (row.district) {
    const [district] = await queryRows<{ id: number; prant_id: number }>(
      db,
      sql`select d.id, d.prant_id from districts d join prants p on p.id = d.prant_id
          where p.state_id = ${place.state_id} and lower(d.name) = lower(${row.district}) order by d.id limit 1`,
    );
    if (!district) return { field: "district", message: `No district "${row.district}" in ${row.state}` };
    place.district_id = Number(district.id);
    place.prant_id = Number(district.prant_id);
  }
  if (row.city) {
    if (!place.district_id) return { field: "district", message: "Enter the district of the city" };
    const [city] = await queryRows<{ id: number }>(
      db,
      sql`select id from cities where district_id = ${place.district_id} and lower(name) = lower(${row.city}) order by id limit 1`,
    );
    if (!city) return { field: "city", message: `No city "${row.city}" in ${row.district}` };
    place.city_id = Number(city.id);
  }
  return place;
}

const errorsFileKey = (id: string) => `school-imports/${id}-errors.xlsx`;
const FIRST_ERRORS = 20;

export function schoolImportJob(services: Pick<Services, "storage">): JobHandler {
  return (context) => runSchoolImport(services.storage, context);
}

class RolledBack extends Error {}

async function runSchoolImport(
  storage: FileStorage,
  { db, job, progress }: JobContext,
): Promise<SchoolImportResult & Record<string, unknown>> {
  const payload = job.payload as unknown as SchoolImportPayload;
  const bytes = await storage.get(payload.upload_key);
  if (!bytes) throw new JobError("The uploaded file is no longer stored. Please upload it again.");

  // 1. Read and check every row: the schema, the place, repeats in the file, the database.
  const problems = new Map<number, string>();
  const good: { row: number; body: SchoolImportRow & Place }[] = [];
  const usernames = new Map<string, number>();
  const emails = new Map<string, number>();
  let total = 0;
  let alreadyHere = 0;
  let warnings: string[] = [];
  try {
    const sheet = await open(bytes);
    warnings = sheet.warnings;
    for await (const row of sheet.rows) {
      total++;
      const problem = await checkImportRow(db, payload.master_institute_id, row, usernames, emails);
      if (problem === "already") alreadyHere++;
      else if (typeof problem === "string") problems.set(row.row, problem);
      else good.push({ row: row.row, body: problem });
    }
  } catch (error) {
    if (error instanceof SpreadsheetError) throw new JobError(error.message);
    throw error;
  }
  if (total === 0) throw new JobError("The file has a header row but no schools below it.");
  await progress(total, total * 2);

  // 2. Save in one transaction: everything or nothing, or only the good rows.
  let inserted = 0;
  let saved = payload.mode === "valid-rows" || problems.size === 0;
  if (saved && good.length > 0) {
    const name = await instituteName(db, payload.master_institute_id);
    const actor = { userId: payload.user_id, requestId: payload.request_id };
    try {
      inserted = await db.transaction(async (tx) => {
        let added = 0;
        // On the embedded database each insert runs in this process: pace them (decision 046).
        const pace = pacer();
        for (const item of good) {
          await pace();
          const password = item.body.password ?? temporaryPassword();
          try {
            // Each school in its own savepoint: one refused row does not undo the others.
            await tx.transaction(async (row) => {
              await addInstituteSchool(
                row as DbOrTx,
                {
                  masterInstituteId: payload.master_institute_id,
                  instituteName: name,
                  actor,
                  loginUrl: payload.login_url,
                  source: "import",
                },
                { ...item.body, password },
                await hashPassword(password),
              );
            });
            added++;
          } catch (error) {
            // Taken since the check (two uploads at once), or a place that no longer fits.
            if (!(error instanceof ApiError)) throw error;
            problems.set(item.row, error.message);
            if (payload.mode === "all-or-nothing") throw new RolledBack();
          }
        }
        return added;
      });
    } catch (error) {
      if (!(error instanceof RolledBack)) throw error;
      inserted = 0;
      saved = false;
    }
  }

  // 3. The errors file: every row when nothing was saved, else only the refused ones.
  let errorsFileId: string | null = null;
  if (problems.size > 0) {
    errorsFileId = randomUUID();
    const sheet = await open(bytes);
    const everyRow = !saved;
    const rows = async function* () {
      for await (const row of sheet.rows) {
        const message = problems.get(row.row) ?? "";
        if (!message && !everyRow) continue;
        // Passwords typed into the upload are not written back out.
        yield {
          values: SCHOOL_COLUMNS.map((c) => (c.key === "password" ? null : (row.values[c.key] ?? null))),
          errors: message,
        };
      }
    };
    await storage.put(
      errorsFileKey(errorsFileId),
      await errorsWorkbook({ sheetName: SHEET_NAME, columns: SCHOOL_COLUMNS }, rows()),
    );
  }
  await storage.remove(payload.upload_key);

  const errors = [...problems.entries()]
    .sort(([a], [b]) => a - b)
    .slice(0, FIRST_ERRORS)
    .map(([row, message]) => ({ row, message }));
  return {
    mode: payload.mode,
    total_rows: total,
    inserted,
    already_registered: alreadyHere,
    bad_rows: problems.size,
    errors_file_id: errorsFileId,
    errors,
    warnings,
    message: summary(payload.mode, { inserted, alreadyHere, badRows: problems.size, saved }),
  };
}

/** One row: its problem in words, "already" (one of this institute's schools), or the school to add. */
async function checkImportRow(
  db: DbOrTx,
  masterInstituteId: number,
  row: SheetRow,
  usernames: Map<string, number>,
  emails: Map<string, number>,
): Promise<string | "already" | (SchoolImportRow & Place)> {
  const { record, errors } = parseSheetRow(schoolImportRow, SCHOOL_COLUMNS, row);
  if (!record) return problemsText(SCHOOL_COLUMNS, errors);
  const username = record.username.toLowerCase();
  const earlier = usernames.get(username);
  if (earlier !== undefined) return `Username: the same username is on row ${earlier}`;
  usernames.set(username, row.row);
  const user = await findUserByUsername(db, record.username);
  if (user) {
    const [mine] = await queryRows<{ id: number }>(
      db,
      sql`select sc.id from schools sc where ${ownedSchoolWhere({ kind: "institute", masterInstituteId }, user.schoolId ?? 0)}`,
    );
    return mine ? "already" : "Username: this username is already taken";
  }
  const earlierEmail = emails.get(record.email);
  if (earlierEmail !== undefined) return `E-mail: the same e-mail address is on row ${earlierEmail}`;
  emails.set(record.email, row.row);
  if (await emailTaken(db, record.email)) return "E-mail: a school with this e-mail address is already registered";
  const place = await placeOf(db, record);
  if ("message" in place) return problemsText(SCHOOL_COLUMNS, [place]);
  return { ...record, ...place };
}

function summary(
  mode: StudentImportJobMode,
  counts: { inserted: number; alreadyHere: number; badRows: number; saved: boolean },
): string {
  const schools = (n: number) => countOf(n, COUNTED.school);
  if (!counts.saved && mode === "all-or-nothing") {
    return `Nothing was saved: ${countOf(counts.badRows, COUNTED.row)} ${pluralWord(counts.badRows, COUNTED.has)} mistakes. Download the errors file, fix the rows marked in its "Errors" column and upload it again.`;
  }
  const parts = [`${schools(counts.inserted)} added`];
  if (counts.alreadyHere > 0) parts.push(`${schools(counts.alreadyHere)} already registered`);
  if (counts.badRows > 0) parts.push(`${countOf(counts.badRows, COUNTED.row)} not saved (see the errors file)`);
  return `${parts.join(", ")}.`;
}

/** The errors workbook of one of the caller's schools imports. */
export async function schoolImportErrorsFile(
  storage: FileStorage,
  job: { kind: string; result: Record<string, unknown> | null },
): Promise<Uint8Array> {
  const id = job.kind === SCHOOL_IMPORT_JOB ? job.result?.errors_file_id : undefined;
  const bytes = typeof id === "string" && /^[0-9a-f-]{36}$/.test(id) ? await storage.get(errorsFileKey(id)) : undefined;
  if (!bytes)
    throw new ApiError(404, "This import has no errors file: every row was accepted, or it has not finished.");
  return bytes;
}
