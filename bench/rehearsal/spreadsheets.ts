// The schools' student lists as they come in a season (decision 055, the fixtures of
// apps/api/test/fixtures/spreadsheets/): Excel workbooks with real date cells and date serials,
// CSV from Excel in UTF-8 with a BOM or in Windows-1252, Excel's "Unicode Text" (UTF-16LE, tabs);
// and a few wrong rows in each, which a valid-rows import reports and leaves out.
import ExcelJS from "exceljs";
import { HEADERS } from "../../apps/api/test/fixtures/spreadsheets/fixtures";

export const SHEET_KINDS = ["xlsx", "csv-utf8", "csv-windows-1252", "utf16-tabs"] as const;
export type SheetKind = (typeof SHEET_KINDS)[number];

export interface StudentList {
  kind: SheetKind;
  name: string;
  bytes: Uint8Array;
  type: string;
  /** The good rows' e-mail addresses (one per student), in the file's order. */
  emails: string[];
  good: number;
  bad: number;
}

/** 0 → "a", 27 → "bb": names without digits, as people have them. */
function letters(n: number): string {
  let s = "";
  let x = n;
  do {
    s = String.fromCharCode(97 + (x % 26)) + s;
    x = Math.floor(x / 26);
  } while (x > 0);
  return s;
}

const ROMAN = ["VI", "VII", "VIII", "IX", "X", "XI"];
const LANGUAGES = ["Hindi", "English", "Marathi", "Tamil"];
/** Names a Windows-1252 file can hold but UTF-8 would spell in two bytes. */
const ACCENTED = ["Joshé", "Fernandès", "D'Souza", "Pereïra"];

interface Row {
  first: string;
  last: string;
  classLevel: number;
  language: string;
  gender: string;
  born: Date;
  parent: string;
  phone: string;
  email: string;
}

/** Student `n` of the run (unique name, phone and e-mail: the duplicate rule is name, birth date and phone). */
function studentRow(n: number, tag: string, kind: SheetKind): Row {
  const classLevel = 6 + (n % 6);
  const born = new Date(Date.UTC(new Date().getUTCFullYear() - 5 - classLevel, n % 12, 1 + (n % 27)));
  return {
    first: `${kind === "csv-windows-1252" ? "Élodie" : "Asha"} ${letters(n)}`,
    last: kind === "csv-windows-1252" ? (ACCENTED[n % ACCENTED.length] ?? "Joshé") : "Rao",
    classLevel,
    language: LANGUAGES[n % LANGUAGES.length] ?? "Hindi",
    gender: n % 2 ? "Female" : "Male",
    born,
    parent: `Parent ${letters(n)}`,
    phone: `9${String(n).padStart(9, "0")}`,
    email: `st${n}.${tag}@rehearsal.example.org`,
  };
}

const dayFirst = (d: Date) =>
  `${String(d.getUTCDate()).padStart(2, "0")}/${String(d.getUTCMonth() + 1).padStart(2, "0")}/${d.getUTCFullYear()}`;

/** Excel's day number of a date (1900 system, with its 1900-02-29). */
const excelSerial = (d: Date) => Math.round(d.getTime() / 86_400_000 + 25_569);

/** The wrong rows: a class that does not exist, a phone number too short, no parent's name. */
function badRow(row: Row, which: number): string[] {
  const cells = textCells(row);
  if (which % 3 === 0) cells[2] = "XIII";
  else if (which % 3 === 1) cells[7] = "12345";
  else cells[6] = "";
  return cells;
}

function textCells(row: Row): string[] {
  return [
    row.first,
    row.last,
    ROMAN[row.classLevel - 6] ?? "VIII",
    row.language,
    row.gender,
    dayFirst(row.born),
    row.parent,
    row.phone,
    row.email,
  ];
}

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * A school's list: `good` students numbered from `first` and `bad` wrong rows among them, in the
 * school's kind of file (they take turns by school).
 */
export async function studentList(
  school: number,
  first: number,
  good: number,
  bad: number,
  tag: string,
): Promise<StudentList> {
  const kind = SHEET_KINDS[school % SHEET_KINDS.length] ?? "xlsx";
  const rows: Row[] = Array.from({ length: good }, (_, i) => studentRow(first + i, tag, kind));
  // Wrong rows take numbers of their own past the good ones (never a good student's phone).
  const wrong = Array.from({ length: bad }, (_, i) => badRow(studentRow(first + good + i, tag, kind), school + i));
  // The wrong rows sit among the good ones, as people's mistakes do.
  const lines: string[][] = rows.map(textCells);
  for (const [i, cells] of wrong.entries()) lines.splice(Math.min(lines.length, 1 + i * 3), 0, cells);
  const emails = rows.map((r) => r.email);
  const base = { kind, emails, good, bad };
  if (kind === "xlsx") {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Students");
    sheet.addRow([...HEADERS]);
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    lines.forEach((cells, i) => {
      const row = byEmail.get(cells[8] ?? "");
      // Dates as Excel keeps them: date cells, and day numbers where a column was formatted as a number.
      const date = row ? (i % 2 ? row.born : excelSerial(row.born)) : cells[5];
      // Classes as numbers in some rows (a column Excel turned into numbers).
      const level = row && i % 3 === 0 ? row.classLevel : cells[2];
      sheet.addRow([cells[0], cells[1], level, cells[3], cells[4], date, cells[6], cells[7], cells[8]]);
    });
    return {
      ...base,
      name: `students-${school}.xlsx`,
      type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      bytes: new Uint8Array(await workbook.xlsx.writeBuffer()),
    };
  }
  if (kind === "utf16-tabs") {
    // Excel's "Unicode Text" (UTF-16LE with a BOM, tab-separated, CRLF), renamed .csv to upload it.
    const text = [HEADERS.join("\t"), ...lines.map((cells) => cells.join("\t"))].join("\r\n");
    return {
      ...base,
      name: `students-${school}.csv`,
      type: "text/csv",
      bytes: new Uint8Array(Buffer.from(`\uFEFF${text}\r\n`, "utf16le")),
    };
  }
  const text = [HEADERS.map(csvCell).join(","), ...lines.map((cells) => cells.map(csvCell).join(","))].join("\r\n");
  if (kind === "csv-windows-1252") {
    // Excel's legacy "CSV (Comma delimited)": Windows-1252, no BOM (é is the one byte 0xE9).
    return {
      ...base,
      name: `students-${school}.csv`,
      type: "text/csv",
      bytes: new Uint8Array(Buffer.from(`${text}\r\n`, "latin1")),
    };
  }
  return {
    ...base,
    name: `students-${school}.csv`,
    type: "text/csv",
    bytes: new Uint8Array(Buffer.from(`\uFEFF${text}\r\n`, "utf8")),
  };
}
