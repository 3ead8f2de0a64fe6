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

/** Seconds a caller is asked to wait (Retry-After) when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE =
  "The service is briefly unavailable: its database cannot be reached. Please try again in a few seconds.";

/** The 503 of a request that failed because the database is down (isDatabaseUnavailable). */
export const databaseUnavailable = () =>
  new ApiError(503, DATABASE_UNAVAILABLE_MESSAGE, undefined, { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) });
