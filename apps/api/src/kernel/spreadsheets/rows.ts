import { SPREADSHEET_IMPORTS } from "@repo/contracts/uploads-constants";
import type { z } from "zod";
import type { CellValue, ColumnSpec, OpenedSpreadsheet, SheetRow } from "./reader";

/**
 * What every spreadsheet import does with one row, whatever it imports: check it with the
 * single-record form's zod schema, and say what is wrong in the template's own words.
 */

export interface FieldProblem {
  field: string;
  message: string;
}

/** One row through the form's schema: the record, or one message per field ("Class: Choose a class…"). */
export function parseSheetRow<T>(
  schema: z.ZodType<T>,
  columns: readonly ColumnSpec[],
  row: SheetRow,
): { record: T | null; errors: FieldProblem[] } {
  const input: Record<string, unknown> = {};
  for (const column of columns) {
    const value = row.values[column.key];
    input[column.key] = value === null ? undefined : value;
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return { record: parsed.data, errors: [] };
  const errors: FieldProblem[] = [];
  const seen = new Set<string>();
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "row");
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ field, message: issue.message });
  }
  return { record: null, errors };
}

/** The problems of a row as the errors file's "Errors" cell: "Header: message; Header: message". */
export function problemsText(columns: readonly ColumnSpec[], errors: readonly FieldProblem[]): string {
  const labels = new Map(columns.map((column) => [column.key, column.header]));
  return errors.map((e) => `${labels.get(e.field) ?? e.field}: ${e.message}`).join("; ");
}

/** A cell as a preview shows it: text, with a date as YYYY-MM-DD. */
export const displayValue = (value: CellValue): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value);

/** How the file was read, as every import's preview says it (StudentImportPreview). */
export const previewOfFile = (sheet: OpenedSpreadsheet) => ({
  format: sheet.format,
  sheet_name: sheet.sheetName,
  encoding: sheet.encoding,
  separator: sheet.separator,
  header_row: sheet.headerRow,
  columns: sheet.columns,
  // Filled while the rows are read (formulas without a result): the same list, read at the end.
  warnings: sheet.warnings,
});

/**
 * The preview's list of every row with mistakes, one sentence each, up to
 * SPREADSHEET_IMPORTS.previewErrorRows (decision 055): the screen pages it.
 */
export function previewErrorRows(columns: readonly ColumnSpec[]) {
  const rows: { row: number; message: string }[] = [];
  return {
    rows,
    add(row: number, errors: readonly FieldProblem[]) {
      if (errors.length > 0 && rows.length < SPREADSHEET_IMPORTS.previewErrorRows) {
        rows.push({ row, message: problemsText(columns, errors) });
      }
    },
  };
}
