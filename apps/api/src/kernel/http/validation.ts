import type { FieldError } from "@repo/contracts/envelope";
import type { z } from "zod";
import { ApiError } from "./errors";

/** Parses with a request schema; failures become the same 400 the route validators give. */
export function validated<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error.issues);
  throw new ApiError(400, errors.map((e) => `${e.field}: ${e.message}`).join("; "), errors);
}

/** A JSON body that may be absent (list filters): an empty or missing body means `{}`. */
export async function optionalJson(request: { text(): Promise<string> }): Promise<unknown> {
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, "The request body is not valid JSON");
  }
}

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
