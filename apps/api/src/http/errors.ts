import type { FieldError } from "@repo/contracts/envelope";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * An error meant for the caller: its status and message are sent as they are, in the common
 * envelope. Anything else thrown inside a handler becomes a plain 500 (details only in the log).
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const notFound = (what: string) => new ApiError(404, `${what} not found`);

/** A validation failure on one field, answered like the schema validator's 400s. */
export const invalidField = (field: string, message: string, status: ContentfulStatusCode = 422) =>
  new ApiError(status, message, [{ field, message }]);
