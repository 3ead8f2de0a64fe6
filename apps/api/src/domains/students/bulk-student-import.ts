import type { BulkStudentImportItem, BulkStudentImportOverview } from "@repo/contracts/bulk-student-import";
import {
  BULK_STUDENT_IMPORT,
  BULK_STUDENT_IMPORT_JOB,
  SCHOOL_CODE_HEADER,
  SCHOOLS_SHEET,
} from "@repo/contracts/bulk-student-import-constants";
import type { JobStatus } from "@repo/contracts/jobs";
import { normalizeReferralCode } from "@repo/contracts/sif-constants";
import type { StudentImportJobMode } from "@repo/contracts/student-import";
import { type DbOrTx, queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import type { Services } from "../../context";
import type { Actor } from "../../kernel/activity";
import type { JobHandler } from "../../kernel/jobs/jobs";
import type { CellValue } from "../../kernel/spreadsheets/index";
import { templateWorkbook } from "../../kernel/spreadsheets/index";
import { coveredBy } from "../geography/region-scope";
import {
  type ImportColumn,
  type ImportPreview,
  importJob,
  previewImport,
  type RowSchool,
  STUDENT_COLUMNS,
  type StudentImportLayout,
  startImport,
  studentInstructions,
} from "./student-import";

/**
 * The coordinators' bulk student import (page `student-import`, permission `students.bulkImport`:
 * the GCC state coordinators, whose schools seldom import their own students). The schools'
 * student template plus a "School code" column, the school's referral code; each row goes to
 * that school, which must be in the coordinator's region (at or below one of its assignments).
 * The students are the school's like those of its own import (source `import`, the school's
 * region ids), with the same duplicate rule, limits, modes, job and errors file.
 */

const SCHOOL_CODE_COLUMN: ImportColumn = {
  key: "school_code",
  header: SCHOOL_CODE_HEADER,
  aliases: ["School referral code", "Referral code of the school", "Code of the school", "विद्यालय कोड"],
  required: true,
  width: 14,
  numFmt: "@",
};

/** The region's schools, for a coordinator: at or below one of its assignments. */
const inRegionOf = (userId: number) => coveredBy(userId);

export interface RegionSchool {
  id: number;
  name: string;
  code: string;
  active: boolean;
  /** "Dubai, United Arab Emirates". */
  place: string;
}

/** Every school of the coordinator's region, active or not, by name. */
export async function regionSchools(db: DbOrTx, userId: number): Promise<RegionSchool[]> {
  const rows = await queryRows<{ id: number; name: string; code: string; active: boolean; place: string | null }>(
    db,
    sql`select sc.id, sc.name, sc.referral_code as code, sc.is_active as active,
          concat_ws(', ', c.name, st.name) as place
        from schools sc
        left join cities c on c.id = sc.city_id
        left join states st on st.id = sc.state_id
        where ${inRegionOf(userId)}
        order by sc.name, sc.id`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), place: row.place ?? "" }));
}

const text = (value: CellValue | undefined) => (value === null || value === undefined ? "" : String(value).trim());

/**
 * Each row's school by its code, among the region's schools. A code outside the region reads
 * like an unknown one: the coordinator learns nothing about schools it does not oversee.
 */
export function schoolByCode(schools: readonly RegionSchool[]): RowSchool {
  const byCode = new Map(schools.map((school) => [school.code, school]));
  const problem = (message: string) => ({ problem: { field: SCHOOL_CODE_COLUMN.key, message } });
  return (row) => {
    const code = normalizeReferralCode(text(row.values[SCHOOL_CODE_COLUMN.key]));
    if (!code) {
      return problem(
        `Enter the school's code (its referral code, e.g. VVM1003) from the "${SCHOOLS_SHEET}" sheet of the template`,
      );
    }
    const school = byCode.get(code);
    if (!school) {
      return problem(
        `No school with the code ${code} in your region: check the code in the "${SCHOOLS_SHEET}" sheet of the template`,
      );
    }
    if (!school.active) {
      return problem(`${school.name} (${code}) is deactivated, so students cannot be added to it: ask the school`);
    }
    return { schoolId: school.id };
  };
}

export const BULK_STUDENT_IMPORT_LAYOUT: StudentImportLayout = {
  jobKind: BULK_STUDENT_IMPORT_JOB,
  limits: BULK_STUDENT_IMPORT,
  columns: [SCHOOL_CODE_COLUMN, ...STUDENT_COLUMNS],
  sheetName: "Students",
  extraSheets: [SCHOOLS_SHEET],
  folder: "bulk-student-imports",
  // The region as it is when the job runs: an assignment taken away meanwhile takes its schools.
  rowSchools: async (db, payload) => schoolByCode(await regionSchools(db, payload.user_id)),
  manySchools: { activity: "student.bulk-import" },
};

