import { BULK_STUDENT_IMPORT } from "@repo/contracts/bulk-student-import-constants";
import type { ImportKind, ImportMode } from "@repo/remix-app/imports/spreadsheet";

/**
 * The bulk student import's addresses in the coordinator app (routes
 * `region-masters.states-coordinators.student-import.*`) and the words of its choices: plain
 * values, for the screen and the dialog alike.
 */
const PAGE = "/region-masters/states-coordinators/student-import";

export const BULK_IMPORT_PATHS = {
  template: `${PAGE}/template`,
  upload: `${PAGE}/upload`,
  errors: (jobId: number) => `${PAGE}/${jobId}/errors`,
} as const;

/** The bulk import as the shared import flow knows it: its routes, words and limits. */
export const BULK_IMPORT_KIND: ImportKind = {
  noun: "student",
  nouns: "students",
  paths: BULK_IMPORT_PATHS,
  maxRows: BULK_STUDENT_IMPORT.maxRows,
  maxBytes: BULK_STUDENT_IMPORT.maxBytes,
};

export const MODE_NAMES: Record<ImportMode, string> = {
  "all-or-nothing": "All or nothing",
  "valid-rows": "Good rows only",
};
