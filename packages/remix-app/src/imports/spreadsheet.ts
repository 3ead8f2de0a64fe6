import type { components } from "@repo/api-client/schema";
import type { FieldError } from "@repo/contracts/envelope";

/*
 * The spreadsheet imports (a school's students, a master institute's schools, a GCC state
 * coordinator's students across its region) work alike: template, preview, mode, job, errors
 * file. Their words, limits and answers, as plain values for the screens and the upload routes.
 */

/**
 * The file input's types: the template as .xlsx, CSV, or Excel's "Unicode Text" (.txt, tab-separated;
 * decision 055). The API tells them apart by content.
 */
export const IMPORT_ACCEPT =
  ".xlsx,.csv,.txt,.tsv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv,text/plain,text/tab-separated-values";

/** What one spreadsheet import is about: its routes in the app, its words and its limits. */
export interface ImportKind {
  noun: string;
  nouns: string;
  paths: { template: string; upload: string; errors: (jobId: number) => string };
  maxRows: number;
  maxBytes: number;
}

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

/** What the file input says it takes (decision 055: any of the text encodings Excel saves in). */
export const IMPORT_FILE_HINT = "The template filled in, as .xlsx, or saved from Excel as CSV or Unicode Text (.txt).";

export const NO_FILE_MESSAGE = "Choose the spreadsheet to upload (.xlsx or .csv)";

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

/** The API's words for a file over the limit, said before it is sent. */
export const tooLargeMessage = (bytes: number, maxBytes: number) =>
  `The file is ${megabytes(bytes)} MB; at most ${maxBytes / 1024 / 1024} MB can be imported at once. Split it into smaller files.`;

/** The same when reading stopped at the limit, so the file's own size is not known. */
export const overLimitMessage = (maxBytes: number) =>
  `The file is over ${maxBytes / 1024 / 1024} MB; at most ${maxBytes / 1024 / 1024} MB can be imported at once. Split it into smaller files.`;

/** What the file holds, as the API's import endpoints answer a preview (all of them alike). */
export type ImportPreview = components["schemas"]["StudentImportPreview"];

/** The upload route's answer: a preview, the job that imports, or why the file was refused. */
export interface ImportAnswer {
  ok: boolean;
  message: string;
  /** Mode preview: the columns, the first rows and their problems. Nothing was saved. */
  preview?: ImportPreview;
  /** Mode preview: the name of the file read (a page shown without JavaScript names it). */
  fileName?: string;
  /** The other modes: the import job to follow (/jobs/<id>). */
  jobId?: number;
  errors?: FieldError[];
}

/** Marks a page's post as its import form's, posted without JavaScript (decision 053). */
export const PLAIN_IMPORT_MARK = { name: "import", value: "upload" } as const;

/** Where a page's plain import form posts: the page itself, its spreadsheet tab, marked. */
export const PLAIN_IMPORT_ACTION = `?tab=spreadsheet&${PLAIN_IMPORT_MARK.name}=${PLAIN_IMPORT_MARK.value}`;
