// The API through PgBouncer in transaction mode (issue 38 item 3, decision 066): more clients than
// server connections, so that statements move between them, which is what breaks named prepared
// statements, startup options and session locks. Needs PostgreSQL (TEST_DATABASE_URL) and
// Debian's pgbouncer; without pgbouncer it fails saying to install it.
import { parseEnv } from "@repo/contracts/env";
import { type Database, openDatabase, queryRows, sessionLock } from "@repo/db";
import { PGBOUNCER_MISSING, type PgBouncer, pgBouncerBinary, startPgBouncer } from "@repo/db/pgbouncer";
import { jobs, mailMessages } from "@repo/db/schema";
import { createTestDatabaseUrl } from "@repo/db/testing";
import { eq, inArray, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailWorker, enqueueMail } from "../src/domains/mail/index";
import { apiEnvSchema } from "../src/env";
import { backupEnvSchema } from "../src/env-storage";
import { enqueueJob, type JobHandlers, reclaimOrphanedJobs, startJobRunner } from "../src/kernel/jobs/jobs";
import { PRESENCE_LOCKS } from "../src/kernel/jobs/presence";
import { startSmtp, type TestSmtp } from "./smtp";
import { startTestApi, type TestApi } from "./support";

const logger = pino({ level: "silent" });
/** Server connections PgBouncer keeps; the API's pool has four times as many clients. */
const POOL_SIZE = 2;