/** The template with the coordinator's schools: a "Your schools" sheet and a drop-down of their codes. */
export async function bulkStudentTemplate(db: DbOrTx, userId: number): Promise<Uint8Array> {
  const schools = (await regionSchools(db, userId)).filter((school) => school.active);
  const columns = BULK_STUDENT_IMPORT_LAYOUT.columns.map((column) =>
    column.key === SCHOOL_CODE_COLUMN.key && schools.length > 0
      ? { ...column, listRange: `'${SCHOOLS_SHEET}'!$A$2:$A$${schools.length + 1}` }
      : column,
  );
  return templateWorkbook({
    sheetName: BULK_STUDENT_IMPORT_LAYOUT.sheetName,
    columns,
    validationRows: BULK_STUDENT_IMPORT.maxRows,
    instructions: studentInstructions({
      title: "How to fill in this template (students of your region's schools)",
      required: [SCHOOL_CODE_HEADER],
      lines: [
        `School code: the referral code of the student's school (e.g. VVM1003). The "${SCHOOLS_SHEET}" sheet lists the schools of your region with their codes; a school outside your region is refused.`,
        "Each student is registered as a student of that school, as if the school had imported it; the school sees it in its own list.",
      ],
    }),
    sheets: [
      {
        name: SCHOOLS_SHEET,
        columns: [
          { header: "Code", width: 14 },
          { header: "School", width: 48 },
          { header: "Place", width: 32 },
        ],
        rows: schools.map((school) => [school.code, school.name, school.place]),
      },
    ],
  });
}

/** The preview of an upload, with each row's school checked against the region. */
export async function previewBulkStudentImport(db: DbOrTx, userId: number, bytes: Uint8Array): Promise<ImportPreview> {
  return previewImport(BULK_STUDENT_IMPORT_LAYOUT, bytes, schoolByCode(await regionSchools(db, userId)));
}

/** Checks the file's type, size and header at once, stores it and queues the import. */
export function startBulkStudentImport(
  services: Pick<Services, "database" | "storage">,
  actor: Actor,
  upload: { bytes: Uint8Array; name: string; mode: StudentImportJobMode },
): Promise<number> {
  return startImport(BULK_STUDENT_IMPORT_LAYOUT, services, actor, upload);
}

export function bulkStudentImportJob(services: Parameters<typeof importJob>[1]): JobHandler {
  return importJob(BULK_STUDENT_IMPORT_LAYOUT, services);
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** The page's overview: the coordinator's regions, their active schools and its newest imports. */
export async function bulkStudentImportOverview(db: DbOrTx, userId: number): Promise<BulkStudentImportOverview> {
  const [regions, counted, jobs] = await Promise.all([
    queryRows<{ name: string }>(
      db,
      sql`select coalesce(z.name, st.name, p.name, d.name) as name
          from coordinator_assignments a
          left join zones z on z.id = a.zone_id
          left join states st on st.id = a.state_id
          left join prants p on p.id = a.prant_id
          left join districts d on d.id = a.district_id
          where a.user_id = ${userId}
          order by 1`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from schools sc where sc.is_active and ${inRegionOf(userId)}`,
    ),
    queryRows<{
      id: number;
      status: JobStatus;
      payload: unknown;
      result: unknown;
      error: string | null;
      created_at: string | Date;
      finished_at: string | Date | null;
    }>(
      db,
      sql`select id, status, payload, result, error, created_at, finished_at from jobs
          where kind = ${BULK_STUDENT_IMPORT_JOB} and created_by = ${userId}
          order by id desc limit ${BULK_STUDENT_IMPORT.recentImports}`,
    ),
  ]);
  const json = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value) as Record<string, unknown>;
  const imports = jobs.map((job): BulkStudentImportItem => {
    const payload = json(job.payload) ?? {};
    const result = job.status === "done" && job.result ? json(job.result) : null;
    return {
      job_id: Number(job.id),
      file_name: String(payload.file_name ?? ""),
      mode: payload.mode === "valid-rows" ? "valid-rows" : "all-or-nothing",
      status: job.status,
      created_at: iso(job.created_at) ?? "",
      finished_at: iso(job.finished_at),
      result: result as BulkStudentImportItem["result"],
      error: job.error,
    };
  });
  return { regions: regions.map((r) => r.name).filter(Boolean), schools: Number(counted[0]?.n ?? 0), imports };
}
