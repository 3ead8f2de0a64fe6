import type { FieldError } from "@repo/contracts/envelope";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The success envelope `{ status: true, message, data }` (docs/domain.md, "API conventions"). */
export function ok<T>(c: Context, data: T, message = "OK") {
  return c.json({ status: true, message, data }, 200);
}

/** The error envelope: real HTTP code, `status: false`, never a stack trace or SQL text. */
export function fail(c: Context, code: ContentfulStatusCode, message: string, errors?: FieldError[]) {
  return c.json({ status: false as const, message, data: null, ...(errors ? { errors } : {}) }, code);
}

/** The success envelope with 201 Created, for a request that made a new record. */
export function created<T>(c: Context, data: T, message = "Created") {
  return c.json({ status: true, message, data }, 201);
}
