/**
 * Reading the scanning vendor's answer-sheet text files (issue 15): one line per sheet, roll
 * number, paper-set code, then one answer per question. The default layout is comma-separated;
 * other vendors' layouts are format profiles (another delimiter, fixed-width columns, another
 * answer alphabet) chosen at upload. Pure: every bad line comes back with its number and why.
 */

import { storedFormScorer } from "./scoring";

export type SheetLayout =
  | { kind: "delimited"; delimiter: "," | ";" | "|" | "\t" }
  | {
      kind: "fixed";
      /** 1-based first column and width of the roll number and of the paper-set code. */
      roll: { start: number; width: number };
      code: { start: number; width: number };
      /** 1-based column of the first answer; each answer is `answerWidth` columns. */
      answersStart: number;
      answerWidth: number;
    };

export interface SheetFormat {
  layout: SheetLayout;
  /** The characters the vendor writes for options A, B, C … in order ("ABCD", or "1234"). */
  alphabet: string;
  /** What the vendor writes for a double mark on a single-answer question. */
  doubleMark: string;
}

/** The default profile: `roll,code,A,,BD,*,…`. */
export const DEFAULT_SHEET_FORMAT: SheetFormat = {
  layout: { kind: "delimited", delimiter: "," },
  alphabet: "ABCDEF",
  doubleMark: "*",
};

export interface ReadSheet {
  line: number;
  roll: string;
  code: string;
  /** Per question, in order: option letters A-F sorted ("BD"), "" blank, "*" a double mark. */
  answers: string[];
  /** The answers joined with commas, as answer_sheets stores them. */
  text: string;
}

export interface BadLine {
  line: number;
  /** The roll number, when the line was read that far. */
  roll?: string;
  message: string;
}

const ROLL = /^[A-Z0-9]{4,20}$/;
const CODE = /^[A-Z0-9-]{2,20}$/;
const LETTERS = "ABCDEF";

/**
 * One answer field in the vendor's alphabet → letters A-F, "" or "*"; null when unreadable. The
 * alphabet is matched as written: a scanner writes its letters in one case, and a lower-case
 * letter in a file of capitals is a hand edit, refused with its reason (decision 058).
 */
function readAnswer(field: string, format: SheetFormat): string | null {
  const value = field.trim();
  if (value === "") return "";
  if (value === format.doubleMark) return "*";
  const letters = new Set<string>();
  for (const char of value) {
    const index = format.alphabet.indexOf(char);
    if (index < 0 || index >= LETTERS.length) return null;
    letters.add(LETTERS[index] as string);
  }
  return [...letters].sort().join("");
}

/** Why a field could not be read as an answer: its letters in the other case, or not the alphabet's. */
function unreadableAnswer(question: number, field: string, format: SheetFormat): string {
  const value = field.trim();
  const swapped = value === value.toUpperCase() ? value.toLowerCase() : value.toUpperCase();
  if (readAnswer(swapped, format) !== null) {
    const written = value === value.toUpperCase() ? "capitals" : "lower case";
    return `Question ${question}: "${value}" is in ${written}, and the scanner writes "${swapped}": ask the vendor for the file as scanned, or correct the line`;
  }
  return `Question ${question}: "${value}" is not an answer (use ${format.alphabet}, blank or ${format.doubleMark})`;
}

/**
 * The fields of one character or none, read once per format: nearly every field of a real file is
 * one of them, and a million sheets of 100 answers are 100 million fields.
 */
function shortAnswers(format: SheetFormat): Map<string, string | null> {
  const table = new Map<string, string | null>([["", ""]]);
  for (const char of `${format.alphabet}${format.doubleMark} `) {
    table.set(char, readAnswer(char, format));
  }
  return table;
}

function fieldsOf(text: string, layout: SheetLayout): { roll: string; code: string; answers: string[] } {
  if (layout.kind === "delimited") {
    const [roll = "", code = "", ...answers] = text.split(layout.delimiter);
    return { roll, code, answers };
  }
  const slice = (start: number, width: number) => text.slice(start - 1, start - 1 + width);
  const answers: string[] = [];
  for (let at = layout.answersStart; at <= text.length; at += layout.answerWidth) {
    answers.push(slice(at, layout.answerWidth));
  }
  return {
    roll: slice(layout.roll.start, layout.roll.width),
    code: slice(layout.code.start, layout.code.width),
    answers,
  };
}

const COMMA = ",";

