import { Readable } from "node:stream";
import { COUNTED, pluralWord } from "@repo/contracts/plural";
import {
  SEPARATORS,
  type Separator,
  SPREADSHEET_IMPORTS,
  type TextEncoding,
  XLSX_ZIP_LIMITS,
} from "@repo/contracts/uploads-constants";
import { pacer } from "@repo/db";
import { parse as parseCsv } from "csv-parse";
import type ExcelJS from "exceljs";
import { fileTypeFromBuffer } from "file-type";
import { NOT_A_SPREADSHEET, SpreadsheetError } from "./errors";
import { checkZip } from "./zip";

/**
 * Reads an uploaded spreadsheet (docs/domain.md, Services every feature shares: imports): XLSX
 * or CSV, told apart by content, never by name. Generic: a feature gives its columns and limits
 * and gets rows keyed by its own column keys; validating them is the feature's business.
 */

/** One column a feature expects. Headers match case- and space-insensitively, in any order. */
export interface ColumnSpec {
  key: string;
  /** The header the template writes. */
  header: string;
  /** Other headers that mean the same column (other wordings, Hindi). */
  aliases?: readonly string[];
  /** A file without it is refused as a whole. */
  required?: boolean;
}

export interface ReadLimits {
  /** Larger files are refused before anything is read. */
  maxBytes: number;
  /** Data rows; reading stops at the first row beyond it and the file is refused. */
  maxRows: number;
  /**
   * Rows with nothing in the file's columns, besides the data rows: reading stops at the first
   * beyond it (default: maxRows, at least SPREADSHEET_IMPORTS.minEmptyRows).
   */
  maxEmptyRows?: number;
  /** Zip-bomb guard: what the XLSX archive may unpack to in all (XLSX_ZIP_LIMITS by default). */
  maxUncompressedBytes?: number;
}

export interface ReadOptions {
  columns: readonly ColumnSpec[];
  limits: ReadLimits;
  /** Headers skipped without a warning (e.g. "Errors" in a re-uploaded errors file). */
  quietHeaders?: readonly string[];
  /** Sheets after the first that are expected and ignored without a warning (e.g. "Instructions"). */
  quietSheets?: readonly string[];
}

export type CellValue = string | number | boolean | Date | null;

export interface SheetRow {
  /** The row's number as the spreadsheet program shows it (CSV: the record's number). */
  row: number;
  values: Record<string, CellValue>;
}

export interface ColumnMatch {
  key: string;
  /** The header the template uses for it. */
  header: string;
  /** The header as the file wrote it. */
  found: string;
  /** Where it is: "C" for the third column. */
  column: string;
}

export interface OpenedSpreadsheet {
  format: "xlsx" | "csv";
  /** The name of the sheet read (XLSX), as the file has it. */
  sheetName: string | null;
  /** A CSV's text encoding and separator, as found (decision 055); null for XLSX. */
  encoding: TextEncoding | null;
  separator: Separator | null;
  headerRow: number;
  columns: ColumnMatch[];
  /** Things the uploader should know but that do not stop the import (ignored columns, sheets). */
  warnings: string[];
  /**
   * The data rows after the header, empty rows skipped. Can be iterated once. It gives the event
   * loop a turn every few milliseconds of work, the caller's work on each row included
   * (`pacer` in packages/db/src/pace.ts), so a loop over it needs no pacing of its own.
   */
  rows: AsyncGenerator<SheetRow>;
}

/** Rows looked at for the header: a title line or two above it is common. */
const HEADER_SEARCH_ROWS = 10;

export type FileFormat = "xlsx" | "csv" | "xls" | "unknown";

/** What the bytes are: a zip (XLSX), an old binary workbook, text (CSV), or something else. */
export async function sniffFormat(bytes: Uint8Array): Promise<FileFormat> {
  const sniffed = await sniff(bytes, pacer());
  return "problem" in sniffed ? "unknown" : sniffed.format;
}

