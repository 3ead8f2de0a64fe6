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

/** The file input's types: the template as .xlsx, or CSV (the API tells them apart by content). */
export const IMPORT_ACCEPT = ".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv";

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

export const MODE_NAMES: Record<ImportMode, string> = {
  "all-or-nothing": "All or nothing",
  "valid-rows": "Good rows only",
};

export const NO_FILE_MESSAGE = "Choose the spreadsheet to upload (.xlsx or .csv)";

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

/** The API's words for a file over the limit, said before it is sent. */
export const tooLargeMessage = (bytes: number, maxBytes: number) =>
  `The file is ${megabytes(bytes)} MB; at most ${maxBytes / 1024 / 1024} MB can be imported at once. Split it into smaller files.`;
