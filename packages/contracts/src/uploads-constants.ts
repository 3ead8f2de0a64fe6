/**
 * Limits of reading an uploaded XLSX workbook (a zip archive) before any spreadsheet code parses
 * it (docs/decisions/031-security-headers.md, "Uploads"). Each upload's own size limit lives beside
 * its feature (STUDENT_IMPORT.maxBytes, CHEQUE_MAX_BYTES, ...).
 */

const MB = 1024 * 1024;

export const XLSX_ZIP_LIMITS = {
  /** Parts of the archive: a workbook has some 10-30 (sheets, styles, strings, pictures). */
  maxEntries: 1_000,
  /** What the whole archive may unpack to: ten times what 100,000 honest rows take. */
  maxUncompressedBytes: 256 * MB,
  /** How much larger than its packed size one part may unpack to (sheet XML packs some 10-20 times)... */
  maxEntryRatio: 100,
  /** ...once it has unpacked to more than this (small parts pack tighter and cost nothing). */
  ratioGraceBytes: 1 * MB,
} as const;

/**
 * Every spreadsheet import (students, bulk students, schools, individual students), whatever its
 * own row and byte limits (docs/decisions/046-imports-never-block-the-event-loop.md).
 */
export const SPREADSHEET_IMPORTS = {
  /**
   * Empty rows (nothing in the file's columns) read besides the data rows before the file is
   * refused: as many as the import's row limit, and at least this many (rows Excel keeps below
   * the data). A 9 MB CSV of a million empty rows is refused at the first one over.
   */
  minEmptyRows: 10_000,
  /** Uploads one account may have read at once (a preview, or the check before a job starts). */
  perAccount: 1,
  /** Uploads the API process reads at once, all accounts together (2 cores; decision 042). */
  total: 3,
  /** The Retry-After of the 429 beyond either limit, in seconds. */
  retryAfterSeconds: 5,
  /**
   * Rows with mistakes a preview lists (each as one sentence), in the file's order; the screen
   * pages them. Beyond it the import's errors file has the rest (decision 055).
   */
  previewErrorRows: 5_000,
  /** Rows with mistakes per page of the preview's list. */
  previewErrorsPerPage: 20,
} as const;

/**
 * One spreadsheet import's own limits (STUDENT_IMPORT, SCHOOL_IMPORT, SIF_IMPORT, ...): the one
 * constant the API's reader and body limit, its OpenAPI document and the app's screen all read
 * (docs/decisions/064-one-import-capability.md).
 */
export interface ImportLimits {
  /** Larger uploads are refused before they are read. */
  readonly maxBytes: number;
  /** A file with more data rows is refused as a whole, with this number in the message. */
  readonly maxRows: number;
}

/**
 * An import's errors file holds the refused rows as typed (names, phone numbers): housekeeping
 * removes it this many days after the import, and its download then says so.
 */
export const IMPORT_ERRORS_FILE_DAYS = 14;

/** How the OpenAPI document, the templates and the screens state an import's limits. */
export const importLimitsText = (limits: ImportLimits, nouns: string) =>
  `At most ${limits.maxRows.toLocaleString("en-IN")} ${nouns} and ${limits.maxBytes / 1024 / 1024} MB per file.`;

export type ZipLimits = { [K in keyof typeof XLSX_ZIP_LIMITS]: number };

/** The text encodings a CSV upload is read in (decision 055): Excel's "CSV UTF-8", "Unicode Text", "CSV". */
export const TEXT_ENCODINGS = ["utf-8", "utf-16le", "utf-16be", "windows-1252"] as const;
export type TextEncoding = (typeof TEXT_ENCODINGS)[number];
/** A CSV's separators: comma, semicolon (where the comma is the decimal mark) and tab ("Unicode Text"). */
export const SEPARATORS = [",", ";", "\t"] as const;
export type Separator = (typeof SEPARATORS)[number];
/** How a screen names an encoding and a separator. */
export const TEXT_ENCODING_NAMES: Record<TextEncoding, string> = {
  "utf-8": "UTF-8",
  "utf-16le": "UTF-16 (Unicode Text)",
  "utf-16be": "UTF-16 big-endian",
  "windows-1252": "Windows-1252",
};
export const SEPARATOR_NAMES: Record<Separator, string> = { ",": "comma", ";": "semicolon", "\t": "tab" };
