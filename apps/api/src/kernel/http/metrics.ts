import { timingSafeEqual } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import { type Database, queryRows } from "@repo/db";
import type { ReadReplica } from "@repo/db/read-replica";
import { sql } from "drizzle-orm";
import type { Context, Hono } from "hono";
import { matchedRoutes } from "hono/route";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * The API's Prometheus metrics (docs/decisions/030-operations.md). Counters live in this process's
 * memory (each API instance is its own scrape target); the queue depths and the database size
 * are read from the database when Prometheus scrapes, a few indexed counts.
 */
export interface Metrics {
  readonly registry: Registry;
  /** One answered request: its route pattern (never the raw path), method, status and duration. */
  observeRequest(input: { method: string; route: string; status: number; seconds: number }): void;
  /** A job this process ran to its end (done, failed, or queued again to retry), or found interrupted and failed. */
  jobFinished(kind: string, outcome: "done" | "failed" | "retry" | "interrupted", seconds?: number): void;
  /** Mail handed to SMTP by this process: sent, failed for good, or to be retried. */
  mailDelivered(outcome: "sent" | "failed" | "retry" | "interrupted", count: number): void;
}

/** Route label of a request no route answered (unknown paths), so that the label set stays small. */
export const UNMATCHED_ROUTE = "unmatched";
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Seconds: most API answers take a few milliseconds; exports and PDFs take seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(database: Database, readReplica?: ReadReplica): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "portal_api_" });

  const requests = new Counter({
    name: "portal_http_requests_total",
    help: "HTTP requests answered, by route pattern, method and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "portal_http_request_duration_seconds",
    help: "Time to answer an HTTP request (until the handler returned its response), by route pattern and method",
    labelNames: ["method", "route"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const jobs = new Counter({
    name: "portal_jobs_finished_total",
    help: "Jobs this process finished, by kind and outcome (done, failed, retry: failed for now and queued again, interrupted: its runner died on its last attempt)",
    labelNames: ["kind", "outcome"] as const,
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: "portal_job_duration_seconds",
    help: "Time a job took in this process, by kind",
    labelNames: ["kind"] as const,
    buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
    registers: [registry],
  });
  const mail = new Counter({
    name: "portal_mail_messages_total",
    help: "Mail handed to SMTP by this process, by outcome (sent; failed for good; retry: a temporary failure, tried again later; interrupted: found mid-delivery after a crash, not resent)",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });

  // Read at scrape time. A scrape reads every metric at once, so the gauges below share one query
  // (the first to be read starts it, the others wait for it); a failing query must not cost the
  // other metrics.
  let reading: Promise<void> | undefined;
  const collect = () => {
    reading ??= collectFromDatabase().finally(() => {
      reading = undefined;
    });
    return reading;
  };
  const up = new Gauge({
    name: "portal_database_up",
    help: "1 when the scrape's database queries answered, else 0",
    registers: [registry],
    collect,
  });
  const queue = new Gauge({
    name: "portal_jobs",
    help: "Jobs waiting (queued) and in hand (running), across every API instance",
    labelNames: ["status"] as const,
    registers: [registry],
    collect,
  });
  const queueAge = new Gauge({
    name: "portal_jobs_oldest_queued_seconds",
    help: "Age of the oldest job of each kind due to run and not yet started (kinds with none due are not listed)",
    labelNames: ["kind"] as const,
    registers: [registry],
    collect,
  });
  const mailQueue = new Gauge({
    name: "portal_mail_queue",
    help: "Mail waiting (queued, due or retrying later) and being handed to SMTP (sending), across every API instance",
    labelNames: ["status"] as const,
    registers: [registry],
    collect,
  });
  const mailAge = new Gauge({
    name: "portal_mail_oldest_due_seconds",
    help: "How long the oldest due queued message has waited (0 when none): grows when SMTP is down, unset or rate-limited",
    registers: [registry],
    collect,
  });
  // The read replica as this instance sees it (decision 067): only when DATABASE_READ_URL is set.
  if (readReplica?.separate) {
    const replica = readReplica;
    new Gauge({
      name: "portal_database_replica_lag_seconds",
      help: "How far the read replica's replay is behind the primary, as this instance last measured it (-1: the replica does not answer)",
      registers: [registry],
      collect() {
        const lag = replica.lagMs();
        this.set(lag === null ? -1 : lag / 1000);
      },
    });
    new Gauge({
      name: "portal_database_replica_in_use",
      help: "1 while this instance's reports read the replica; 0 while they read the primary (the replica down or too far behind)",
      registers: [registry],
      collect() {
        this.set(replica.usable() ? 1 : 0);
      },
    });
  }
  const dbSize = new Gauge({
    name: "portal_database_size_bytes",
    help: "Size of the portal's database (pg_database_size)",
    registers: [registry],
    collect,
  });
  async function collectFromDatabase() {
    try {
      const [row] = await queryRows<{
        jobs_queued: number;
        jobs_running: number;
        jobs_age: { kind: string; seconds: number }[] | string | null;
        mail_queued: number;
        mail_sending: number;
        mail_age: number | null;
        size: string;
      }>(
        database.db,
        sql`select
              (select count(*)::int from jobs where status = 'queued') as jobs_queued,
              (select count(*)::int from jobs where status = 'running') as jobs_running,
              (select json_agg(json_build_object('kind', kind, 'seconds', age)) from (
                select kind, extract(epoch from now() - min(run_after))::float8 as age
                from jobs where status = 'queued' and run_after <= now() group by kind) ages) as jobs_age,
              (select count(*)::int from mail_messages where status = 'queued') as mail_queued,
              (select count(*)::int from mail_messages where status = 'sending') as mail_sending,
              (select extract(epoch from now() - min(next_attempt_at))::float8 from mail_messages where status = 'queued' and next_attempt_at <= now()) as mail_age,
              pg_database_size(current_database())::text as size`,
      );
      if (!row) throw new Error("no row");
      queue.set({ status: "queued" }, Number(row.jobs_queued));
      queue.set({ status: "running" }, Number(row.jobs_running));
      // By kind: the exam office's check waiting is news, a backlog of sign-in mails is not (decision 071).
      const ages = typeof row.jobs_age === "string" ? JSON.parse(row.jobs_age) : (row.jobs_age ?? []);
      queueAge.reset();
      for (const { kind, seconds } of ages as { kind: string; seconds: number }[])
        queueAge.set({ kind }, Math.max(0, Number(seconds)));
      mailQueue.set({ status: "queued" }, Number(row.mail_queued));
      mailQueue.set({ status: "sending" }, Number(row.mail_sending));
      mailAge.set(Math.max(0, Number(row.mail_age ?? 0)));
      dbSize.set(Number(row.size));
      up.set(1);
    } catch {
      up.set(0);
      for (const gauge of [queue, queueAge, mailQueue, mailAge, dbSize]) gauge.reset();
    }
  }

  return {
    registry,
    observeRequest({ method, route, status, seconds }) {
      const m = METHODS.has(method) ? method : "OTHER";
      requests.inc({ method: m, route, status: String(status) });
      latency.observe({ method: m, route }, seconds);
    },
    jobFinished(kind, outcome, seconds) {
      jobs.inc({ kind, outcome });
      if (seconds !== undefined) jobSeconds.observe({ kind }, seconds);
    },
    mailDelivered(outcome, count) {
      if (count > 0) mail.inc({ outcome }, count);
    },
  };
}

/**
 * The route pattern that answered (`/api/students/:id`), for labels and logs. A middleware that
 * answered on a route's behalf (a 401, a 429) counts for the route it guarded; a path no route
 * knows is `unmatched`, so a scan of random URLs cannot grow the label set.
 */
export function routeLabel(c: Context): string {
  let routes: ReturnType<typeof matchedRoutes>;
  try {
    routes = matchedRoutes(c);
  } catch {
    return UNMATCHED_ROUTE;
  }
  const answered = routes[c.req.routeIndex];
  if (answered && answered.method !== "ALL") return answered.path;
  const handler = routes.findLast((route) => route.method !== "ALL");
  return handler?.path ?? UNMATCHED_ROUTE;
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus text. With METRICS_TOKEN set it needs `Authorization: Bearer
 * <token>`; without, it answers only connections from this machine that no proxy forwarded.
 */
// biome-ignore lint/suspicious/noExplicitAny: any Hono app (its environment does not matter here)
export function registerMetrics(app: Hono<any>, options: { metrics: Metrics; token: string | null }) {
  app.get("/metrics", async (c) => {
    if (options.token) {
      const given = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
      if (!sameToken(given, options.token)) {
        c.header("WWW-Authenticate", 'Bearer realm="metrics"');
        return c.text("Metrics need the METRICS_TOKEN: send it as Authorization: Bearer <token>.\n", 401);
      }
    } else {
      let peer = "";
      try {
        peer = getConnInfo(c).remote.address ?? "";
      } catch {
        peer = ""; // in-process requests have no socket
      }
      const forwarded = c.req.header("x-forwarded-for") ?? c.req.header("forwarded");
      if (!LOOPBACK.has(peer) || forwarded) {
        return c.text(
          "Metrics are served only to this machine. To scrape from elsewhere, set METRICS_TOKEN on the API and send it as Authorization: Bearer <token>.\n",
          403,
        );
      }
    }
    const body = await options.metrics.registry.metrics();
    return c.body(body, 200, { "Content-Type": options.metrics.registry.contentType, "Cache-Control": "no-store" });
  });
}
