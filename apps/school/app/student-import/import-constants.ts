import { SCHOOL_IMPORT } from "@repo/contracts/master-institutes-constants";
import { STUDENT_IMPORT } from "@repo/contracts/students-constants";

/** The file input's types: the template as .xlsx, or CSV (the API tells them apart by content). */
export const IMPORT_ACCEPT = ".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv";

/** The school app's import routes (apps/school/app/routes/student.import.*). */
export const IMPORT_PATHS = {
  template: "/student/import/template",
  upload: "/student/import/upload",
  errors: (jobId: number) => `/student/import/${jobId}/errors`,
} as const;

/**
 * What one spreadsheet import is about: the same panel, preview and result serve the students
 * import and a master institute's schools import, each with its routes, words and limits.
 */
export interface ImportKind {
  noun: string;
  nouns: string;
  paths: { template: string; upload: string; errors: (jobId: number) => string };
  maxRows: number;
  maxBytes: number;
}

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

export type ImportMode = "all-or-nothing" | "valid-rows";

export const IMPORT_MODES: readonly { value: ImportMode; label: string; description: string }[] = [
  {
    value: "all-or-nothing",
    label: "Save only if every row is right",
    description: "If any row has a mistake, nothing is saved and you get the file back with the mistakes marked.",
  },
  {
    value: "valid-rows",
    label: "Save the good rows and give me the others",
    description: "The rows without mistakes are saved now; the others come back in a file to fix and upload again.",
  },
];

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

/** The API's words for a file over the limit, said before it is sent. */
export const tooLargeMessage = (bytes: number, maxBytes: number = STUDENT_IMPORT.maxBytes) =>
  `The file is ${megabytes(bytes)} MB; at most ${maxBytes / 1024 / 1024} MB can be imported at once. Split it into smaller files.`;

export const NO_FILE_MESSAGE = "Choose the spreadsheet to upload (.xlsx or .csv)";
