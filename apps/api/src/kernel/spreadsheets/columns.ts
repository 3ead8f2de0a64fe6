import { type SQL, sql } from "drizzle-orm";
import {
  CSV_FORMULA_STARTS,
  CSV_SIGN_STARTS,
  csvGuarded,
  PLAIN_SIGNED_NUMBER,
  TYPED_AS_FORMULA_STARTS,
} from "./formula-guard";
import { XLSX_DATE_STYLE, XLSX_TEXT_STYLE } from "./xlsx-writer";

/**
 * A list column as PostgreSQL computes it (exports.ts' fast paths): the CSV field COPY writes and
 * the XLSX cell the sheet holds, giving the same bytes as the column's `value` through the JS
 * writers: labels from the same constant lists, a leading quote on a CSV field a spreadsheet would
 * run and the Text format on an XLSX text cell that would not stay text when edited
 * (formula-guard.ts, decision 063), an empty text as no value (COPY quotes an empty text but
 * writes a null as nothing; the XLSX writer skips both), a moment as the programme's day.
 * Tests compare the paths byte for byte (apps/api/test/exports-copy.test.ts).
 */
export type ExportField =
  /** Text. */
  | { kind: "text"; sql: SQL }
  /** A whole number. */
  | { kind: "number"; sql: SQL }
  /** A code shown by its label (built from the list the JS column reads); another value as text. */
  | { kind: "label"; sql: SQL; labels: readonly (readonly [string | number, string])[] }
  /** A moment (timestamptz) as the programme's day (India Standard Time): `programmeDay` in JS. */
  | { kind: "day"; sql: SQL }
  /** A date column. */
  | { kind: "date"; sql: SQL };

export const textField = (expression: SQL): ExportField => ({ kind: "text", sql: expression });
export const numberField = (expression: SQL): ExportField => ({ kind: "number", sql: expression });
export const dayField = (expression: SQL): ExportField => ({ kind: "day", sql: expression });
export const dateField = (expression: SQL): ExportField => ({ kind: "date", sql: expression });
export const labelField = <Code extends string | number>(
  expression: SQL,
  codes: readonly Code[],
  name: (code: Code) => string,
): ExportField => ({ kind: "label", sql: expression, labels: codes.map((code) => [code, name(code)] as const) });

const charCodes = (list: readonly number[]) => sql.raw(list.join(", "));

/** A CSV text: guarded (formula-guard.ts `csvGuarded`), empty as null. */
function csvGuardedSql(expression: SQL): SQL {
  // ascii() reads the first character without making a text of it: a third of the cost of left();
  // only a text that starts with a sign meets the regular expression.
  return sql`nullif(case when ascii(${expression}) in (${charCodes(CSV_FORMULA_STARTS)})
      or (ascii(${expression}) in (${charCodes(CSV_SIGN_STARTS)}) and ${expression} !~ ${sql.raw(literal(PLAIN_SIGNED_NUMBER))})
    then '''' || ${expression} else ${expression} end, '')`;
}

/** A label field: its labels are constants, guarded here once (CSV) instead of in every row. */
function labelSql(
  field: Extract<ExportField, { kind: "label" }>,
  other: (expression: SQL) => SQL,
  label: (text: string) => string,
): SQL {
  if (field.labels.length === 0) return other(sql`${field.sql}::text`);
  const cases = field.labels.map(
    ([code, text]) => sql`when ${sql.raw(literal(code))} then ${sql.raw(literal(label(text)))}`,
  );
  return sql`case ${field.sql} ${sql.join(cases, sql` `)} else ${other(sql`${field.sql}::text`)} end`;
}

const emptyAsNull = (expression: SQL) => sql`nullif(${expression}, '')`;

/** The field's value as the XLSX cell holds it: text exactly (null when empty), or a number. */
export function fieldValueSql(field: ExportField): SQL {
  switch (field.kind) {
    case "text":
      return emptyAsNull(field.sql);
    case "number":
      return sql`${field.sql}`;
    case "label":
      return labelSql(field, emptyAsNull, (text) => text);
    case "day":
      return sql`(${field.sql} at time zone 'Asia/Kolkata')::date`;
    case "date":
      return sql`${field.sql}::date`;
  }
}

