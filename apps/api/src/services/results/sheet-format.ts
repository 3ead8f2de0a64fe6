/**
 * Reading the scanning vendor's answer-sheet text files (issue 15): one line per sheet, roll
 * number, paper-set code, then one answer per question. The default layout is comma-separated;
 * other vendors' layouts are format profiles (another delimiter, fixed-width columns, another
 * answer alphabet) chosen at upload. Pure: every bad line comes back with its number and why.
 */

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

/** One answer field in the vendor's alphabet → letters A-F, "" or "*"; null when unreadable. */
function readAnswer(field: string, format: SheetFormat): string | null {
  const value = field.trim().toUpperCase();
  if (value === "") return "";
  if (value === format.doubleMark.toUpperCase()) return "*";
  const letters = new Set<string>();
  for (const char of value) {
    const index = format.alphabet.toUpperCase().indexOf(char);
    if (index < 0 || index >= LETTERS.length) return null;
    letters.add(LETTERS[index] as string);
  }
  return [...letters].sort().join("");
}

/**
 * The fields of one character or none, read once per format: nearly every field of a real file is
 * one of them, and a million sheets of 100 answers are 100 million fields.
 */
function shortAnswers(format: SheetFormat): Map<string, string | null> {
  const table = new Map<string, string | null>([["", ""]]);
  for (const char of `${format.alphabet}${format.alphabet.toLowerCase()}${format.doubleMark} `) {
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

/**
 * A line already in the stored form: comma-separated, roll number and code in upper case, every
 * answer one of the letters A-F, "*" or blank. Only the default alphabet writes such lines; a
 * profile with another delimiter or alphabet, or a line with anything else (lower case, spaces,
 * several letters), is read field by field.
 */
function canonicalLine(format: SheetFormat): RegExp | null {
  const { layout } = format;
  if (layout.kind !== "delimited" || layout.delimiter !== "," || format.alphabet !== LETTERS) return null;
  if (format.doubleMark !== "*") return null;
  return /^([A-Z0-9]{4,20}),([A-Z0-9-]{2,20}),((?:[A-F*])?(?:,[A-F*]?)*)\r?$/;
}

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
  const canonical = canonicalLine(format);
  return (raw: string, line: number): { sheet: ReadSheet } | { bad: BadLine } | null => {
    // Nearly every line of a real file: read with one test and one split instead of field by field.
    const fast = canonical?.exec(raw);
    if (fast) {
      const [, roll = "", code = "", text = ""] = fast;
      return { sheet: { line, roll, code, answers: text.split(","), text } };
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
        bad: {
          line,
          roll: rollNumber,
          message: `Question ${unreadable + 1}: "${answers[unreadable]?.trim()}" is not an answer (use ${format.alphabet}, blank or ${format.doubleMark})`,
        },
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