type Sniffed =
  | { format: "xlsx" }
  | { format: "xls" }
  | { format: "csv"; text: string; encoding: TextEncoding }
  /** Not a spreadsheet, with the real cause in the uploader's words. */
  | { problem: SpreadsheetError };

/** The format, and for a CSV its text, decoded once (a 100,000-row file is 7 MB of text). */
async function sniff(bytes: Uint8Array, pace: () => Promise<void> | undefined): Promise<Sniffed> {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    const other = await otherZip(bytes);
    return other ? { problem: other } : { format: "xlsx" };
  }
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) {
    // Excel keeps a password-protected workbook in the old compound format: it is no .xls.
    if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(ENCRYPTION_INFO)) {
      return { problem: new SpreadsheetError("encrypted", PASSWORD_PROTECTED) };
    }
    return { format: "xls" };
  }
  // A PDF can be all text in its first bytes; it is never a CSV.
  if (new TextDecoder().decode(bytes.subarray(0, 5)) === "%PDF-") return { problem: notSpreadsheet("a PDF document") };
  const encoding = textEncoding(bytes);
  const decoded = await decodeText(bytes, encoding, pace);
  if ("text" in decoded) return { format: "csv", text: decoded.text, encoding: decoded.encoding };
  if (decoded.binaryAt !== undefined) {
    const kind = await binaryKind(bytes);
    return {
      problem: kind
        ? notSpreadsheet(kind)
        : new SpreadsheetError(
            "format",
            `${NOT_A_SPREADSHEET}: it holds binary data (a byte no text file has, at byte ${decoded.binaryAt.toLocaleString("en-IN")}). ${SAVE_AS}`,
          ),
    };
  }
  return { problem: decoded.problem };
}

const SAVE_AS = 'Upload the template filled in, saved as .xlsx, or as CSV (for example "CSV UTF-8" or "Unicode Text").';
const PASSWORD_PROTECTED =
  "This workbook is protected by a password. Save a copy without the password and upload that.";
/** The name of the stream that a password-protected (encrypted) Office file has, as UTF-16LE. */
const ENCRYPTION_INFO = Buffer.from("EncryptionInfo", "utf16le");

const notSpreadsheet = (what: string) =>
  new SpreadsheetError("format", `${NOT_A_SPREADSHEET}: it is ${what}. ${SAVE_AS}`);

/** Well-known files people upload by mistake, by what file-type calls them. */
const KINDS: Record<string, string> = {
  docx: "a Word document",
  doc: "a Word document",
  pptx: "a PowerPoint presentation",
  ods: "a LibreOffice Calc spreadsheet (.ods)",
  odt: "a LibreOffice Writer document",
  zip: "a zip archive",
  pdf: "a PDF document",
  png: "a PNG picture",
  jpg: "a JPEG picture (a photo or scan)",
  gif: "a GIF picture",
  webp: "a WebP picture",
  heic: "a HEIC photo",
};

/** A zip that file-type knows as something other than a workbook (a Word file, an .ods). */
async function otherZip(bytes: Uint8Array): Promise<SpreadsheetError | undefined> {
  const kind = await fileTypeFromBuffer(bytes.subarray(0, SNIFF_BYTES)).catch(() => undefined);
  if (!kind || kind.ext === "xlsx" || kind.ext === "zip") return undefined;
  return notSpreadsheet(KINDS[kind.ext] ?? `a ${kind.ext.toUpperCase()} file`);
}

/** What a binary file is, for the message, when file-type knows it. */
async function binaryKind(bytes: Uint8Array): Promise<string | undefined> {
  const kind = await fileTypeFromBuffer(bytes.subarray(0, SNIFF_BYTES)).catch(() => undefined);
  return kind ? (KINDS[kind.ext] ?? `a ${kind.ext.toUpperCase()} file`) : undefined;
}

/** file-type reads at most this much of a file's start. */
const SNIFF_BYTES = 4100;

