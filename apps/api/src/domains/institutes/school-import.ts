import { hashPassword } from "@repo/auth/password";
import type { SchoolImportResult } from "@repo/contracts/master-institutes";
import { instituteSchoolBody } from "@repo/contracts/master-institutes";
import { SCHOOL_IMPORT, SCHOOL_IMPORT_JOB } from "@repo/contracts/master-institutes-constants";
import { pinCodeProblem } from "@repo/contracts/schools";
import { SCHOOL_BOARDS, SCHOOL_CATEGORIES } from "@repo/contracts/schools-constants";
import { boardOf, categoryOf } from "@repo/contracts/spellings";
import type { StudentImportJobMode, StudentImportPreview } from "@repo/contracts/student-import";
import { type DbOrTx, pacer, queryRows } from "@repo/db";
import type { FileStorage } from "@repo/storage";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Services } from "../../context";
import type { Actor } from "../../kernel/activity";
import { ApiError } from "../../kernel/http/errors";
import {
  asApiError,
  asJobError,
  firstProblems,
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
import {
  type ColumnSpec,
  displayValue,
  type OpenedSpreadsheet,
  parseSheetRow,
  previewErrorRows,
  previewOfFile,
  problemsText,
  type SheetRow,
  SpreadsheetError,
  type TemplateColumn,
  templateWorkbook,
} from "../../kernel/spreadsheets/index";
import { findUserByUsername } from "../accounts/users";
import { ownedSchoolWhere } from "../schools/ownership";
import { emailTaken } from "../schools/school-account";
import { temporaryPassword } from "../students/students";
import { addInstituteSchool, instituteName } from "./institute-schools";

/**
 * A master institute's schools import (docs/decisions/016-master-institutes.md): the same
 * import capability as the students import (kernel/imports/spreadsheet-imports.ts: reader, job
 * queue, errors file; decision 064). Each row is the "Add school" form with its place
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

/** The schools import's file (spreadsheet-imports.ts): its job, limits, columns and sheet. */
export const SCHOOL_IMPORT_FILE: ImportFile = {
  jobKind: SCHOOL_IMPORT_JOB,
  limits: SCHOOL_IMPORT,
  columns: SCHOOL_COLUMNS,
  sheetName: "Schools",
  folder: "school-imports",
};

const open = (bytes: Uint8Array): Promise<OpenedSpreadsheet> => openImportFile(SCHOOL_IMPORT_FILE, bytes);

export function schoolTemplate(): Promise<Uint8Array> {
  return templateWorkbook({
    sheetName: SCHOOL_IMPORT_FILE.sheetName,
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

export interface SchoolImportPayload extends ImportPayload {
  master_institute_id: number;
  login_url: string;
}

/** Checks the file's header now (a wrong file is refused at once), stores it and queues the job. */
export function startSchoolImport(
  services: Pick<Services, "database" | "storage">,
  target: { masterInstituteId: number; actor: Actor; loginUrl: string },
  upload: { bytes: Uint8Array; name: string; mode: StudentImportJobMode },
): Promise<number> {
  return queueImport(SCHOOL_IMPORT_FILE, services, target.actor, upload, {
    master_institute_id: target.masterInstituteId,
    login_url: target.loginUrl,
  });
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

export function schoolImportJob(services: Pick<Services, "storage">): JobHandler {
  return (context) => runSchoolImport(services.storage, context);
}

class RolledBack extends Error {}

async function runSchoolImport(
  storage: FileStorage,
  { db, job, progress, afterDone }: JobContext,
): Promise<SchoolImportResult & Record<string, unknown>> {
  const payload = job.payload as unknown as SchoolImportPayload;
  const bytes = await storedUpload(storage, payload);

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
    throw asJobError(error);
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
  const errorsFileId = await storeErrorsFile(SCHOOL_IMPORT_FILE, storage, {
    bytes,
    problems,
    everyRow: !saved,
    // Passwords typed into the upload are not written back out.
    cell: (column, row) => (column.key === "password" ? null : (row.values[column.key] ?? null)),
  });
  removeUploadWhenDone(storage, payload, { afterDone });

  return {
    mode: payload.mode,
    total_rows: total,
    inserted,
    already_registered: alreadyHere,
    bad_rows: problems.size,
    errors_file_id: errorsFileId,
    errors: firstProblems(problems),
    warnings,
    message: importSummary("school", payload.mode, { inserted, alreadyHere, badRows: problems.size, saved }),
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
