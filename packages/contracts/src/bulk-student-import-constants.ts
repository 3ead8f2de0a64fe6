import { STUDENT_IMPORT } from "./students-constants";

/**
 * Plain values (no zod) of the coordinators' bulk student import (page `student-import`,
 * permission `students.bulkImport`: the GCC state coordinators): the schools' student template
 * plus a "School code" column, each row going to that school of the coordinator's region.
 */

/** The job kind in the queue; GET /api/jobs/{id} answers it as `kind`. */
export const BULK_STUDENT_IMPORT_JOB = "students.bulk-import";

/** Limits and duplicate rule are the schools' own import's. */
export const BULK_STUDENT_IMPORT = {
  maxRows: STUDENT_IMPORT.maxRows,
  maxBytes: STUDENT_IMPORT.maxBytes,
  previewRows: STUDENT_IMPORT.previewRows,
  /** Imports the page lists (the user's newest). */
  recentImports: 10,
} as const;

/** The column that names each row's school, and the template's sheet that lists the codes. */
export const SCHOOL_CODE_HEADER = "School code";
export const SCHOOLS_SHEET = "Your schools";
