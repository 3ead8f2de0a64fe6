import { SCHOOL_IMPORT } from "@repo/contracts/master-institutes-constants";
import { STUDENT_IMPORT } from "@repo/contracts/students-constants";
import type { ImportKind } from "@repo/remix-app/imports/spreadsheet";

/** The school app's import routes (apps/school/app/routes/student.import.*). */
export const IMPORT_PATHS = {
  template: "/student/import/template",
  upload: "/student/import/upload",
  errors: (jobId: number) => `/student/import/${jobId}/errors`,
} as const;

/*
 * The same panel, preview and result serve the students import and a master institute's schools
 * import, each with its routes, words and limits.
 */

export const STUDENT_IMPORT_KIND: ImportKind = {
  noun: "student",
  nouns: "students",
  paths: IMPORT_PATHS,
  maxRows: STUDENT_IMPORT.maxRows,
  maxBytes: STUDENT_IMPORT.maxBytes,
};

/** The school app's schools import routes (apps/school/app/routes/institute.import.*). */
export const SCHOOL_IMPORT_KIND: ImportKind = {
  noun: "school",
  nouns: "schools",
  paths: {
    template: "/institute/import/template",
    upload: "/institute/import/upload",
    errors: (jobId: number) => `/institute/import/${jobId}/errors`,
  },
  maxRows: SCHOOL_IMPORT.maxRows,
  maxBytes: SCHOOL_IMPORT.maxBytes,
};
