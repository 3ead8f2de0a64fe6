import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import type ExcelJS from "exceljs";
import { csvGuarded, keepsTextFormat } from "./formula-guard";
import type { CellValue } from "./reader";
import { fastXlsxStream } from "./xlsx-writer";

/**
 * Writes spreadsheets: an import template, the errors workbook of an import (the template's
 * columns plus "Errors") and list exports streamed as XLSX or CSV. XLSX text cells hold their text
 * exactly (a text cell is never run); a CSV field that a spreadsheet program would run as a
 * formula gets a leading quote (formula-guard.ts, decision 063).
 */

export interface TemplateColumn {
  header: string;
  /** Width in characters. */
  width?: number;
  /** A drop-down list of allowed values (Excel data validation). */
  list?: readonly string[];
  /**
   * A drop-down list read from cells of the workbook instead ("'Your schools'!$A$2:$A$40"), for
   * lists too long for `list`; a value not in it is warned about, not refused.
   */
  listRange?: string;
  /** Excel number format for the column ("@" keeps phone numbers as text). */
  numFmt?: string;
}

export interface TemplateOptions {
  sheetName: string;
  columns: readonly TemplateColumn[];
  /** Lines of the "Instructions" sheet. */
  instructions: readonly string[];
  /** Rows the drop-down lists cover below the header. */
  validationRows: number;
  /** Sheets after "Instructions" (reference lists such as the uploader's schools and their codes). */
  sheets?: readonly { name: string; columns: readonly TemplateColumn[]; rows: readonly (readonly CellValue[])[] }[];
}

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const CSV_TYPE = "text/csv; charset=utf-8";

/** Text cells an exceljs writer adds that would not stay text when edited get the Text format (063). */
function keepText(row: ExcelJS.Row, values: readonly CellValue[]) {
  values.forEach((value, index) => {
    if (typeof value === "string" && keepsTextFormat(value)) row.getCell(index + 1).numFmt = "@";
  });
}