describe("the configuration of a pooler", () => {
  const direct = "postgres://portal@127.0.0.1:5432/portal";
  const bouncer = "postgres://portal@127.0.0.1:6432/portal";
  it("needs PgBouncer's URL and one past it, for the API and for backups, naming what is missing", () => {
    for (const [name, schema] of [
      ["api", apiEnvSchema],
      ["backup", backupEnvSchema],
    ] as const) {
      expect(() => parseEnv(name, schema, { DATABASE_POOLER: "pgbouncer", DATABASE_URL: bouncer })).toThrow(
        /DATABASE_DIRECT_URL.*PostgreSQL itself or a session-mode pool/,
      );
      expect(() => parseEnv(name, schema, { DATABASE_POOLER: "pgbouncer", DATABASE_DIRECT_URL: direct })).toThrow(
        /DATABASE_URL.*PgBouncer's address/,
      );
      expect(() => parseEnv(name, schema, { DATABASE_POOLER: "pgpool" })).toThrow(/DATABASE_POOLER.*none or pgbouncer/);
    }
    const env = parseEnv("api", apiEnvSchema, {
      DATABASE_POOLER: "pgbouncer",
      DATABASE_URL: bouncer,
      DATABASE_DIRECT_URL: direct,
    });
    expect([env.DATABASE_POOLER, env.DATABASE_DIRECT_URL]).toEqual(["pgbouncer", direct]);
    expect(parseEnv("api", apiEnvSchema, {}).DATABASE_POOLER).toBe("none");
  });

  it("refuses to open a pool behind PgBouncer without a direct URL", async () => {
    await expect(openDatabase({ url: bouncer, pooler: "pgbouncer", migrate: false })).rejects.toThrow(/direct URL/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("the API through PgBouncer in transaction mode", () => {
  let created: { url: string; drop(): Promise<void> } | undefined;
  let bouncer: PgBouncer | undefined;
  let api: TestApi;
  let second: Database;
  let smtp: TestSmtp;

  const throughBouncer = (maxConnections: number) =>
    openDatabase({
      url: bouncer?.url,
      pooler: "pgbouncer",
      directUrl: created?.url,
      migrate: false,
      maxConnections,
    });

  beforeAll(async () => {
    if (!pgBouncerBinary()) throw new Error(PGBOUNCER_MISSING);
    created = await createTestDatabaseUrl({ demo: true });
    bouncer = await startPgBouncer(created.url, { poolSize: POOL_SIZE });
    const database = await throughBouncer(POOL_SIZE * 4);
    smtp = await startSmtp({ parse: false });
    api = await startTestApi(
      "postgres",
      { mail: { smtpUrl: smtp.url, retryBaseSeconds: 0.05, maxAttempts: 4, ratePerMinute: 100_000 } },
      { ...database, url: bouncer.url },
    );
    // A second API instance: its own pool through the same PgBouncer.
    second = await throughBouncer(POOL_SIZE * 2);
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await api?.close();
    await smtp?.close();
    await bouncer?.stop();
    await created?.drop();
  });

  /** Runs `count` calls of `each` at once. */
  const atOnce = <T>(count: number, each: (i: number) => Promise<T>) =>
    Promise.all(Array.from({ length: count }, (_, i) => each(i)));

  it("connects without startup options, with JIT off by PgBouncer's connect_query", async () => {
    const [row] = await queryRows<{ jit: string }>(api.db, sql`select current_setting('jit') as jit`);
    expect(row?.jit).toBe("off");
  });

  it("signs people in and answers their requests, many at once (session lookups and prepared lists)", async () => {
    const [admin, state, school] = await Promise.all([
      api.login("admin", "coordinator"),
      api.login("state", "coordinator"),
      api.login("school", "school"),
    ]);
    const requests = [
      () => api.call("POST", "/api/fetchStateWithPagination", { token: admin, json: { page: 1, per_page: 10 } }),
      () => api.call("POST", "/api/coordinators", { token: admin, json: {} }),
      () => api.call("POST", "/api/region/students", { token: state, json: {} }),
      () => api.call("POST", "/api/region/students", { token: school, json: {} }),
    ];
    const first = await Promise.all(requests.map((request) => request()));
    expect(first.map((answer) => answer.status)).toEqual([200, 200, 200, 403]);
    for (let round = 0; round < 3; round++) {
      const answers = await atOnce(40, (i) => (requests[i % requests.length] as () => ReturnType<TestApi["call"]>)());
      answers.forEach((answer, i) => {
        const expected = first[i % requests.length];
        expect(answer.status, `request ${i}: ${JSON.stringify(answer.body)}`).toBe(expected?.status);
        if (answer.status === 200) expect(answer.body.data).toEqual(expected?.body.data);
      });
    }
    expect(first[0]?.body.data.items.length).toBeGreaterThan(0);
  });

  it("exports a list through COPY, several at once", async () => {
    const state = await api.login("state", "coordinator");
    const files = await atOnce(POOL_SIZE * 3, () =>
      api.call("POST", "/api/export/region-students?format=csv", { token: state, json: {} }),
    );
    const texts = files.map((file) => {
      expect(file.status).toBe(200);
      return Buffer.from(file.body).toString("utf8");
    });
    expect(texts[0]?.startsWith("\uFEFFStudent id,First name,Last name,Class,")).toBe(true);
    expect(texts[0]?.split("\n").length).toBeGreaterThan(2);
    for (const text of texts) expect(text).toBe(texts[0]);
  });

  it("runs each job once with two instances' runners, and takes over only the jobs of a runner that is gone", async () => {
    const runs: number[] = [];
    const handlers: JobHandlers = {
      "test.count": async ({ job }) => {
        runs.push(job.id);
        return { ok: true };
      },
    };
    const ids = await atOnce(20, (i) => enqueueJob(api.db, { kind: "test.count", payload: { i } }));
    const a = startJobRunner(api.services, handlers, { pollMs: 10, logger, runnerId: "runner-a" });
    const b = startJobRunner({ database: second }, handlers, { pollMs: 10, logger, runnerId: "runner-b" });
    for (let i = 0; i < 400 && runs.length < 20; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    await Promise.all([a.stop(), b.stop()]);
    expect([...runs].sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));

    // A runner of the second instance holds its presence lock; a killed one holds none.
    const leased = async (lockedBy: string) => {
      const id = await enqueueJob(api.db, { kind: "test.orphan" });
      await api.db
        .update(jobs)
        .set({ status: "running", attempts: 1, lockedBy, lockedUntil: new Date(Date.now() + 60_000) })
        .where(eq(jobs.id, id));
      return id;
    };
    const alive = sessionLock(second.db, PRESENCE_LOCKS, "jobs:other-host:7:alive");
    await alive.hold();
    const theirs = await leased("jobs:other-host:7:alive");
    const orphan = await leased("jobs:gone-host:4242:dead0001");
    // Probed from every server connection: none may take the live runner's lock for its own.
    const freed = (await atOnce(POOL_SIZE * 4, () => reclaimOrphanedJobs(api.db, ["test.orphan"]))).flat();
    expect(freed).toContain(orphan);
    expect(freed).not.toContain(theirs);
    // Its process ends: the lock goes with its connection, and its job is taken over.
    await alive.close();
    const after = (await atOnce(POOL_SIZE * 4, () => reclaimOrphanedJobs(api.db, ["test.orphan"]))).flat();
    expect(after).toContain(theirs);
    await api.db.update(jobs).set({ status: "failed" }).where(eq(jobs.kind, "test.orphan"));
  });

  it("delivers each mail once with two instances' workers claiming at once", async () => {
    const addresses = Array.from({ length: 30 }, (_, i) => `pooled-${i}@school-bouncer.test`);
    const ids = await atOnce(addresses.length, (i) =>
      enqueueMail(api.db, {
        templateKey: "school-email-verification",
        language: "en",
        to: addresses[i] as string,
        variables: {
          school_name: "Test School",
          verify_url: "https://portal.example.org/verify?t=abc",
          expires_hours: "48",
        },
      }),
    );
    const workers = [api.services.database, second].map((database) =>
      createMailWorker({ database, config: api.services.config }, { logger, pollMs: 20, batchSize: 5 }),
    );
    for (const worker of workers) worker.start();
    const messages = () => api.db.select().from(mailMessages).where(inArray(mailMessages.id, ids));
    try {
      for (let i = 0; i < 600 && !(await messages()).every((row) => row.status === "sent"); i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      // Give both a moment to (wrongly) send anything twice.
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      for (const worker of workers) await worker.stop();
    }
    for (const address of addresses) expect(smtp.tries.get(address), address).toBe(1);
    const rows = await messages();
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(ids.map(() => ["sent", 1]));
  });
});