/** The field as COPY writes it into a CSV: text guarded, the rest as text. */
export function csvFieldSql(field: ExportField): SQL {
  switch (field.kind) {
    case "text":
      return csvGuardedSql(field.sql);
    case "label":
      return labelSql(field, csvGuardedSql, csvGuarded);
    default:
      // A date's text is yyyy-mm-dd under DateStyle ISO, which copyCsvOut sets.
      return sql`${fieldValueSql(field)}::text`;
  }
}

// XML 1.0 cannot hold these; xlsx-writer's xmlText drops them too.
const XML_FORBIDDEN = [
  ...Array.from({ length: 8 }, (_, i) => i + 1),
  11,
  12,
  ...Array.from({ length: 18 }, (_, i) => i + 14),
  0xfffe,
  0xffff,
];
const XML_FORBIDDEN_CHARS = sql.raw(XML_FORBIDDEN.map((code) => `chr(${code})`).join(" || "));
const unicodeEscapes = (codes: readonly number[]) =>
  codes.map((code) => `\\u${code.toString(16).padStart(4, "0")}`).join("");
// What xmlText changes: markup and the characters XML cannot hold.
const XML_SPECIAL = sql.raw(`E'[&<>${unicodeEscapes(XML_FORBIDDEN)}]'`);
const XML_FORBIDDEN_CLASS = sql.raw(`E'[${unicodeEscapes(XML_FORBIDDEN)}]'`);

/**
 * Text as XML (xlsx-writer's xmlText). Most texts need nothing: one regular expression tells,
 * and only the rest pay for replace() and translate() (ten times the cost).
 */
function xmlTextSql(value: SQL): SQL {
  const allowed = sql`case when ${value} ~ ${XML_FORBIDDEN_CLASS} then translate(${value}, ${XML_FORBIDDEN_CHARS}, '') else ${value} end`;
  return sql`case when ${value} ~ ${XML_SPECIAL}
    then replace(replace(replace(${allowed}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;') else ${value} end`;
}

/**
 * The XLSX cell (xlsx-writer.ts `cell`) of a value from fieldValueSql, in column `letter` of the
 * row whose number (as text) is `row`; null for an empty value (xlsxRowSql's concat() leaves it
 * out). One concat() a cell: a chain of || makes a new text at every step.
 */
export function xlsxCellSql(field: ExportField, value: SQL, letter: string, row: SQL): SQL {
  const ref = sql`'<c r="${sql.raw(letter)}', ${row}`;
  const cell = (() => {
    switch (field.kind) {
      case "text":
      case "label":
        return sql`concat(${ref}, case when ascii(${value}) in (${charCodes(TYPED_AS_FORMULA_STARTS)}) then '" s="${sql.raw(String(XLSX_TEXT_STYLE))}' end,
          '" t="inlineStr"><is><t xml:space="preserve">', ${xmlTextSql(value)}, '</t></is></c>')`;
      case "number":
        return sql`concat(${ref}, '"><v>', ${value}, '</v></c>')`;
      case "day":
      case "date":
        // Excel's serial day 25569 is 1970-01-01 (xlsx-writer's excelSerial).
        return sql`concat(${ref}, '" s="${sql.raw(String(XLSX_DATE_STYLE))}"><v>', ${value} - date '1970-01-01' + 25569, '</v></c>')`;
    }
  })();
  return sql`case when ${value} is not null then ${cell} end`;
}

/** A sheet row (`<row r="n">…</row>`) of cells from xlsxCellSql, `row` its number as text. */
export function xlsxRowSql(cells: readonly SQL[], row: SQL): SQL {
  return sql`concat('<row r="', ${row}, '">', ${sql.join([...cells], sql`, `)}, '</row>')`;
}

// Labels are constants of the code, inlined so that COPY (which binds no parameters) can hold them.
function literal(value: string | number): string {
  return typeof value === "number" ? String(value) : `'${value.replace(/'/g, "''")}'`;
}

const DAY_MS = 86_400_000;
/** India Standard Time is UTC+05:30 all year. */
const IST_OFFSET_MS = 19_800_000;

/** A moment as the programme's day (India Standard Time), at UTC midnight so a cell shows that day. */
export function programmeDay(moment: string | Date | null): Date | null {
  if (moment === null) return null;
  const ist = new Date(moment).getTime() + IST_OFFSET_MS;
  return new Date(ist - (ist % DAY_MS));
}