/** The import template: header row, drop-down lists, an Instructions sheet. */
export async function templateWorkbook(options: TemplateOptions): Promise<Uint8Array> {
  // exceljs loads on first use: some 27 MB resident that an API serving lists need not hold.
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet(options.sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  addHeader(sheet, options.columns);
  // The worksheet's validations accept ranges ("C2:C5001"); the typings only know cell by cell.
  const validations = (sheet as unknown as { dataValidations: { add(range: string, rule: object): void } })
    .dataValidations;
  options.columns.forEach((column, index) => {
    const letter = sheet.getColumn(index + 1).letter;
    const range = `${letter}2:${letter}${options.validationRows + 1}`;
    if (column.list) {
      validations.add(range, {
        type: "list",
        allowBlank: true,
        formulae: [`"${column.list.join(",")}"`],
        showErrorMessage: true,
        errorStyle: "stop",
        errorTitle: column.header,
        error: `Choose one of: ${column.list.join(", ")}`,
      });
    } else if (column.listRange) {
      validations.add(range, {
        type: "list",
        allowBlank: true,
        formulae: [column.listRange],
        showErrorMessage: true,
        errorStyle: "warning",
        errorTitle: column.header,
        error: "This value is not in the list.",
      });
    }
  });
  const help = workbook.addWorksheet("Instructions");
  help.getColumn(1).width = 110;
  for (const line of options.instructions) help.addRow([line]).alignment = { wrapText: true, vertical: "top" };
  help.getRow(1).font = { bold: true, size: 14 };
  for (const extra of options.sheets ?? []) {
    const list = workbook.addWorksheet(extra.name, { views: [{ state: "frozen", ySplit: 1 }] });
    addHeader(list, extra.columns);
    for (const row of extra.rows) keepText(list.addRow([...row]), row);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

function addHeader(sheet: ExcelJS.Worksheet, columns: readonly TemplateColumn[]) {
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: column.width ?? Math.max(14, column.header.length + 4),
    ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE8F5EE" } };
}

export interface ErrorRow {
  /** The row's cells in template column order, as they were uploaded. */
  values: readonly CellValue[];
  /** "Class: Choose a class from VI to XI; Phone: …"; empty for a good row. */
  errors: string;
}

/**
 * The errors workbook: the template's columns and an "Errors" column, so that the uploader fixes
 * the rows in it and uploads it again (the reader ignores "Errors"). Streamed: it may hold 100,000 rows.
 */
export async function errorsWorkbook(
  options: { sheetName: string; columns: readonly TemplateColumn[] },
  rows: Iterable<ErrorRow> | AsyncIterable<ErrorRow>,
): Promise<Uint8Array> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = once(sink, "end");
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(options.sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  const columns: TemplateColumn[] = [...options.columns, { header: "Errors", width: 80 }];
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: column.width ?? Math.max(14, column.header.length + 4),
    ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for await (const row of rows) {
    // The uploader edits this file in a spreadsheet program: cells that would not stay text when
    // edited get the Text format (decision 063), and hold what was uploaded exactly.
    const values = [...row.values, row.errors];
    const added = sheet.addRow(values);
    keepText(added, values);
    if (row.errors) added.getCell(columns.length).font = { color: { argb: "FFC0392B" } };
    added.commit();
  }
  sheet.commit();
  await workbook.commit();
  await finished;
  return new Uint8Array(Buffer.concat(chunks));
}

export interface ListColumn {
  header: string;
  width?: number;
}

/**
 * A list export as an XLSX stream: rows arrive in batches (a database page at a time) and leave
 * as zip output while the next batch is fetched, so memory stays flat whatever the list's size.
 * Written by xlsx-writer.ts, not exceljs: a million rows must take under 20 seconds.
 */
export function xlsxStream(
  options: { sheetName: string; columns: readonly ListColumn[] },
  batches: AsyncIterable<readonly (readonly CellValue[])[]>,
): ReadableStream<Uint8Array> {
  return fastXlsxStream(options, batches);
}

/**
 * A list export as CSV: UTF-8 with a BOM so that Excel shows Devanagari and other scripts right.
 * One string per batch, quoted where a field needs it (RFC 4180). Records end with LF, as
 * PostgreSQL's COPY writes them (`csvFromCopy`): the two paths give the same bytes, and every
 * spreadsheet program reads LF.
 */
export function csvStream(
  options: { columns: readonly ListColumn[] },
  batches: AsyncIterable<readonly (readonly CellValue[])[]>,
): ReadableStream<Uint8Array> {
  async function* lines() {
    yield csvHeader(options.columns);
    for await (const batch of batches) {
      // One string per batch, built without per-row arrays: at a million rows the garbage
      // collector is the export's largest cost.
      let text = "";
      for (const values of batch) {
        for (let i = 0; i < values.length; i++) {
          if (i > 0) text += ",";
          text += csvCell(values[i] ?? null);
        }
        text += "\n";
      }
      if (text) yield Buffer.from(text);
    }
  }
  return Readable.toWeb(Readable.from(lines(), { objectMode: false })) as ReadableStream<Uint8Array>;
}

/** The BOM and the header record. */
function csvHeader(columns: readonly ListColumn[]): Buffer {
  return Buffer.from(`\uFEFF${columns.map((column) => csvText(column.header)).join(",")}\n`);
}

/**
 * A CSV export whose records PostgreSQL wrote (COPY … WITH (FORMAT csv), fields already
 * guarded and labelled by the columns' SQL, see columns.ts), after the BOM and header.
 */
export function csvFromCopy(
  options: { columns: readonly ListColumn[] },
  records: Readable,
): ReadableStream<Uint8Array> {
  async function* chunks() {
    yield csvHeader(options.columns);
    yield* records;
  }
  return Readable.toWeb(Readable.from(chunks(), { objectMode: false })) as ReadableStream<Uint8Array>;
}

const NEEDS_QUOTES = /[",\r\n]/;

/** A text field: guarded (formula-guard.ts), then quoted when it holds a comma, a quote or a line break. */
function csvText(text: string): string {
  const safe = csvGuarded(text);
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvCell(value: CellValue): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return csvText(typeof value === "string" ? value : String(value));
}