/**
 * The encoding to try first: a byte-order mark says it; UTF-16 without one shows as a zero byte
 * in every other place of Latin text; else UTF-8 (and Windows-1252 if that fails, decodeText).
 */
function textEncoding(bytes: Uint8Array): TextEncoding {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  const head = bytes.subarray(0, 1024 - (Math.min(bytes.byteLength, 1024) % 2));
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < head.byteLength; i++) {
    if (head[i] === 0) {
      if (i % 2 === 0) evenZeros++;
      else oddZeros++;
    }
  }
  const pairs = head.byteLength / 2;
  if (pairs >= 2 && oddZeros >= pairs / 2 && evenZeros === 0) return "utf-16le";
  if (pairs >= 2 && evenZeros >= pairs / 2 && oddZeros === 0) return "utf-16be";
  return "utf-8";
}

/** Bytes decoded at once: decoding and checking 20 MB in one piece held the event loop ~100 ms. */
const DECODE_PIECE_BYTES = 256 * 1024;

/** Windows-1252's characters for the bytes 0x80-0x9F (Node's decoder reads them as Latin-1's controls). */
const CP1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

function decodeWindows1252(piece: Uint8Array): string {
  return Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength)
    .toString("latin1")
    .replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
}

type Decoded =
  | { text: string; encoding: TextEncoding }
  /** A control character no text file has: binary data. */
  | { binaryAt: number; problem?: undefined }
  | { problem: SpreadsheetError; binaryAt?: undefined };

/**
 * The text of the file in `encoding`, decoded piece by piece between turns of the event loop
 * (decision 046). Bytes that are not UTF-8 are read again as Windows-1252, what Excel's "CSV
 * (Comma delimited)" writes on an English Windows (decision 055). No BOM in the text.
 */
async function decodeText(
  bytes: Uint8Array,
  encoding: TextEncoding,
  pace: () => Promise<void> | undefined,
): Promise<Decoded> {
  const utf16 = encoding === "utf-16le" || encoding === "utf-16be";
  if (utf16 && bytes.byteLength % 2 === 1) {
    return {
      problem: new SpreadsheetError(
        "unreadable",
        `This file is UTF-16 text (Excel's "Unicode Text") but ends in the middle of a character: it was cut off while it was saved or copied. Save it again from the spreadsheet program and upload the new file.`,
      ),
    };
  }
  const decoder = encoding === "windows-1252" ? undefined : new TextDecoder(encoding, { fatal: true });
  const pieces: string[] = [];
  for (let at = 0; at < bytes.byteLength; at += DECODE_PIECE_BYTES) {
    await pace();
    const slice = bytes.subarray(at, at + DECODE_PIECE_BYTES);
    let piece: string;
    try {
      // A character split between two pieces is kept by the decoder for the next (stream).
      piece = decoder
        ? decoder.decode(slice, { stream: true })
        : // A UTF-8 BOM before bytes that are not UTF-8 (a file edited in two programs) is no text.
          decodeWindows1252(
            at === 0 && slice[0] === 0xef && slice[1] === 0xbb && slice[2] === 0xbf ? slice.subarray(3) : slice,
          );
    } catch {
      if (encoding === "utf-8") return decodeText(bytes, "windows-1252", pace);
      return { problem: badUtf16(at) };
    }
    // Text files have no control characters besides tabs and line breaks.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: that is exactly what is looked for
    const control = piece.search(/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/);
    if (control >= 0) return { binaryAt: at + control * (utf16 ? 2 : 1) };
    pieces.push(piece);
  }
  try {
    if (decoder) pieces.push(decoder.decode());
  } catch {
    if (encoding === "utf-8") return decodeText(bytes, "windows-1252", pace);
    return { problem: badUtf16(bytes.byteLength) };
  }
  const text = pieces.join("");
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, encoding };
}

const badUtf16 = (at: number) =>
  new SpreadsheetError(
    "unreadable",
    `This file is UTF-16 text (Excel's "Unicode Text") but is damaged near byte ${at.toLocaleString("en-IN")}: a character there is not valid UTF-16. Save it again from the spreadsheet program and upload the new file.`,
  );

