import { PassThrough, Readable } from "node:stream";
import { keepsTextFormat } from "./formula-guard";
import type { CellValue } from "./reader";
import { ZipWriter } from "./zip-writer";

/**
 * The list exports' XLSX, written as sheet XML text and zipped as it goes. exceljs's streaming
 * writer builds an object per cell and manages about 28,000 rows a second here; a list export of
 * a million students needs 50,000 (docs/decisions/019-region-lists.md). The workbook is the
 * smallest Excel, LibreOffice and exceljs open: one sheet of inline strings, numbers and dates, a
 * bold frozen header row and the column widths. Text cells hold their text exactly: a text cell is
 * never run as a formula (decision 063).
 */

export interface XlsxColumn {
  header: string;
  width?: number;
}

const STYLE = { header: 1, date: 2, dateTime: 3, text: 4 } as const;
/** The style of a date cell (a day, no time): columns.ts writes the same cells in SQL. */
export const XLSX_DATE_STYLE = STYLE.date;
/** The Text format, for text cells that would not stay text when edited (formula-guard.ts). */
export const XLSX_TEXT_STYLE = STYLE.text;

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

// Styles: 0 plain, 1 the bold header, 2 a date (dd-mm-yyyy, as India writes it), 3 a date and
// time, 4 the Text format ("@", built-in number format 49).
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="2"><numFmt numFmtId="164" formatCode="dd\\-mm\\-yyyy"/><numFmt numFmtId="165" formatCode="dd\\-mm\\-yyyy\\ hh:mm"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** Text as XML: the markup characters escaped, the characters XML 1.0 cannot hold dropped. */
export function xmlText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what XML 1.0 forbids
  return text.replace(/[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, (c) =>
    c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : "",
  );
}

/** Column letters: 0 → A, 25 → Z, 26 → AA. */
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

const DAY_MS = 86_400_000;
// Excel's serial day 25569 is 1970-01-01.
const excelSerial = (date: Date) => date.getTime() / DAY_MS + 25569;

function cell(ref: string, value: CellValue): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "number") return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : "";
  if (typeof value === "boolean") return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return "";
    const style = value.getTime() % DAY_MS === 0 ? STYLE.date : STYLE.dateTime;
    return `<c r="${ref}" s="${style}"><v>${excelSerial(value)}</v></c>`;
  }
  const text = String(value);
  const style = keepsTextFormat(text) ? ` s="${STYLE.text}"` : "";
  return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
}

function rowXml(number: number, letters: readonly string[], values: readonly CellValue[], style?: number): string {
  let xml = `<row r="${number}">`;
  for (let i = 0; i < values.length; i++) {
    const ref = `${letters[i] ?? columnLetter(i)}${number}`;
    xml +=
      style === undefined
        ? cell(ref, values[i] ?? null)
        : `<c r="${ref}" s="${style}" t="inlineStr"><is><t>${xmlText(String(values[i] ?? ""))}</t></is></c>`;
  }
  return `${xml}</row>`;
}

async function* sheetXml(columns: readonly XlsxColumn[], rows: AsyncIterable<string>): AsyncGenerator<string> {
  const letters = columns.map((_, index) => columnLetter(index));
  const widths = columns
    .map(
      (c, i) =>
        `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? Math.max(12, c.header.length + 4)}" customWidth="1"/>`,
    )
    .join("");
  yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${widths}</cols><sheetData>${rowXml(
    1,
    letters,
    columns.map((c) => c.header),
    STYLE.header,
  )}`;
  yield* rows;
  yield "</sheetData></worksheet>";
}

/** Rows from their values, numbered from 2 (under the header): one string per database batch. */
async function* rowsXml(
  columns: readonly XlsxColumn[],
  batches: AsyncIterable<readonly (readonly CellValue[])[]>,
): AsyncGenerator<string> {
  const letters = columns.map((_, index) => columnLetter(index));
  let number = 1;
  for await (const batch of batches) {
    // One string per database batch: few, large writes into the deflate stream.
    const parts: string[] = [];
    for (const values of batch) parts.push(rowXml(++number, letters, values));
    yield parts.join("");
  }
}

/** Streams an XLSX of one sheet: the header row, then the rows as their batches arrive. */
export function fastXlsxStream(
  options: { sheetName: string; columns: readonly XlsxColumn[] },
  batches: AsyncIterable<readonly (readonly CellValue[])[]>,
): ReadableStream<Uint8Array> {
  return xlsxOfRows(options, rowsXml(options.columns, batches));
}

/**
 * Streams an XLSX of one sheet whose rows arrive as sheet XML (`<row r="2">…</row>`, numbered
 * from 2), as PostgreSQL writes them for a list export (columns.ts).
 */
export function xlsxOfRows(
  options: { sheetName: string; columns: readonly XlsxColumn[] },
  rows: AsyncIterable<string>,
): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const zip = new ZipWriter(out);
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const sheetName = xmlText(options.sheetName.replace(/[:\\/?*[\]]/g, " ").slice(0, 31)).replace(/"/g, "&quot;");
  void (async () => {
    try {
      await zip.add("[Content_Types].xml", [CONTENT_TYPES]);
      await zip.add("_rels/.rels", [ROOT_RELS]);
      await zip.add("xl/workbook.xml", [
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ]);
      await zip.add("xl/_rels/workbook.xml.rels", [WORKBOOK_RELS]);
      await zip.add("xl/styles.xml", [STYLES]);
      await zip.add("xl/worksheets/sheet1.xml", sheetXml(options.columns, rows));
      await zip.finish();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
