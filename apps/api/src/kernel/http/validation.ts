import type { FieldError } from "@repo/contracts/envelope";
import type { MiddlewareHandler } from "hono";
import type { z } from "zod";
import { ApiError } from "./errors";

/** Parses with a request schema; failures become the same 400 the route validators give. */
export function validated<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error.issues);
  throw new ApiError(400, errors.map((e) => `${e.field}: ${e.message}`).join("; "), errors);
}

/**
 * A JSON body the route declares optional (list filters) may be left out. @hono/zod-openapi then
 * skips the body's schema (no Content-Type) and would hand the handler `{}` without the schema's
 * defaults; instead an empty body without a Content-Type is read as the JSON `{}`, so the declared
 * schema is the route's only validation. A body without a Content-Type is still refused (415).
 */
export const emptyBodyAsJson: MiddlewareHandler = async (c, next) => {
  const raw = c.req.raw;
  if (!c.req.header("content-type") && (raw.body === null || (await raw.clone().text()) === "")) {
    const headers = new Headers(raw.headers);
    headers.set("content-type", "application/json");
    // Replaced as http/body-limit.ts replaces it; nothing has read the body yet (no Content-Type).
    c.req.raw = new Request(raw.url, { method: raw.method, headers, body: "{}", signal: raw.signal });
  }
  await next();
};

/** Turns zod issues into the envelope's per-field errors. */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string; code?: string; keys?: readonly string[] }[],
): FieldError[] {
  return issues.flatMap((issue) => {
    const at = issue.path.map(String).join(".");
    // An unknown field is reported under its own name, so forms can point at it.
    if (issue.code === "unrecognized_keys" && issue.keys) {
      return issue.keys.map((key) => ({
        field: at ? `${at}.${key}` : key,
        message: `${key} is not an accepted field`,
      }));
    }
    return [{ field: at || "body", message: issue.message }];
  });
}
