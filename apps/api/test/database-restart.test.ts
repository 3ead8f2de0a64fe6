// The API while its PostgreSQL server restarts (issue 17, "Load and faults"): a server of the
// test's own is stopped and started under a running API, over real HTTP. Skipped where the
// PostgreSQL server binaries are missing (privatePostgresBinaries).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { API_LIVE_PATH } from "@repo/contracts/health";
import { type Database, openDatabase, queryRows } from "@repo/db";
import { type PrivatePostgres, privatePostgresBinaries, startPrivatePostgres } from "@repo/db/private-server";
import { jobs } from "@repo/db/schema";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from "../src/kernel/http/errors";
import { enqueueJob, type JobHandlers, runNextJob } from "../src/kernel/jobs/jobs";
import { type RunningServer, startServer } from "../src/lifecycle";
import { createServices } from "../src/services";

const logger = pino({ level: "silent" });

describe.skipIf(!privatePostgresBinaries())("the API while PostgreSQL restarts", () => {
  let server: PrivatePostgres;
  let database: Database;
  let api: RunningServer;
  let base: string;
  const uploadDir = mkdtempSync(path.join(tmpdir(), "portal-restart-"));

  beforeAll(async () => {
    server = await startPrivatePostgres();
    database = await openDatabase({ url: server.url(), maxConnections: 4 });
    const services = createServices(database, { uploadDir });
    const app = createApp({ services, logger, version: "test" });
    api = await startServer({
      fetch: app.fetch,
      port: 0,
      hostname: "127.0.0.1",
      logger,
      graceMs: 1000,
      onClosed: () => database.close(),
    });
    base = `http://127.0.0.1:${api.port}`;
  }, 120_000);
  afterAll(async () => {
    await api?.stop("test over");
    await server?.destroy();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  const health = () => fetch(`${base}/api/health`);
  const signIn = () =>
    fetch(`${base}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "nobody-here", password: "Wrong@12345", app: "school" }),
    });
  async function until(what: string, check: () => Promise<boolean>, ms = 30_000) {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error(`${what} did not happen within ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it("answers 503 with Retry-After while the database is down, and recovers by itself", async () => {
    expect((await health()).status).toBe(200);
    expect((await signIn()).status).toBe(401);

    await server.stop();
    const down = await health();
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect((await down.json()).message).toBe("Database unavailable");
    // The liveness a proxy checks does not ask the database: the instance stays in (decision 074).
    const live = await fetch(`${base}${API_LIVE_PATH}`);
    expect(live.status).toBe(200);
    expect((await live.json()).data).toMatchObject({ service: "api", version: "test" });
    // Any request that needs the database: 503, a plain message, nothing of the driver's error.
    for (let i = 0; i < 3; i++) {
      const refused = await signIn();
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      const text = await refused.text();
      expect(JSON.parse(text)).toEqual({ status: false, message: DATABASE_UNAVAILABLE_MESSAGE, data: null });
      expect(text).not.toMatch(/ECONN|select|postgres|stack/i);
    }

    await server.start();
    // The pool dropped its broken connections and opens new ones: no restart of the API.
    await until("health 200", async () => (await health()).status === 200);
    expect((await signIn()).status).toBe(401);
  }, 120_000);

  it("runs a job that the outage interrupted again once the database is back", async () => {
    let reached: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const attempts: number[] = [];
    const handlers: JobHandlers = {
      "test.outage": async ({ db, job }) => {
        attempts.push(job.attempts);
        if (job.attempts === 1) {
          reached();
          await gate;
        }
        const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from jobs`);
        return { jobs: Number(row?.n) };
      },
    };
    const id = await enqueueJob(database.db, { kind: "test.outage" });
    const options = { runnerId: "runner-outage", leaseMs: 1000, log: logger };
    const first = runNextJob(database.db, handlers, options);
    await started;
    await server.stop();
    release();
    // Its query failed for want of a database: not a failed job, and the runner itself carries on.
    expect(await first).toBe(true);
    await server.start();
    await until("the job done", async () => {
      await runNextJob(database.db, handlers, options).catch(() => false);
      const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
      return row?.status === "done";
    });
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: "done", attempts: 2, error: null });
    expect(attempts).toEqual([1, 2]);
  }, 120_000);

  it("records a job whose work was done when the database went away as done once it is back, without running it again", async () => {
    // An import's rows were saved, then PostgreSQL restarted before the job was marked done: it
    // ran again and found its upload removed (the season rehearsal, issue 38). Now the runner
    // waits for the database to record it done, and what it needs goes only after that.
    let finished: () => void = () => {};
    const workDone = new Promise<void>((resolve) => {
      finished = resolve;
    });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const runs: number[] = [];
    const cleanups: string[] = [];
    const handlers: JobHandlers = {
      "test.finish-outage": async ({ job, afterDone }) => {
        runs.push(job.attempts);
        afterDone(async () => {
          const [row] = await database.db.select().from(jobs).where(eq(jobs.id, job.id));
          cleanups.push(String(row?.status));
        });
        finished();
        await gate;
        return { saved: 3 };
      },
    };
    const id = await enqueueJob(database.db, { kind: "test.finish-outage" });
    const options = { runnerId: "runner-finish", leaseMs: 30_000, log: logger };
    const running = runNextJob(database.db, handlers, options);
    await workDone;
    await server.stop();
    release();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await server.start();
    expect(await running).toBe(true);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: "done", attempts: 1, error: null, result: { saved: 3 } });
    expect(runs).toEqual([1]);
    expect(cleanups).toEqual(["done"]);
  }, 120_000);
});
