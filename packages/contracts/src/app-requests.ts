/**
 * What the four apps accept from a browser before they read a request body
 * (docs/decisions/028-app-request-checks.md). Plain constants, no zod (decision 007).
 */
import { MULTIPART_OVERHEAD_BYTES } from "./request-limits-constants";
import { RESULT_LIMITS } from "./results-constants";

/**
 * A form without files (URL-encoded): the largest is a mail template, 1 MB of HTML, which
 * URL-encoding can triple.
 */
export const APP_FORM_MAX_BYTES = 4 * 1024 * 1024;

/** The largest upload any app takes (a vendor's answer-sheet file); each route has its own lower limit. */
export const APP_UPLOAD_MAX_BYTES = RESULT_LIMITS.maxUploadBytes + MULTIPART_OVERHEAD_BYTES;

/** Body types the apps' forms send: Remix forms and fetchers, and uploads. */
export const APP_FORM_CONTENT_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;

/** Methods a browser may send to an app; Remix forms and fetchers only ever POST. */
export const APP_METHODS = ["GET", "HEAD", "POST"] as const;
