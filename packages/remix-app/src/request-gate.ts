import type { IncomingMessage, ServerResponse } from "node:http";
import { originAllowed } from "@repo/auth/remix/security";
import {
  APP_FORM_CONTENT_TYPES,
  APP_FORM_MAX_BYTES,
  APP_METHODS,
  APP_UPLOAD_MAX_BYTES,
} from "@repo/contracts/app-requests";
import { plainPage } from "./error-page";

export interface GateOptions {
  /** The app's configured origin (SCHOOL_ORIGIN, …): the one host name its pages are served under. */
  appOrigin: string;
  /** Whether a Cookie header carries a session of this app (read locally, no API call). */
  hasSession: (cookieHeader: string | undefined) => Promise<boolean>;
  /** Paths answered under any host name: health checks come by address, not by name. */
  anyHostPaths?: readonly string[];
}

export type GateOutcome =
  | { kind: "pass" }
  | { kind: "redirect"; location: string }
  | { kind: "refuse"; status: number; title: string; message: string; headers?: Record<string, string> };

type GateRequest = Pick<IncomingMessage, "method" | "url" | "headers">;

const refuse = (status: number, title: string, message: string, headers?: Record<string, string>): GateOutcome => ({
  kind: "refuse",
  status,
  title,
  message,
  ...(headers ? { headers } : {}),
});

const mebibytes = (bytes: number) => `${Math.floor(bytes / 1024 / 1024)} MB`;

/**
 * The checks an app makes before Remix sees a request (docs/decisions/028-app-request-checks.md),
 * cheapest first and none of them reading the body: the method; the host name (another name for
 * the same server, such as 127.0.0.1 for localhost, is sent to the configured origin so a form is
 * never shown under an origin its post would be refused from); for a POST the Origin (or
 * Sec-Fetch-Site), the content type and the declared length; an upload larger than a plain form
 * needs a session cookie of this app. The route's guard then checks the session with the API
 * before it reads the body (auth.readForm).
 */
export async function gateRequest(req: GateRequest, options: GateOptions): Promise<GateOutcome> {
  const method = (req.method ?? "GET").toUpperCase();
  if (!(APP_METHODS as readonly string[]).includes(method)) {
    return refuse(405, "Method not allowed", "This address takes only GET and POST requests.", {
      Allow: APP_METHODS.join(", "),
    });
  }
  const origin = new URL(options.appOrigin);
  const path = req.url ?? "/";
  const pathname = path.split("?")[0] ?? "/";
  const host = (req.headers.host ?? "").toLowerCase();
  if (host !== origin.host && !(options.anyHostPaths ?? []).includes(pathname)) {
    if (method === "GET" || method === "HEAD") return { kind: "redirect", location: `${origin.origin}${path}` };
    return refuse(403, "Wrong address", `This form was sent to another address. Open ${origin.origin} and try again.`);
  }
  if (method !== "POST") return { kind: "pass" };

  const originHeader = req.headers.origin;
  const site = req.headers["sec-fetch-site"];
  if (
    !originAllowed(
      typeof originHeader === "string" ? originHeader : null,
      typeof site === "string" ? site : null,
      origin.origin,
    )
  ) {
    return refuse(403, "Forbidden", "This form was sent from another site. Reload the page and try again.");
  }
  const mediaType = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!(APP_FORM_CONTENT_TYPES as readonly string[]).includes(mediaType)) {
    return refuse(
      415,
      "Unsupported form",
      `A form must be sent as ${APP_FORM_CONTENT_TYPES.join(" or ")}${mediaType ? `, not ${mediaType}` : ""}.`,
    );
  }
  const declared = req.headers["content-length"];
  if (req.headers["transfer-encoding"] || declared === undefined || !/^\d+$/.test(declared)) {
    return refuse(411, "Length required", "A form must say how long it is (Content-Length).");
  }
  const length = Number(declared);
  const upload = mediaType === "multipart/form-data";
  const limit = upload ? APP_UPLOAD_MAX_BYTES : APP_FORM_MAX_BYTES;
  if (length > limit) {
    return refuse(
      413,
      "Too large",
      `This form is ${mebibytes(length)}; at most ${mebibytes(limit)} can be sent at once.`,
    );
  }
  if (length > APP_FORM_MAX_BYTES && !(await options.hasSession(req.headers.cookie))) {
    return refuse(401, "Signed out", "Your session has ended. Sign in again, then send the file again.");
  }
  return { kind: "pass" };
}

/** The gate as Node/Express/Connect middleware. */
export function requestGate(options: GateOptions) {
  return (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    gateRequest(req, options).then((outcome) => {
      if (outcome.kind === "pass") return next();
      res.setHeader("Cache-Control", "no-store");
      if (outcome.kind === "redirect") {
        res.writeHead(302, { Location: outcome.location }).end();
        return;
      }
      // The body of a refused request is never read: close the connection instead of draining it.
      if (req.method === "POST") res.setHeader("Connection", "close");
      res.writeHead(outcome.status, { "Content-Type": "text/html; charset=utf-8", ...outcome.headers });
      res.end(req.method === "HEAD" ? undefined : plainPage(outcome.title, outcome.message));
    }, next);
  };
}
