/**
 * Production server of one Remix app: `portal-app-server <school|coordinator|papersetter|outbox>`,
 * run in the app's folder after `remix vite:build`. It checks the app's configuration first (a bad
 * variable stops it with a message naming it), serves fingerprinted assets with long caching, and
 * on SIGTERM/SIGINT lets in-flight requests finish before exiting.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import { isAppId } from "@repo/auth/apps";
import { appEnvSchema } from "@repo/auth/env";
import { createSessionStorage } from "@repo/auth/remix/session";
import { loadEnvOrExit } from "@repo/contracts/env";
import { APP_HEALTH_PATH } from "@repo/contracts/health";
import { outlastIdleClients } from "@repo/contracts/keep-alive";
import { baseSecurityHeaders, sendsHsts } from "@repo/contracts/security-headers";
import compression from "compression";
import express from "express";
import { errorPage, malformedPathGuard } from "./error-page";
import { requestGate } from "./request-gate";
import { type LogLine, requestLog } from "./request-log";

const app = process.argv[2];
if (!isAppId(app)) {
  console.error(`usage: portal-app-server <school|coordinator|papersetter|outbox> (got ${JSON.stringify(app)})`);
  process.exit(2);
}
const env = loadEnvOrExit(app, appEnvSchema(app));
process.env.NODE_ENV = env.NODE_ENV;

const LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"];
const threshold = LEVELS.indexOf(env.LOG_LEVEL);
/** One JSON object per line on stdout, like the API's (LOG_LEVEL filters). */
const logLine: LogLine = (level, msg, extra = {}) => {
  if (LEVELS.indexOf(level) < threshold) return;
  console.log(JSON.stringify({ level, time: new Date().toISOString(), service: app, msg, ...extra }));
};
const log = (msg: string, extra: Record<string, unknown> = {}) => logLine("info", msg, extra);

const buildDir = path.resolve("build");
const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;

const server = express();
server.disable("x-powered-by");
// The browser's address, believed from X-Forwarded-For only when a trusted proxy sent it.
server.set("trust proxy", env.TRUST_PROXY);
server.use(compression());
// No response of the portal may be framed (clickjacking), sniffed, leak its URL to other sites or
// use the camera and the like; HSTS once served over https. Documents add their
// Content-Security-Policy in entry.server.tsx (docs/decisions/031-security-headers.md).
const securityHeaders = Object.entries(baseSecurityHeaders({ hsts: sendsHsts(env.NODE_ENV, env.appOrigins[app]) }));
server.use((_req, res, next) => {
  for (const [name, value] of securityHeaders) res.setHeader(name, value);
  next();
});
// A path that cannot be decoded (/%) is refused before Express's router tries (decision 044).
server.use(malformedPathGuard);
// Method, host name, Origin, content type and length are checked before anything reads a body.
const sessions = createSessionStorage(app, { secrets: env.SESSION_SECRETS, production: env.NODE_ENV === "production" });
server.use(
  requestGate({
    appOrigin: env.appOrigins[app],
    hasSession: async (cookie) => (await sessions.getSession(cookie)).has("token"),
    anyHostPaths: [APP_HEALTH_PATH],
  }),
);
// Vite fingerprints everything under /assets: cache it for a year.
server.use("/assets", express.static(path.join(buildDir, "client", "assets"), { immutable: true, maxAge: "1y" }));
server.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
// Pages and actions (not the static files above) get a request id, shared with the API, and a log line.
server.use(requestLog(logLine));
// This server runs only production builds: Remix's production mode, whatever NODE_ENV says (the
// local demo runs with NODE_ENV=development for its development secret), so an error never shows
// its message or stack to a browser.
server.all(
  "*",
  createRequestHandler({
    build,
    mode: "production",
    getLoadContext: (req, res) => ({ clientIp: req.ip, requestId: res.locals.requestId as string }),
  }),
);

// Any other error gets a plain page, in every NODE_ENV: Express's own page shows the stack and
// file paths outside production (docs/decisions/044). The stack goes to the log.
server.use(
  errorPage((status, error, req) =>
    logLine(status >= 500 ? "error" : "warn", "request failed", {
      status,
      method: req.method,
      err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error),
    }),
  ),
);

// Caddy closes idle connections, not the app: Node's 5 s made Caddy reuse one being closed and
// answer 502 to a POST (the season rehearsal; SERVER_KEEP_ALIVE_MS).
const listener = outlastIdleClients(
  server.listen(env.PORT, env.HOST, () => {
    log(`${app} listening on http://${env.HOST}:${env.PORT}`, { port: env.PORT });
  }),
);

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log("shutting down: finishing in-flight requests", { signal });
  setTimeout(() => process.exit(1), 10_000).unref();
  listener.close(() => {
    log("stopped cleanly");
    process.exit(0);
  });
  listener.closeIdleConnections();
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
