/**
 * One request id follows a page from the app's server to the API: both log it, so an app's log
 * line and the API's lines of the same request can be joined (docs/decisions/030-operations.md).
 */
export const REQUEST_ID_HEADER = "X-Request-Id";

/** A UUID is 36; anything longer is not an id we made and is replaced. */
export const REQUEST_ID_MAX_LENGTH = 64;

/** The characters hono/request-id accepts (letters, digits, `_`, `-`, `=`): no spaces or line breaks to forge log lines. */
const ACCEPTABLE = new RegExp(`^[A-Za-z0-9_=-]{1,${REQUEST_ID_MAX_LENGTH}}$`);

/** Whether an incoming request id may be kept as it is (else the receiver makes its own). */
export function acceptableRequestId(value: string | null | undefined): value is string {
  return typeof value === "string" && ACCEPTABLE.test(value);
}
