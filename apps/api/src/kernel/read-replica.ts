import type { Db } from "@repo/db";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { noteWrite } from "./auth/sessions";

/**
 * How long after a session changed something its reports still read the primary (decision 067):
 * streaming replicas apply a write in milliseconds; this covers a slow second, with a margin.
 */
export const OWN_WRITE_WINDOW_MS = 10_000;

/** Methods that change nothing here (list queries are POSTs: they say so by calling reportDb). */
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Where a report of this request reads (decision 067): the read replica, unless there is none, it
 * is down or too far behind (ReadReplica.usable), or the caller's session changed something less
 * than OWN_WRITE_WINDOW_MS ago (then the primary, so it sees its own write). Only reports take it: exports, region lists and dashboards, result
 * lists; never money, sessions or access (`apps/api/test/read-replica-rule.test.ts` holds the
 * list of modules that may call it).
 */
export function reportDb(c: { var: AppEnv["Variables"]; set: (key: "report", value: boolean) => void }): Db {
  c.set("report", true);
  const { database, readReplica } = c.var.services;
  if (!readReplica.separate || !readReplica.usable()) return database.db;
  const wroteAt = c.var.auth?.wroteAt;
  if (wroteAt && Date.now() - wroteAt.getTime() < OWN_WRITE_WINDOW_MS) return database.db;
  return readReplica.db;
}

/**
 * The primary, for a report that must not lag (money, decision 067): like `reportDb`, it marks
 * the request as changing nothing, so reading it does not send the session's reports to the primary.
 */
export function primaryReportDb(c: { var: AppEnv["Variables"]; set: (key: "report", value: boolean) => void }): Db {
  c.set("report", true);
  return c.var.services.database.db;
}

/** A write noted less than this ago is not noted again: the window still covers 9 s after the latest. */
const NOTE_AGAIN_AFTER_MS = 1_000;

/**
 * With a read replica, notes each signed-in request that may have changed something (any method
 * but GET, HEAD and OPTIONS, unless it was a report) on its session, before the answer leaves.
 * Without a replica it costs nothing.
 */
export const noteWrites = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const auth = c.var.auth;
  const { database, readReplica } = c.var.services;
  if (!auth || !readReplica.separate || c.var.report || READ_METHODS.has(c.req.method)) return;
  if (auth.wroteAt && Date.now() - auth.wroteAt.getTime() < NOTE_AGAIN_AFTER_MS) return;
  // The answer is ready: a failed note (the primary went away) costs a stale report, not the answer.
  await noteWrite(database.db, auth.sessionId).catch((error: unknown) =>
    c.var.log.warn({ err: error }, "a session's write was not noted"),
  );
});
