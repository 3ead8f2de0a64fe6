import { type SQL, sql } from "drizzle-orm";
import { FORMULA_STARTS, neutralise } from "./writer";

/**
 * A list column's CSV field as PostgreSQL computes it for COPY (exports.ts' fast path), giving
 * the same text as the column's `value` through csvStream: labels from the same constant lists,
 * a leading quote on text a spreadsheet could take for a formula (writer.ts `neutralise`), and an
 * empty text as no value, since COPY quotes an empty text ("") but writes a null as nothing.
 * A test compares the two paths byte for byte (apps/api/test/exports-copy.test.ts).
 * `programmeDay` is the JS side of `csvDaySql`.
 */

/** A text field: neutralised (writer.ts FORMULA_STARTS first), empty as null. */
export function csvTextSql(expression: SQL): SQL {
  // ascii() reads the first character without making a text of it: a third of the cost of left().
  return sql`nullif(case when ascii(${expression}) in (${sql.raw(FORMULA_STARTS.join(", "))}) then '''' || ${expression}
    else ${expression} end, '')`;
}

/**
 * A code shown by its label (`labels` built from the same list the JS column reads); another
 * value as it is. Labels are constants, neutralised here once instead of in every row.
 */
export function csvLabelSql(expression: SQL, labels: readonly (readonly [string | number, string])[]): SQL {
  if (labels.length === 0) return csvTextSql(sql`${expression}::text`);
  const cases = labels.map(
    ([code, label]) => sql`when ${sql.raw(literal(code))} then ${sql.raw(literal(String(neutralise(label))))}`,
  );
  return sql`case ${expression} ${sql.join(cases, sql` `)} else ${csvTextSql(sql`${expression}::text`)} end`;
}

/** A whole number. */
export function csvNumberSql(expression: SQL): SQL {
  return sql`${expression}::text`;
}

/** A moment as the programme's day (India Standard Time), yyyy-mm-dd, as `programmeDay` gives it. */
export function csvDaySql(expression: SQL): SQL {
  // A date's text is yyyy-mm-dd under DateStyle ISO, which copyCsvOut sets; cheaper than to_char.
  return sql`(${expression} at time zone 'Asia/Kolkata')::date::text`;
}

/** A date column (no time) as yyyy-mm-dd. */
export function csvDateSql(expression: SQL): SQL {
  return sql`${expression}::text`;
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
