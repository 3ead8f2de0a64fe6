export { NOT_A_SPREADSHEET, SpreadsheetError, type SpreadsheetProblem } from "./errors";
export { csvGuarded, csvRunsAsFormula, keepsTextFormat } from "./formula-guard";
export {
  type CellValue,
  type ColumnMatch,
  type ColumnSpec,
  columnLetter,
  type FileFormat,
  guessSeparator,
  headerKey,
  type OpenedSpreadsheet,
  openSpreadsheet,
  type ReadLimits,
  type ReadOptions,
  type SheetRow,
  sniffFormat,
} from "./reader";
export { displayValue, type FieldProblem, parseSheetRow, previewErrorRows, previewOfFile, problemsText } from "./rows";
export {
  CSV_TYPE,
  csvFromCopy,
  csvStream,
  type ErrorRow,
  errorsWorkbook,
  type ListColumn,
  type TemplateColumn,
  type TemplateOptions,
  templateWorkbook,
  XLSX_TYPE,
  xlsxStream,
} from "./writer";
