import type { FieldError } from "@repo/contracts/envelope";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The error envelope: real HTTP code, `status: false`, never a stack trace or SQL text. */
export function fail(c: Context, code: ContentfulStatusCode, message: string, errors?: FieldError[]) {
  return c.json({ status: false as const, message, data: null, ...(errors ? { errors } : {}) }, code);
}
