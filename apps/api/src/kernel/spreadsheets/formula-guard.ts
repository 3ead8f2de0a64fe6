/**
 * Which texts of an exported file a spreadsheet program would run as formulas, and how the files
 * keep them text (docs/decisions/063-formula-guard-only-where-a-spreadsheet-runs.md).
 *
 * - CSV has no types: Excel runs a field that starts with = @ + - (and, after a tab or CR, what
 *   follows); LibreOffice runs only =. Such a field gets a leading quote, which shows, so only
 *   those that would run get one: a sign followed by a plain number ("+919876543210", "-5") is a
 *   number to every program, not a formula.
 * - XLSX cells carry their type: a text cell is never run, so it holds the text exactly. A text
 *   that would turn into something else when its cell is typed again (= + - @ first) gets the Text
 *   number format, so that editing it keeps it text.
 */

/** Starts that make Excel run a CSV field whatever follows: = @ tab CR. */
export const CSV_FORMULA_STARTS = [61, 64, 9, 13] as const;
/** + and -: a formula unless the rest is a plain number. */
export const CSV_SIGN_STARTS = [43, 45] as const;
/**
 * A sign alone or before a plain number (digits, at most one decimal point): what a spreadsheet
 * reads as a number or text, never as a formula. Written for JavaScript and PostgreSQL alike.
 */
export const PLAIN_SIGNED_NUMBER = "^[+-]([0-9]+([.][0-9]+)?)?$";
const plainSignedNumber = new RegExp(PLAIN_SIGNED_NUMBER);

/** Starts of a text that a spreadsheet would not keep as that text when typed into a cell. */
export const TYPED_AS_FORMULA_STARTS = [61, 43, 45, 64, 9, 13] as const;

/** True when a spreadsheet program opening a CSV would run this field as a formula. */
export function csvRunsAsFormula(text: string): boolean {
  const first = text.charCodeAt(0);
  if ((CSV_FORMULA_STARTS as readonly number[]).includes(first)) return true;
  return (CSV_SIGN_STARTS as readonly number[]).includes(first) && !plainSignedNumber.test(text);
}

/** A CSV field's text: a leading quote on a field that would run, so it stays text. */
export function csvGuarded(text: string): string {
  return csvRunsAsFormula(text) ? `'${text}` : text;
}

/** True when an XLSX text cell should carry the Text format (typed again, it would not stay this text). */
export function keepsTextFormat(text: string): boolean {
  return (TYPED_AS_FORMULA_STARTS as readonly number[]).includes(text.charCodeAt(0));
}
