import { z } from "zod";
import { ID_MAX } from "./ids-constants";

/**
 * A row id in a path, query or body: a whole number from 1 to ID_MAX (an `integer` column), taken
 * from text too, since paths and queries are text. Past the range it is a 400 naming the field
 * instead of a database error.
 */
export const idField = (name: string) =>
  z.coerce
    .number<unknown>({ error: `${name} must be an id (a whole number)` })
    .int(`${name} must be an id (a whole number)`)
    .min(1, `${name} must be an id (1 or more)`)
    .max(ID_MAX, `${name} must be an id (at most ${ID_MAX})`);

/** The message of an id past the range, for contracts that keep their own wording otherwise. */
export const ID_RANGE_MESSAGE = `An id is at most ${ID_MAX}`;
