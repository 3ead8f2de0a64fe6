import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { LANGUAGES } from "@repo/contracts/languages";
import {
  STUDENT_IMPORT_JOB,
  type StudentImportJobMode,
  type StudentImportPreview,
  type StudentImportResult,
} from "@repo/contracts/student-import";
import { type StudentFields, studentFields, studentKey } from "@repo/contracts/students";
import {
  CLASS_LEVELS,
  classLabel,
  GENDERS,
  registeredElsewhereMessage,
  STUDENT_IMPORT,
} from "@repo/contracts/students-constants";
import { type Database, type DbOrTx, pacer, queryRows } from "@repo/db";
import type { FileStorage } from "@repo/storage";
import { sql } from "drizzle-orm";
import type { Services } from "../../context";
import { type Actor, recordActivity } from "../../kernel/activity";
import { ApiError } from "../../kernel/http/errors";
import {
  asApiError,
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
import {
  type ColumnSpec,
  displayValue,
  type FieldProblem,
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
import { textsIn } from "../../kernel/sql";
import { activeExamYear } from "../programme/exam-year";
import { schoolScopeOf } from "../schools/ownership";
import { addStudentRecords, type StudentRecord, type StudentViewer, studentRecord } from "./students";

/**
 * The students' spreadsheet import (docs/domain.md, Services every feature shares: imports):
 * the template, a preview of an upload, and the import job. Every row is checked with the
 * single-student form's schema (`studentFields`); nothing is saved unless the upload as a whole
 * is accepted, or, in "valid-rows" mode, only the good rows are, in one transaction.
 *
 * A school's own import is one layout of it (SCHOOL_STUDENT_IMPORT: every row to one school);
 * the coordinators' bulk import (bulk-student-import.ts) is another, whose rows name their school.
 */

type FieldKey = keyof StudentFields;

/** The template's columns, in order, with the other headers schools use for them (Hindi too). */
export const STUDENT_COLUMNS: readonly (ColumnSpec & { key: FieldKey } & TemplateColumn)[] = [
  {
    key: "first_name",
    header: "First name",
    aliases: ["Firstname", "Given name", "Name", "Student name", "Student's name", "पहला नाम", "नाम", "छात्र का नाम"],
    required: true,
    width: 20,
  },
  {
    key: "last_name",
    header: "Last name",
    aliases: ["Lastname", "Surname", "Family name", "उपनाम", "अंतिम नाम"],
    width: 20,
  },
  {
    key: "class_level",
    header: "Class",
    aliases: ["Std", "Standard", "Grade", "कक्षा"],
    required: true,
    list: CLASS_LEVELS.map(classLabel),
    width: 10,
  },
  {
    key: "language",
    header: "Language",
    aliases: ["Exam language", "Medium", "भाषा", "परीक्षा की भाषा", "माध्यम"],
    required: true,
    list: LANGUAGES.map((l) => l.name),
    width: 14,
  },
  {
    key: "gender",
    header: "Gender",
    aliases: ["Sex", "लिंग"],
    required: true,
    list: GENDERS.map((g) => g.name),
    width: 10,
  },
  {
    key: "date_of_birth",
    header: "Date of birth",
    aliases: ["DOB", "Birth date", "Birthdate", "जन्म तिथि", "जन्मतिथि", "जन्म दिनांक"],
    required: true,
    numFmt: "dd/mm/yyyy",
    width: 14,
  },
  {
    key: "parent_name",
    header: "Parent's name",
    aliases: [
      "Parent name",
      "Parent",
      "Father's name",
      "Mother's name",
      "Guardian's name",
      "Guardian",
      "अभिभावक का नाम",
      "पिता का नाम",
      "माता का नाम",
    ],
    required: true,
    width: 24,
  },
  {
    key: "phone",
    header: "Phone",
    aliases: [
      "Phone number",
      "Mobile",
      "Mobile number",
      "Mobile no",
      "Contact number",
      "फ़ोन",
      "फोन",
      "मोबाइल",
      "मोबाइल नंबर",
    ],
    required: true,
    numFmt: "@",
    width: 16,
  },
  {
    key: "email",
    header: "E-mail",
    aliases: ["Email address", "E-mail address", "Mail", "ईमेल", "ई-मेल"],
    width: 28,
  },
];

/** Progress is written every this many rows (each report is a database write). */
const PROGRESS_EVERY = 5000;
/** Rows per addStudents call inside the one transaction (progress between them on PostgreSQL). */
const SAVE_BATCH = 1000;
/** Keys per duplicate look-up. */
const LOOKUP_BATCH = 5000;

// ── What differs between the students imports ──────────────────────────────────────────────────

export type { ImportColumn };

/** The school a row's student goes to, or what is wrong with the row's school. */
export type RowSchool = (row: SheetRow) => { schoolId: number } | { problem: FieldProblem };

/**
 * One students import served by this module's machinery (template, preview, job, errors file):
 * a school's own import, where every row goes to one school, or a coordinator's bulk import
 * (domains/students/bulk-student-import.ts), where each row names its school by code.
 */
export interface StudentImportLayout extends ImportFile {
  /** Finds each row's school, once per import (it may read the database). */
  rowSchools(db: DbOrTx, payload: StudentImportPayload): Promise<RowSchool>;
  /**
   * Rows may go to several schools: the result counts the schools that got students, and the
   * import is logged once as this activity besides each school's `student.import`.
   */
  manySchools: { activity: string } | null;
}

/** A school's own import (and a master institute's into one of its schools): every row to one school. */
export const SCHOOL_STUDENT_IMPORT: StudentImportLayout = {
  jobKind: STUDENT_IMPORT_JOB,
  limits: STUDENT_IMPORT,
  columns: STUDENT_COLUMNS,
  sheetName: "Students",
  extraSheets: [],
  folder: "student-imports",
  rowSchools: async (_db, payload) => {
    const schoolId = Number(payload.school_id);
    return () => ({ schoolId });
  },
  manySchools: null,
};

// ── Template ───────────────────────────────────────────────────────────────────────────────────

/**
 * The Instructions sheet of a students template: a title, the layout's own lines (after the
 * first, general one) and how to fill in the students' columns.
 */
export function studentInstructions(options: {
  title: string;
  required?: readonly string[];
  lines?: readonly string[];
}): string[] {
  const required = [...(options.required ?? []), "First name", "Class", "Language", "Gender", "Date of birth"];
  return [
    options.title,
    "One student per row on the first sheet, below the header row. Keep the header row; the columns may be in any order.",
    ...(options.lines ?? []),
    `${required.join(", ")}, Parent's name and Phone are required; Last name and E-mail may stay empty.`,
    "Class: VI, VII, VIII, IX, X or XI (8, 8th and Class 8 also work).",
    `Language: the exam language, one of ${LANGUAGES.map((l) => l.name).join(", ")}, in English or in its own script (हिंदी, தமிழ்).`,
    "Gender: Female, Male or Other (F, M, and the words of the 14 languages, like महिला or पुरुष, also work).",
    "Date of birth: a date cell, or text like 15/08/2012 (day first), 2012-08-15 or 15 Aug 2012.",
    "Phone: 10 to 15 digits, e.g. 9876543210 or +91 98765 43210.",
    "A student with the same name, date of birth and phone is registered only once per exam year, even across schools; uploading the same file again adds nothing.",
    `At most ${STUDENT_IMPORT.maxRows.toLocaleString("en-IN")} students and ${STUDENT_IMPORT.maxBytes / 1024 / 1024} MB per file. A CSV or tab-separated text file with the same header row works too (UTF-8, Excel's "Unicode Text" or Windows-1252).`,
    'Rows with mistakes come back in an errors file: the same columns and an "Errors" column. Fix the rows in it and upload it again.',
  ];
}

export function studentTemplate(): Promise<Uint8Array> {
  return templateWorkbook({
    sheetName: SCHOOL_STUDENT_IMPORT.sheetName,
    columns: STUDENT_COLUMNS,
    validationRows: STUDENT_IMPORT.maxRows,
    instructions: studentInstructions({ title: "How to fill in this template" }),
  });
}

// ── Checking rows ──────────────────────────────────────────────────────────────────────────────

/** What the schema says about one row: the student, or messages like "Class: Choose a class from VI to XI". */
export function checkRow(row: SheetRow): {
  student: StudentFields | null;
  errors: { field: string; message: string }[];
} {
  const { record, errors } = parseSheetRow(studentFields, STUDENT_COLUMNS, row);
  return { student: record, errors };
}

/** A row through the schema and its school: the student and its school, or every problem (the school's first). */
function checkLayoutRow(
  row: SheetRow,
  schoolOf: RowSchool,
): { student: StudentFields; schoolId: number; errors: [] } | { student: null; errors: FieldProblem[] } {
  const checked = checkRow(row);
  const school = schoolOf(row);
  if ("problem" in school) return { student: null, errors: [school.problem, ...checked.errors] };
  if (!checked.student) return { student: null, errors: checked.errors };
  return { student: checked.student, schoolId: school.schoolId, errors: [] };
}

const open = (layout: StudentImportLayout, bytes: Uint8Array): Promise<OpenedSpreadsheet> =>
  openImportFile(layout, bytes);

export type ImportPreview = StudentImportPreview;

/**
 * The preview: the column mapping, the number of data rows, the first rows as they will be read
 * and how many rows the schema (or a repeat inside the file) already refuses. Saves nothing.
 */
export function previewStudentImport(bytes: Uint8Array): Promise<ImportPreview> {
  return previewImport(SCHOOL_STUDENT_IMPORT, bytes, () => ({ schoolId: 0 }));
}

/** The preview of any layout; `schoolOf` checks each row's school (a school's own import: none to check). */
export async function previewImport(
  layout: StudentImportLayout,
  bytes: Uint8Array,
  schoolOf: RowSchool,
): Promise<ImportPreview> {
  try {
    const sheet = await open(layout, bytes);
    const rows: ImportPreview["rows"] = [];
    const errorRows = previewErrorRows(layout.columns);
    const keys = new Set<string>();
    let total = 0;
    let bad = 0;
    for await (const row of sheet.rows) {
      total++;
      const checked = checkLayoutRow(row, schoolOf);
      const errors: FieldProblem[] = checked.errors;
      if (checked.student) {
        const key = studentKey(checked.student);
        if (keys.has(key)) {
          errors.push({ field: "first_name", message: "The same student is on an earlier row of this file" });
        }
        keys.add(key);
      }
      if (errors.length > 0) bad++;
      errorRows.add(row.row, errors);
      if (rows.length < STUDENT_IMPORT.previewRows) {
        rows.push({
          row: row.row,
          values: Object.fromEntries(Object.entries(row.values).map(([k, v]) => [k, displayValue(v)])),
          student: errors.length > 0 ? null : checked.student,
          errors,
        });
      }
    }
    if (total === 0) {
      throw new SpreadsheetError("empty", "The file has a header row but no students below it.");
    }
    return { ...previewOfFile(sheet), total_rows: total, bad_rows: bad, rows, error_rows: errorRows.rows };
  } catch (error) {
    throw asApiError(error);
  }
}

// ── Starting the job ───────────────────────────────────────────────────────────────────────────

export interface StudentImportPayload extends ImportPayload {
  /** The school every row goes to (SCHOOL_STUDENT_IMPORT); absent when each row names its school. */
  school_id?: number;
}

/** Checks the upload's type, size and columns now, stores it and queues the import (queueImport). */
export function startStudentImport(
  services: Pick<Services, "database" | "storage">,
  target: { schoolId: number; actor: Actor },
  upload: { bytes: Uint8Array; name: string; mode: StudentImportJobMode },
): Promise<number> {
  return startImport(SCHOOL_STUDENT_IMPORT, services, target.actor, upload, { school_id: target.schoolId });
}

/** startStudentImport for any layout; `target` is what the layout's job needs besides the file. */
export function startImport(
  layout: StudentImportLayout,
  services: Pick<Services, "database" | "storage">,
  actor: Actor,
  upload: { bytes: Uint8Array; name: string; mode: StudentImportJobMode },
  target: { school_id?: number } = {},
): Promise<number> {
  return queueImport(layout, services, actor, upload, target);
}

// ── The job ────────────────────────────────────────────────────────────────────────────────────

type ImportJobServices = Pick<Services, "storage"> & { database: Pick<Database, "driver"> };

/** The import job's handler; it needs the file storage, hence a factory over the services. */
export function studentImportJob(services: ImportJobServices): JobHandler {
  return importJob(SCHOOL_STUDENT_IMPORT, services);
}

/** The job handler of any layout. */
export function importJob(layout: StudentImportLayout, services: ImportJobServices): JobHandler {
  return (context) => runStudentImport(layout, services.storage, services.database.driver === "postgres", context);
}

class RolledBack extends Error {}

/** One row to save, as read back from the scratch file. */
interface Pending {
  row: number;
  record: StudentRecord;
}

async function runStudentImport(
  layout: StudentImportLayout,
  storage: FileStorage,
  progressInTransaction: boolean,
  { db, job, progress, afterDone }: JobContext,
): Promise<StudentImportResult & Record<string, unknown>> {
  const payload = job.payload as unknown as StudentImportPayload;
  const schoolOf = await layout.rowSchools(db, payload);

  // 1. Read and check every row. The good ones go to a scratch file as short records: held in
  // memory, 100,000 of them grew the server's heap past its memory budget.
  const problems = new Map<number, string>();
  const firstRowOf = new Map<string, number>();
  /** The school each good row's student goes to, by its duplicate key. */
  const schoolOfKey = new Map<string, number>();
  const scratch = await mkdtemp(path.join(tmpdir(), "student-import-"));
  try {
    const goodFile = path.join(scratch, "good.tsv");
    let total = 0;
    let warnings: string[] = [];
    const out = createWriteStream(goodFile);
    try {
      // Held only while reading: the errors file reads the upload again, so the bytes and their
      // text are garbage by the time the rows are saved.
      const sheet = await open(layout, await storedUpload(storage, payload));
      warnings = sheet.warnings;
      for await (const row of sheet.rows) {
        total++;
        const checked = checkLayoutRow(row, schoolOf);
        if (!checked.student) {
          problems.set(row.row, problemsText(layout.columns, checked.errors));
        } else {
          const record = studentRecord(checked.student);
          const earlier = firstRowOf.get(record.key);
          if (earlier !== undefined) {
            problems.set(row.row, `Same student as row ${earlier} (same name, date of birth and phone)`);
          } else {
            firstRowOf.set(record.key, row.row);
            schoolOfKey.set(record.key, checked.schoolId);
            // JSON text has no raw tabs or line breaks, so a tab-separated line holds it whole.
            if (!out.write(`${row.row}\t${checked.schoolId}\t${record.key}\t${record.json}\n`)) {
              await once(out, "drain");
            }
          }
        }
        if (total % PROGRESS_EVERY === 0) await progress(total, 0);
      }
    } catch (error) {
      throw asJobError(error);
    } finally {
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
    }
    if (total === 0) throw new JobError("The file has a header row but no students below it.");
    await progress(total, total * 2);

    // 2. Against the database: the row's school's students are "already registered", others' are errors.
    const year = await activeExamYear(db);
    const owners = new Map<string, { schoolId: number | null; studentId: number }>();
    const keys = [...firstRowOf.keys()];
    // The embedded database (PGlite) runs each query inside this process, and awaiting one does
    // not give the event loop a turn: without pacing, 20 look-ups were one 350 ms turn (decision 046).
    const pace = pacer();
    for (let start = 0; start < keys.length; start += LOOKUP_BATCH) {
      await pace();
      const found = await queryRows<{ key: string; school_id: number | null; student_id: number }>(
        db,
        sql`select s.dedupe_key as key, s.school_id, s.id as student_id
            from students s
            where s.exam_year_id = ${year.id} and ${textsIn(sql`s.dedupe_key`, keys.slice(start, start + LOOKUP_BATCH))}`,
      );
      for (const row of found) {
        owners.set(row.key, {
          schoolId: row.school_id === null ? null : Number(row.school_id),
          studentId: Number(row.student_id),
        });
      }
    }
    let alreadyHere = 0;
    for (const [key, owner] of owners) {
      if (owner.schoolId === schoolOfKey.get(key)) alreadyHere++;
      else problems.set(firstRowOf.get(key) ?? 0, registeredElsewhereMessage(owner.studentId));
    }
    const freshCount = firstRowOf.size - owners.size;
    firstRowOf.clear();
    schoolOfKey.clear();

    // 3. Save, in one transaction: everything or nothing, or only the good rows.
    let inserted = 0;
    const schoolsWithNew = new Set<number>();
    let saveAll = payload.mode === "valid-rows" || problems.size === 0;
    if (saveAll && freshCount > 0) {
      const actor = { userId: payload.user_id, requestId: payload.request_id };
      // Rows another school registered since the check above (two uploads at once).
      const lost: { row: number; message: string }[] = [];
      try {
        const saved = await db.transaction(async (tx) => {
          let added = 0;
          let here = 0;
          let done = 0;
          const save = async (schoolId: number, batch: Pending[]) => {
            const result = await addStudentRecords(
              tx as DbOrTx,
              { schoolId, actor, source: "import" },
              batch.map((b) => b.record),
            );
            added += result.inserted.length;
            if (result.inserted.length > 0) schoolsWithNew.add(schoolId);
            here += result.alreadyHere.length;
            for (const other of result.elsewhere) {
              const item = batch[other.index];
              if (item) lost.push({ row: item.row, message: registeredElsewhereMessage(other.studentId) });
            }
            if (lost.length > 0 && payload.mode === "all-or-nothing") throw new RolledBack();
            done += batch.length;
            // On PGlite the progress write would wait for this very transaction: report after it.
            if (progressInTransaction) await progress(total + Math.round((done / freshCount) * total), total * 2);
          };
          // One batch per school; when the rows waiting reach a batch's size, every school's are
          // saved, so memory holds at most one batch whatever the order of the file's rows.
          const pending = new Map<number, Pending[]>();
          let waiting = 0;
          const saveWaiting = async () => {
            for (const [schoolId, batch] of pending) {
              await pace();
              await save(schoolId, batch);
            }
            pending.clear();
            waiting = 0;
          };
          const lines = createInterface({ input: createReadStream(goodFile), crlfDelay: Number.POSITIVE_INFINITY });
          for await (const line of lines) {
            const [row, school, key, json] = line.split("\t") as [string, string, string, string];
            if (owners.has(key)) continue;
            const schoolId = Number(school);
            const batch = pending.get(schoolId) ?? [];
            if (batch.length === 0) pending.set(schoolId, batch);
            batch.push({ row: Number(row), record: { key, json } });
            if (++waiting === SAVE_BATCH) await saveWaiting();
          }
          await saveWaiting();
          if (layout.manySchools && added > 0) {
            await recordActivity(tx as DbOrTx, {
              userId: payload.user_id,
              action: layout.manySchools.activity,
              entity: "students",
              after: { count: added, schools: schoolsWithNew.size, file: payload.file_name, mode: payload.mode },
              requestId: payload.request_id,
            });
          }
          return { added, here };
        });
        inserted = saved.added;
        alreadyHere += saved.here;
      } catch (error) {
        if (!(error instanceof RolledBack)) throw error;
        saveAll = false;
        schoolsWithNew.clear();
      }
      for (const item of lost) problems.set(item.row, item.message);
    }
    const result = await finish({
      layout,
      storage,
      afterDone,
      payload,
      problems,
      saveAll,
      total,
      inserted,
      alreadyHere,
      warnings,
    });
    if (!layout.manySchools) return result;
    return {
      ...result,
      schools: schoolsWithNew.size,
      message: importSummary(
        "student",
        payload.mode,
        { inserted, alreadyHere, badRows: problems.size, saved: saveAll },
        { schools: schoolsWithNew.size },
      ),
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Writes the errors file when some rows were not saved, has the upload removed once done and sums up. */
async function finish(input: {
  layout: StudentImportLayout;
  storage: FileStorage;
  afterDone: JobContext["afterDone"];
  payload: StudentImportPayload;
  problems: Map<number, string>;
  saveAll: boolean;
  total: number;
  inserted: number;
  alreadyHere: number;
  warnings: string[];
}): Promise<StudentImportResult & Record<string, unknown>> {
  const { layout, storage, afterDone, payload, problems, saveAll, total, inserted, alreadyHere, warnings } = input;
  // 4. The errors file: all rows when nothing was saved (fix and upload it whole), else the bad ones.
  const errorsFileId =
    problems.size > 0
      ? await storeErrorsFile(layout, storage, {
          bytes: await storedUpload(storage, payload),
          problems,
          everyRow: !saveAll,
        })
      : null;
  removeUploadWhenDone(storage, payload, { afterDone });

  const badRows = problems.size;
  return {
    mode: payload.mode,
    total_rows: total,
    inserted,
    already_registered: alreadyHere,
    bad_rows: badRows,
    errors_file_id: errorsFileId,
    errors: firstProblems(problems),
    warnings,
    message: importSummary("student", payload.mode, { inserted, alreadyHere, badRows, saved: saveAll }),
  };
}

/** The school an import goes to: the caller's own (school and institute accounts). */
export async function importSchoolOf(db: DbOrTx, viewer: StudentViewer): Promise<number> {
  const scope = await schoolScopeOf(db, viewer);
  if (scope.kind !== "school") throw new ApiError(403, "Import students from one of your schools' accounts.");
  return scope.schoolId;
}
