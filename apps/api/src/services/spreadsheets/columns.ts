import { type SQL, sql } from "drizzle-orm";
import { FORMULA_STARTS, neutralise } from "./writer";
import { XLSX_DATE_STYLE } from "./xlsx-writer";

/**
 * A list column as PostgreSQL computes it (exports.ts' fast paths): the CSV field COPY writes and
 * the XLSX cell the sheet holds, giving the same bytes as the column's `value` through the JS
 * writers: labels from the same constant lists, a leading quote on text a spreadsheet could take
 * for a formula (writer.ts `neutralise`), an empty text as no value (COPY quotes an empty text but
 * writes a null as nothing; the XLSX writer skips both), a moment as the programme's day.
 * Tests compare the paths byte for byte (apps/api/test/exports-copy.test.ts).
 */
export type ExportField =
  /** Text, neutralised. */
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

/** A text: neutralised (writer.ts FORMULA_STARTS first), empty as null. */
function neutralisedSql(expression: SQL): SQL {
  // ascii() reads the first character without making a text of it: a third of the cost of left().
  return sql`nullif(case when ascii(${expression}) in (${sql.raw(FORMULA_STARTS.join(", "))}) then '''' || ${expression}
    else ${expression} end, '')`;
}

/** The field's value as the cell holds it: text (neutralised, null when empty), or a number. */
export function fieldValueSql(field: ExportField): SQL {
  switch (field.kind) {
    case "text":
      return neutralisedSql(field.sql);
    case "number":
      return sql`${field.sql}`;
    case "label": {
      if (field.labels.length === 0) return neutralisedSql(sql`${field.sql}::text`);
      // Labels are constants, neutralised here once instead of in every row.
      const cases = field.labels.map(
        ([code, label]) => sql`when ${sql.raw(literal(code))} then ${sql.raw(literal(String(neutralise(label))))}`,
      );
      return sql`case ${field.sql} ${sql.join(cases, sql` `)} else ${neutralisedSql(sql`${field.sql}::text`)} end`;
    }
    case "day":
      return sql`(${field.sql} at time zone 'Asia/Kolkata')::date`;
    case "date":
      return sql`${field.sql}::date`;
  }
}

/** The CSV field of a value from fieldValueSql. */
export function csvFieldSql(field: ExportField, value: SQL): SQL {
  // A date's text is yyyy-mm-dd under DateStyle ISO, which copyCsvOut sets.
  return field.kind === "text" || field.kind === "label" ? value : sql`${value}::text`;
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
        return sql`concat(${ref}, '" t="inlineStr"><is><t xml:space="preserve">', ${xmlTextSql(value)}, '</t></is></c>')`;
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