/**
 * Where the answers of a line already in the stored form are: comma-separated, roll number and
 * code in upper case (a Windows line end is fine). Whether every answer is one of the letters A-F,
 * "*" or blank is for the caller's walk (scoring.ts storedFormScorer, which scores as it reads).
 * Only the default profile writes such lines; null for any other line or profile, which is then
 * read field by field.
 */
export function storedFormLine(
  raw: string,
): { roll: string; code: string; answersStart: number; answersEnd: number } | null {
  const afterRoll = raw.indexOf(COMMA);
  const afterCode = afterRoll < 0 ? -1 : raw.indexOf(COMMA, afterRoll + 1);
  if (afterCode < 0) return null;
  const roll = raw.slice(0, afterRoll);
  const code = raw.slice(afterRoll + 1, afterCode);
  if (!ROLL.test(roll) || !CODE.test(code)) return null;
  const answersEnd = raw.endsWith("\r") ? raw.length - 1 : raw.length;
  return { roll, code, answersStart: afterCode + 1, answersEnd };
}

/** Whether a profile writes the stored form: the default one only. */
export function writesStoredForm(format: SheetFormat): boolean {
  const { layout } = format;
  return (
    layout.kind === "delimited" && layout.delimiter === "," && format.alphabet === LETTERS && format.doubleMark === "*"
  );
}

/** Counts the answers of a stored-form line, null when one is not in the stored form. */
const countStoredAnswers = storedFormScorer([], 0);

/** The file's lines without a byte-order mark; Windows line ends are fine. Line n is at n - 1. */
export function sheetLines(text: string): string[] {
  return text.replace(/^\uFEFF/, "").split(/\r?\n/);
}

/**
 * A reader of one line in `format`: the sheet, or why the line is not one (with its roll number
 * when that much could be read); null for a blank line. Made once per file: the jobs read a
 * million lines twice, so they read line by line instead of holding every sheet.
 */
export function sheetReader(format: SheetFormat = DEFAULT_SHEET_FORMAT) {
  const short = shortAnswers(format);
  const storedForm = writesStoredForm(format);
  return (raw: string, line: number): { sheet: ReadSheet } | { bad: BadLine } | null => {
    // Nearly every line of a real file: read with one walk and one split instead of field by field.
    const fast = storedForm ? storedFormLine(raw) : null;
    if (fast && countStoredAnswers(raw, fast.answersStart, fast.answersEnd)) {
      const text = raw.slice(fast.answersStart, fast.answersEnd);
      return { sheet: { line, roll: fast.roll, code: fast.code, answers: text.split(","), text } };
    }
    if (raw.trim() === "") return null;
    const { roll, code, answers } = fieldsOf(raw, format.layout);
    const rollNumber = roll.trim().toUpperCase();
    const paperCode = code.trim().toUpperCase();
    if (!ROLL.test(rollNumber)) {
      return { bad: { line, message: `The roll number "${roll.trim()}" is not one: 4 to 20 letters and digits` } };
    }
    if (!CODE.test(paperCode)) {
      return { bad: { line, roll: rollNumber, message: `The paper-set code "${code.trim()}" is not one` } };
    }
    if (answers.length === 0) return { bad: { line, roll: rollNumber, message: "The line has no answers" } };
    const read = answers.map(
      (field) => (field.length <= 1 ? short.get(field) : undefined) ?? readAnswer(field, format),
    );
    const unreadable = read.indexOf(null);
    if (unreadable >= 0) {
      return {
        bad: { line, roll: rollNumber, message: unreadableAnswer(unreadable + 1, answers[unreadable] ?? "", format) },
      };
    }
    return {
      sheet: { line, roll: rollNumber, code: paperCode, answers: read as string[], text: read.join(",") },
    };
  };
}

/**
 * Reads a whole file: the sheets it holds and every line that could not be read, with its number.
 * Blank lines are skipped; a byte-order mark and Windows line ends are fine.
 */
export function readSheetFile(
  text: string,
  format: SheetFormat = DEFAULT_SHEET_FORMAT,
): { sheets: ReadSheet[]; bad: BadLine[] } {
  const sheets: ReadSheet[] = [];
  const bad: BadLine[] = [];
  const read = sheetReader(format);
  for (const [index, raw] of sheetLines(text).entries()) {
    const result = read(raw, index + 1);
    if (!result) continue;
    if ("sheet" in result) sheets.push(result.sheet);
    else bad.push(result.bad);
  }
  return { sheets, bad };
}
