import { z } from "zod";
import { ID_MAX } from "./ids-constants";
import { decimalText } from "./numbers-constants";

/**
 * A whole number from a path, query, form or JSON body: a JSON number, or text of decimal digits
 * only. Zod's coercion (`Number()`) read `0x1`, `1e0`, ` 1` and an empty text as numbers; here any other
 * text becomes NaN, which the number schema refuses with its own message (decision 049). Every
 * number the API takes goes through this or `decimalNumber`, never zod's number coercion.
 * Optional or defaulted fields put `.optional()` outside, so that the key stays optional.
 */
export const wholeNumber = <T extends z.ZodType<number>>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" ? decimalText(value, false) : value), schema);

/** A number that may have a fraction (marks): `12`, `0.25`, never `1e0`, `.5` or ` 1`. */
export const decimalNumber = <T extends z.ZodType<number>>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" ? decimalText(value, true) : value), schema);

/**
 * A row id in a path, query or body: a whole number from 1 to ID_MAX (an `integer` column), taken
 * from text of decimal digits too, since paths and queries are text. Past the range it is a 400
 * naming the field instead of a database error. `message` replaces the wording where a form names
 * the choice ("Choose the school").
 */
export const idField = (name: string, message?: string) =>
  wholeNumber(
    z
      .number({ error: message ?? `${name} must be an id (a whole number)` })
      .int(message ?? `${name} must be an id (a whole number)`)
      .min(1, message ?? `${name} must be an id (1 or more)`)
      .max(ID_MAX, message ?? `${name} must be an id (at most ${ID_MAX})`),
  );

/** The message of an id past the range, for contracts that keep their own wording otherwise. */
export const ID_RANGE_MESSAGE = `An id is at most ${ID_MAX}`;
