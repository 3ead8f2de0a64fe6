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

export type ZipLimits = { [K in keyof typeof XLSX_ZIP_LIMITS]: number };