/** A cell as text: trimmed, empty as null, and a guarded CSV value ("'=SUM(…)", older files "'+91…") as it was. */
function tidyText(value: string): string | null {
  const text = value.trim();
  if (text === "") return null;
  return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
}

/** Headers compare without case, spaces, star marks and punctuation ("Date of birth *" = "dateofbirth"). */
export function headerKey(text: string): string {
  return text
    .normalize("NFKC")
    .toLocaleLowerCase("en")
    .replace(/[\s*'’‘".:_()-]/g, "");
}

export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = "";
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/**
 * Opens the file, finds its header row and maps the columns. Throws SpreadsheetError with a
 * message for the uploader when the file is not a spreadsheet, is too large, or lacks a column.
 */
export async function openSpreadsheet(bytes: Uint8Array, options: ReadOptions): Promise<OpenedSpreadsheet> {
  const { limits } = options;
  if (bytes.byteLength > limits.maxBytes) {
    throw new SpreadsheetError(
      "too-large",
      `The file is ${megabytes(bytes.byteLength)} MB; at most ${megabytes(limits.maxBytes)} MB can be imported at once. Split it into smaller files.`,
    );
  }
  if (bytes.byteLength === 0) throw new SpreadsheetError("empty", "The file is empty.");
  // One pace for the whole read: decoding, parsing, mapping and the caller's work on each row.
  const pace = pacer();
  const sniffed = await sniff(bytes, pace);
  if ("problem" in sniffed) throw sniffed.problem;
  if (sniffed.format === "xls") {
    throw new SpreadsheetError(
      "format",
      `${NOT_A_SPREADSHEET}: it is an old Excel 97-2003 (.xls) workbook. Open it in Excel and save it as "Excel Workbook (.xlsx)" or "CSV UTF-8".`,
    );
  }
  const warnings: string[] = [];
  let source: AsyncGenerator<RawRow>;
  let sheetName: string | null = null;
  let separator: Separator | null = null;
  let encoding: TextEncoding | null = null;
  if (sniffed.format === "xlsx") {
    await checkZip(bytes, {
      ...XLSX_ZIP_LIMITS,
      maxUncompressedBytes: limits.maxUncompressedBytes ?? XLSX_ZIP_LIMITS.maxUncompressedBytes,
    });
    const sheet = await firstWorksheet(bytes, options, warnings);
    source = sheet.rows;
    sheetName = sheet.name;
  } else {
    separator = guessSeparator(sniffed.text);
    encoding = sniffed.encoding;
    source = csvRows(sniffed.text, separator, pace);
  }
  return mapColumns(
    { format: sniffed.format === "xlsx" ? "xlsx" : "csv", sheetName, encoding, separator },
    source,
    options,
    warnings,
    pace,
  );
}

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** A row as read: its number and its cells in column order (index 0 is column A). */
interface RawRow {
  row: number;
  cells: CellValue[];
}

async function mapColumns(
  file: Pick<OpenedSpreadsheet, "format" | "sheetName" | "encoding" | "separator">,
  source: AsyncGenerator<RawRow>,
  options: ReadOptions,
  warnings: string[],
  pace: () => Promise<void> | undefined,
): Promise<OpenedSpreadsheet> {
  const byHeader = new Map<string, ColumnSpec>();
  for (const spec of options.columns) {
    for (const name of [spec.header, spec.key, ...(spec.aliases ?? [])]) byHeader.set(headerKey(name), spec);
  }
  const quiet = new Set((options.quietHeaders ?? []).map(headerKey));

  // The header is the first row that names at least two known columns, else the first row.
  const seen: RawRow[] = [];
  const enough = Math.min(2, options.columns.length);
  let headerAt = -1;
  while (seen.length < HEADER_SEARCH_ROWS) {
    const next = await source.next();
    if (next.done) break;
    seen.push(next.value);
    const known = next.value.cells.filter((cell) => byHeader.has(headerKey(cellText(cell)))).length;
    if (known >= enough) {
      headerAt = seen.length - 1;
      break;
    }
  }
  if (headerAt < 0) headerAt = 0;
  const header = seen[headerAt];
  if (!header) throw new SpreadsheetError("empty", "The file has no rows: fill in the template and upload it again.");
  // Rows read while looking for the header are data again when the header was found earlier.
  const pending = seen.slice(headerAt + 1);

  const columns: ColumnMatch[] = [];
  const indexes = new Map<string, number>();
  header.cells.forEach((cell, index) => {
    const text = cellText(cell);
    if (!text) return;
    const spec = byHeader.get(headerKey(text));
    if (!spec) {
      if (!quiet.has(headerKey(text)))
        warnings.push(`Column ${columnLetter(index)} "${text}" is not used and was ignored.`);
      return;
    }
    if (indexes.has(spec.key)) {
      warnings.push(`Column ${columnLetter(index)} "${text}" repeats the column "${spec.header}" and was ignored.`);
      return;
    }
    indexes.set(spec.key, index);
    columns.push({ key: spec.key, header: spec.header, found: text, column: columnLetter(index) });
  });
  const missing = options.columns.filter((spec) => spec.required && !indexes.has(spec.key));
  if (missing.length > 0) {
    const names = missing.map((spec) => `"${spec.header}"`).join(", ");
    throw new SpreadsheetError(
      "columns",
      `The file has no ${pluralWord(missing.length, COUNTED.column)} ${names}${header.row > 1 ? ` (header row ${header.row})` : ""}. Use the header row of the template; columns may be in any order.`,
    );
  }

  const headerRow = header.row;
  const limit = options.limits.maxRows;
  const emptyLimit = options.limits.maxEmptyRows ?? Math.max(limit, SPREADSHEET_IMPORTS.minEmptyRows);
  async function* rows(): AsyncGenerator<SheetRow> {
    let count = 0;
    let empties = 0;
    for await (const raw of replay(pending, source)) {
      await pace();
      const values: Record<string, CellValue> = {};
      let empty = true;
      for (const spec of options.columns) {
        const index = indexes.get(spec.key);
        const value = index === undefined ? null : (raw.cells[index] ?? null);
        values[spec.key] = value;
        if (value !== null) empty = false;
      }
      // Rows with nothing in our columns are spacing, not students; a file of little else is
      // refused at the first one over the limit, not read to its end (decision 046).
      if (empty) {
        if (++empties > emptyLimit) throw tooManyEmptyRows(raw.row, emptyLimit);
        continue;
      }
      count++;
      if (count > limit) throw tooManyRows(raw.row, limit);
      yield { row: raw.row, values };
    }
  }
  return { ...file, headerRow, columns, warnings, rows: rows() };
}

const count = (n: number) => n.toLocaleString("en-IN");

/** Reading stopped at `row`, the first row over the limit (decision 046): the rest is not read. */
const tooManyRows = (row: number, limit: number) =>
  new SpreadsheetError(
    "too-many-rows",
    `The file has more than ${count(limit)} ${pluralWord(limit, COUNTED.row)} with data: there are ${count(limit + 1)} by row ${count(row)}, where reading stopped. At most ${count(limit)} can be imported at once. Split it into smaller files.`,
  );

const tooManyEmptyRows = (row: number, limit: number) =>
  new SpreadsheetError(
    "too-many-rows",
    `The file has more than ${count(limit)} empty rows: there are ${count(limit + 1)} by row ${count(row)}, where reading stopped. Delete the empty rows (or copy only the rows with data into a new file) and upload it again.`,
  );

async function* replay(first: RawRow[], rest: AsyncGenerator<RawRow>): AsyncGenerator<RawRow> {
  yield* first;
  yield* rest;
}

function cellText(value: CellValue): string {
  if (value === null) return "";
  if (value instanceof Date) return value.toISOString();
  return String(value).trim();
}

// ── XLSX ───────────────────────────────────────────────────────────────────────────────────────

interface ExcelReaderLike {
  model?: { sheets?: { name?: string; state?: string }[] };
  [Symbol.asyncIterator](): AsyncGenerator<WorksheetLike>;
}
interface WorksheetLike {
  name?: string;
  [Symbol.asyncIterator](): AsyncGenerator<{ number: number; values: unknown }>;
}

/** Tries of the streaming reader before a workbook counts as unreadable (see firstWorksheet). */
const READ_ATTEMPTS = 3;

async function openReader(bytes: Uint8Array): Promise<ExcelReaderLike> {
  const { default: Excel } = await import("exceljs");
  // Styles are read so that date-formatted cells come as Date objects; the rest stay serials.
  return new Excel.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
    worksheets: "emit",
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "cache",
    entries: "ignore",
  } as ConstructorParameters<typeof ExcelJS.stream.xlsx.WorkbookReader>[1]) as unknown as ExcelReaderLike;
}

