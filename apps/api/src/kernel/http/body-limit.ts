import { formatBytes } from "@repo/contracts/content-constants";
import { MULTIPART_OVERHEAD_BYTES, REQUEST_BODY_MAX_BYTES } from "@repo/contracts/request-limits-constants";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../../context";
import { ApiError } from "./errors";

/**
 * Request body limits (docs/decisions/027-limits-that-fit-schools.md). Every route declared with
 * `apiRoute` reads at most its limit: a body whose Content-Length says more is refused before a
 * byte is read, and a streamed (chunked) body is counted while the handler reads it and refused
 * as soon as it passes the limit, so nothing larger is ever buffered.
 */
export interface BodyLimit {
  maxBytes: number;
  /** The form field the limit is about (an upload's file), for the per-field error. */
  field?: string;
  /** The sentence that says what was too large and what to do. */
  message: string;
}

/** The default: a JSON request. */
export const JSON_BODY_LIMIT: BodyLimit = {
  maxBytes: REQUEST_BODY_MAX_BYTES,
  message: `The request is larger than ${formatBytes(REQUEST_BODY_MAX_BYTES)}, the most this endpoint accepts. Send less at once.`,
};

/** What an import's message suggests. */
export const SPLIT_HINT = "Split it into smaller files.";

/** An upload form: its file's own limit (from the contracts) plus the form around it. */
export function uploadLimit(upload: { field: string; what: string; maxBytes: number; hint?: string }): BodyLimit {
  return {
    maxBytes: upload.maxBytes + MULTIPART_OVERHEAD_BYTES,
    field: upload.field,
    message: `${upload.what} can be at most ${formatBytes(upload.maxBytes)}. ${upload.hint ?? "Upload a smaller file."}`,
  };
}

const tooLarge = (limit: BodyLimit) =>
  new ApiError(413, limit.message, limit.field ? [{ field: limit.field, message: limit.message }] : undefined, {
    // Stop the upload: without this the server would go on reading (and discarding) the rest.
    Connection: "close",
  });

/** Whether an earlier middleware (a route group's own) already limited this request. */
const LIMITED = new WeakSet<Request>();

export function limitBody(limit: BodyLimit): MiddlewareHandler<AppEnv> {
  return async (c: Context<AppEnv>, next) => {
    const raw = c.req.raw;
    if (!raw.body || LIMITED.has(raw)) return next();
    const declared = raw.headers.get("content-length");
    if (declared !== null && !raw.headers.has("transfer-encoding")) {
      if (Number(declared) > limit.maxBytes) throw tooLarge(limit);
      LIMITED.add(raw);
      return next();
    }
    let seen = 0;
    let over = false;
    const counted = raw.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > limit.maxBytes) {
            over = true;
            controller.error(tooLarge(limit));
            return;
          }
          controller.enqueue(chunk);
        },
      }),
    );
    c.req.raw = new Request(raw, { body: counted, duplex: "half" } as RequestInit);
    LIMITED.add(c.req.raw);
    try {
      await next();
    } catch (error) {
      // A reader that failed on the cut-off stream (JSON or form parser) says "invalid": say why.
      if (over) throw tooLarge(limit);
      throw error;
    }
    if (over) throw tooLarge(limit);
  };
}
