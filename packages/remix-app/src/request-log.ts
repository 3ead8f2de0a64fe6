import { randomUUID } from "node:crypto";
import { acceptableRequestId, REQUEST_ID_HEADER } from "@repo/contracts/request-id";
import type { RequestHandler } from "express";

export type LogLine = (level: "info" | "warn" | "error", msg: string, extra?: Record<string, unknown>) => void;

/**
 * Gives each page or action request an id and logs one line when it is answered. The id goes to
 * the API with every call the request makes (the load context's `requestId`, sent as
 * X-Request-Id), so the app's line and the API's lines of one request share it. An id that came
 * with the request is kept only from a trusted proxy (TRUST_PROXY), never from a browser.
 * The path is logged without its query (handoff codes travel there). A request whose connection
 * closed before it was answered is logged too, as abandoned, with how long it had run.
 */
export function requestLog(log: LogLine): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get(REQUEST_ID_HEADER);
    const trusted = (req.app.get("trust proxy fn") as (address: string, hop: number) => boolean)(
      req.socket.remoteAddress ?? "",
      0,
    );
    const id = trusted && acceptableRequestId(incoming) ? incoming : randomUUID();
    res.locals.requestId = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    const started = performance.now();
    const line = () => ({
      req_id: id,
      method: req.method,
      path: req.path,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
    });
    res.on("finish", () => {
      log(res.statusCode >= 500 ? "error" : "info", "request", { ...line(), status: res.statusCode });
    });
    // A connection closed before the answer was sent: the browser (or a proxy) gave up waiting.
    // Without this line a request answered too late would leave no trace at all.
    res.on("close", () => {
      if (!res.writableFinished) log("warn", "request abandoned by the client", { ...line(), abandoned: true });
    });
    next();
  };
}