async function firstWorksheet(
  bytes: Uint8Array,
  options: ReadOptions,
  warnings: string[],
): Promise<{ name: string | null; rows: AsyncGenerator<RawRow> }> {
  // exceljs's streaming reader now and then loses the zip's last entry when the machine is busy
  // (ExcelJS itself writes workbook.xml last) and then fails on a sound file with a TypeError; a
  // fresh reader over the same bytes reads it. A damaged file fails every time.
  let reader: ExcelReaderLike | undefined;
  let sheets: AsyncGenerator<WorksheetLike> | undefined;
  let first: IteratorResult<WorksheetLike> | undefined;
  for (let attempt = 1; !first; attempt++) {
    reader = await openReader(bytes);
    sheets = reader[Symbol.asyncIterator]();
    try {
      first = await sheets.next();
    } catch (error) {
      if (!(error instanceof TypeError) || attempt === READ_ATTEMPTS) throw unreadable(error);
    }
  }
  if (!reader || !sheets) throw unreadable(undefined);
  const archive = sheets;
  if (first.done) {
    throw new SpreadsheetError("format", `${NOT_A_SPREADSHEET}: it is a zip archive without a worksheet.`);
  }
  const sheet = first.value;
  const quietSheets = new Set((options.quietSheets ?? []).map(headerKey));
  const others = (reader.model?.sheets ?? [])
    .slice(1)
    .map((s) => s.name ?? "")
    .filter((name) => !quietSheets.has(headerKey(name)));
  if (others.length > 0) {
    warnings.push(
      `Only the first sheet${sheet.name ? ` "${sheet.name}"` : ""} was read; ${others.map((n) => `"${n}"`).join(", ")} ${pluralWord(others.length, COUNTED.was)} ignored.`,
    );
  }
  let noResult = false;
  async function* rows(): AsyncGenerator<RawRow> {
    try {
      for await (const row of sheet) {
        const values = Array.isArray(row.values) ? (row.values as unknown[]) : [];
        // exceljs rows are 1-based: values[1] is column A.
        const cells: CellValue[] = [];
        for (let i = 1; i < values.length; i++) {
          const value = plainValue(values[i]);
          if (value === FORMULA_WITHOUT_RESULT) {
            noResult = true;
            cells.push(null);
          } else cells.push(value);
        }
        yield { row: row.number, cells };
      }
    } catch (error) {
      if (error instanceof SpreadsheetError) throw error;
      throw unreadable(error);
    } finally {
      // Later sheets are not read; stop the archive stream.
      await archive.return?.(undefined);
      if (noResult) {
        warnings.push(
          "Some cells hold formulas without a saved result; they were read as empty. Open the file in Excel, save it and upload it again.",
        );
      }
    }
  }
  return { name: sheet.name ?? null, rows: rows() };
}

