import { ID_MAX } from "./ids-constants";

/**
 * Numbers typed as text (paths, queries, form fields), free of zod so that the apps read route
 * parameters by the same rule as the API (decision 049): decimal digits only, no sign, no spaces,
 * no `0x`, no exponent; `fraction` allows one decimal point with digits on both sides.
 */
export function decimalText(text: string, fraction = false): number {
  return (fraction ? /^[0-9]+(\.[0-9]+)?$/ : /^[0-9]+$/).test(text) ? Number(text) : Number.NaN;
}

/** An id typed as text (a route parameter, a form field): its number, or null for anything else. */
export function idOfText(text: string | null | undefined, max = ID_MAX): number | null {
  if (text == null) return null;
  const id = decimalText(text);
  return Number.isInteger(id) && id >= 1 && id <= max ? id : null;
}