/** The parser's own error stays as the cause, for the log; the uploader gets the advice. */
const unreadable = (cause: unknown) => {
  return new SpreadsheetError(
    "unreadable",
    "This Excel workbook could not be read; it may be damaged. Open it in Excel, save it as a new .xlsx file and upload that.",
    { cause },
  );
};

const FORMULA_WITHOUT_RESULT = Symbol("formula without result");

/**
 * A cell as plain data: rich text joined, hyperlinks as their text, formulas as their saved
 * result (never evaluated), errors (#N/A) as empty, strings trimmed.
 */
function plainValue(value: unknown): CellValue | typeof FORMULA_WITHOUT_RESULT {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return tidyText(value);
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "boolean" || value instanceof Date) return value;
  if (typeof value === "object") {
    const cell = value as {
      richText?: { text?: string }[];
      formula?: string;
      sharedFormula?: string;
      result?: unknown;
      error?: string;
      text?: unknown;
    };
    if (Array.isArray(cell.richText)) return plainValue(cell.richText.map((part) => part.text ?? "").join(""));
    if ("formula" in cell || "sharedFormula" in cell) {
      if (cell.result === undefined || cell.result === null) return FORMULA_WITHOUT_RESULT;
      if (typeof cell.result === "object" && "error" in (cell.result as object)) return null;
      return plainValue(cell.result);
    }
    if ("error" in cell) return null;
    if ("text" in cell) return plainValue(cell.text);
  }
  return null;
}

// ── CSV ────────────────────────────────────────────────────────────────────────────────────────

/**
 * The separator: the one a line of the file's start uses most often; comma, or semicolon (as
 * Excel saves CSV where the comma is the decimal mark) or tab (Excel's "Unicode Text", decision
 * 055). A title line above the header rarely has more than one.
 */
export function guessSeparator(text: string): Separator {
  const lines = text.slice(0, 64 * 1024).split(/\r?\n/, HEADER_SEARCH_ROWS);
  // The most on one line wins; on a tie, the one more lines have (a title line has one comma).
  let best: Separator = ",";
  let score = [0, 0];
  for (const separator of SEPARATORS) {
    const counts = lines.map((line) => line.split(separator).length - 1);
    const most = Math.max(0, ...counts);
    const used = counts.filter((count) => count > 0).length;
    if (most > (score[0] ?? 0) || (most === score[0] && used > (score[1] ?? 0))) {
      best = separator;
      score = [most, used];
    }
  }
  return best;
}

/** The text in slices, pacing: lines without a record (blank ones) are parsed here, not in the row loop. */
async function* slices(text: string, size: number, pace: () => Promise<void> | undefined): AsyncGenerator<string> {
  for (let at = 0; at < text.length; at += size) {
    await pace();
    yield text.slice(at, at + size);
  }
}

/**
 * The parser turns a whole slice into records at once, and they wait in the stream's buffer while
 * the rows before them are checked. Small slices keep few waiting: with 64 KB slices the waiting
 * records outlived young-generation collections and a 100,000-row import's heap grew by 200 MB.
 */
const CSV_SLICE_CHARS = 4 * 1024;

async function* csvRows(
  text: string,
  separator: Separator,
  pace: () => Promise<void> | undefined,
): AsyncGenerator<RawRow> {
  const parser = Readable.from(slices(text, CSV_SLICE_CHARS, pace)).pipe(
    parseCsv({
      bom: true,
      delimiter: separator,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
    }),
  );
  try {
    for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const cells = record.record.map(tidyText);
      yield { row: record.info.lines, cells };
    }
  } catch (error) {
    if (error instanceof SpreadsheetError) throw error;
    const line = (error as { lines?: number }).lines;
    throw new SpreadsheetError(
      "unreadable",
      `The CSV file could not be read${line ? ` at line ${line}` : ""}: check for a stray quote mark ("), or save the file again from Excel as "CSV UTF-8".`,
    );
  } finally {
    parser.destroy();
  }
}
