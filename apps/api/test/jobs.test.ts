import { SCHOOL_IMPORT_JOB } from "@repo/contracts/master-institutes-constants";
import { RESULT_JOBS } from "@repo/contracts/results-constants";
import { STUDENT_IMPORT_JOB } from "@repo/contracts/student-import";
import { type Database, type Db, openDatabase, sessionLock } from "@repo/db";
import { jobs, users } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_SIGN_INS_JOB } from "../src/domains/payments/after-paid";
import {
  allJobHandlers,
  enqueueJob,
  enqueueUnlessOpen,
  JobError,
  type JobHandlers,
  JobRetryLater,
  runNextJob,
  startJobRunner,
  startJobRunners,
} from "../src/kernel/jobs/jobs";
import { holdPresence, PRESENCE_LOCKS } from "../src/kernel/jobs/presence";
import { jobLanes } from "../src/services";
import { startTestApi, type TestApi } from "./support";

const logger = pino({ level: "silent" });

for (const driver of testDrivers()) {
  describe(`jobs on ${driver}`, () => {
    let api: TestApi;
    let second: Database | undefined;
    let adminId: number;
    let admin: string;

    beforeAll(async () => {
      api = await startTestApi(driver);
      admin = await api.login("admin", "coordinator");
      const [row] = await api.db.select({ id: users.id }).from(users).where(eq(users.username, "admin"));
      adminId = Number(row?.id);
      // A second API instance has its own pool; PGlite has one in-process database.
      if (driver === "postgres")
        second = await openDatabase({ url: api.database.url, migrate: false, maxConnections: 4 });
    });
    afterAll(async () => {
      await second?.close();
      await api?.close();
    });
    const job = async (id: number) => (await api.db.select().from(jobs).where(eq(jobs.id, id)))[0];

    it("queues a periodic job once when several instances ask at the same moment", async () => {
      // Every instance's timer queues housekeeping and reconciliation unless one is open.
      const kind = "test.periodic";
      const asks = Array.from({ length: 12 }, (_, i) =>
        enqueueUnlessOpen((i % 2 && second ? second : api.database).db, kind),
      );
      const queued = (await Promise.all(asks)).filter((id) => id !== null);
      expect(queued).toHaveLength(1);
      const open = await api.db.select().from(jobs).where(eq(jobs.kind, kind));
      expect(open.map((row) => row.status)).toEqual(["queued"]);
      // Once it has finished, the next ask queues the next one.
      await api.db.update(jobs).set({ status: "done" }).where(eq(jobs.kind, kind));
      expect(await enqueueUnlessOpen(api.db, kind)).not.toBeNull();
    });

    it("runs each job exactly once with two runners on the same database", async () => {
      const runs: number[] = [];
      const handlers: JobHandlers = {
        "test.count": async ({ job }) => {
          runs.push(job.id);
          await new Promise((resolve) => setTimeout(resolve, 5));
          return { ok: true };
        },
      };
      const ids: number[] = [];
      for (let i = 0; i < 20; i++) ids.push(await enqueueJob(api.db, { kind: "test.count", payload: { i } }));
      const a = startJobRunner(api.services, handlers, { pollMs: 10, logger, runnerId: "runner-a" });
      const b = startJobRunner({ database: second ?? api.database }, handlers, {
        pollMs: 10,
        logger,
        runnerId: "runner-b",
      });
      for (let i = 0; i < 400 && runs.length < 20; i++) await new Promise((resolve) => setTimeout(resolve, 25));
      await new Promise((resolve) => setTimeout(resolve, 100));
      await Promise.all([a.stop(), b.stop()]);
      expect([...runs].sort((x, y) => x - y)).toEqual(ids);
      for (const id of ids) expect(await job(id)).toMatchObject({ status: "done", attempts: 1, result: { ok: true } });
    });

    it("runs a job that failed for now again after its delay, and fails it when its attempts are spent", async () => {
      let runs = 0;
      const handlers: JobHandlers = {
        "test.later": async () => {
          runs += 1;
          throw new JobRetryLater(`gateway busy (${runs})`, 60_000);
        },
      };
      const id = await enqueueJob(api.db, { kind: "test.later", maxAttempts: 2 });
      const run = () => runNextJob(api.db, handlers, { runnerId: "runner-later", log: logger });
      expect(await run()).toBe(true);
      const waiting = await job(id);
      expect(waiting).toMatchObject({ status: "queued", attempts: 1, error: "gateway busy (1)" });
      expect(new Date(String(waiting?.runAfter)).getTime() - Date.now()).toBeGreaterThan(55_000);
      // Not due yet.
      expect(await run()).toBe(false);
      await api.db.update(jobs).set({ runAfter: new Date() }).where(eq(jobs.id, id));
      expect(await run()).toBe(true);
      expect(await job(id)).toMatchObject({ status: "failed", attempts: 2, error: "gateway busy (2)" });
      expect(runs).toBe(2);
    });

    it("shows its progress to the person who started it, and 404 to anyone else", async () => {
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let reached: () => void = () => {};
      const halfway = new Promise<void>((resolve) => {
        reached = resolve;
      });
      const handlers: JobHandlers = {
        "test.slow": async ({ progress }) => {
          await progress(0, 10);
          await progress(3);
          reached();
          await gate;
          await progress(10);
          return { rows: 10 };
        },
      };
      const id = await enqueueJob(api.db, { kind: "test.slow", createdBy: adminId });
      const queued = await api.call("GET", `/api/jobs/${id}`, { token: admin });
      expect(queued.status).toBe(200);
      expect(queued.body.data).toMatchObject({
        id,
        kind: "test.slow",
        status: "queued",
        progress: { done: 0, total: 0 },
      });
      const running = runNextJob(api.db as Db, handlers, { runnerId: "runner-c", log: logger });
      await halfway;
      const midway = await api.call("GET", `/api/jobs/${id}`, { token: admin });
      expect(midway.body.data).toMatchObject({
        status: "running",
        progress: { done: 3, total: 10 },
        finished_at: null,
      });
      release();
      await running;
      const done = await api.call("GET", `/api/jobs/${id}`, { token: admin });
      expect(done.body.data).toMatchObject({ status: "done", progress: { done: 10, total: 10 }, result: { rows: 10 } });
      expect(done.body.data.finished_at).toEqual(expect.any(String));
      // Someone else's job does not exist for them; the outbox and Sub Admin see every job.
      for (const username of ["state", "orgteam", "school"]) {
        const token = await api.login(username, "coordinator");
        const other = await api.call("GET", `/api/jobs/${id}`, { token });
        expect(other.status, username).toBe(404);
        expect(other.body.message).toBe("Job not found");
      }
      for (const username of ["outbox", "subadmin"]) {
        const token = await api.login(username, "coordinator");
        expect((await api.call("GET", `/api/jobs/${id}`, { token })).status, username).toBe(200);
      }
      expect((await api.call("GET", "/api/jobs/999999", { token: admin })).status).toBe(404);
      expect((await api.call("GET", `/api/jobs/${id}`)).status).toBe(401);
    });

    it("runs a job again when its runner crashed (its lease ran out), at most max_attempts times", async () => {
      const runs: number[] = [];
      const handlers: JobHandlers = {
        "test.crash": async ({ job }) => {
          runs.push(job.attempts);
          return { attempt: job.attempts };
        },
      };
      // A runner claimed it and died: running, with a lease in the past.
      const crashed = await enqueueJob(api.db, { kind: "test.crash" });
      await api.db
        .update(jobs)
        .set({ status: "running", attempts: 1, lockedBy: "runner-dead", lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(jobs.id, crashed));
      // One that is still held by a live runner is left alone.
      const held = await enqueueJob(api.db, { kind: "test.crash" });
      await api.db
        .update(jobs)
        .set({ status: "running", attempts: 1, lockedBy: "runner-alive", lockedUntil: new Date(Date.now() + 60_000) })
        .where(eq(jobs.id, held));
      // One that crashed every time it ran.
      const hopeless = await enqueueJob(api.db, { kind: "test.crash", maxAttempts: 3 });
      await api.db
        .update(jobs)
        .set({ status: "running", attempts: 3, lockedBy: "runner-dead", lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(jobs.id, hopeless));
      while (await runNextJob(api.db, handlers, { runnerId: "runner-d", log: logger }));
      expect(runs).toEqual([2]);
      expect(await job(crashed)).toMatchObject({ status: "done", attempts: 2, result: { attempt: 2 } });
      expect(await job(held)).toMatchObject({ status: "running", lockedBy: "runner-alive" });
      expect(await job(hopeless)).toMatchObject({
        status: "failed",
        error:
          "The job was interrupted 3 times (the server stopped while it ran) and was not tried again. Start it again.",
      });
    });

    it("takes over at start, before their lease runs out, the jobs of runners that are gone, and no others", async () => {
      const runs: number[] = [];
      const handlers: JobHandlers = {
        "test.orphan": async ({ job }) => {
          runs.push(job.id);
          return { attempt: job.attempts };
        },
      };
      const leased = async (lockedBy: string) => {
        const id = await enqueueJob(api.db, { kind: "test.orphan" });
        await api.db
          .update(jobs)
          .set({ status: "running", attempts: 1, lockedBy, lockedUntil: new Date(Date.now() + 60_000) })
          .where(eq(jobs.id, id));
        return id;
      };
      // A killed runner: its lease has a minute to go, but nobody holds its presence lock.
      const orphan = await leased("jobs:gone-host:4242:dead0001");
      // A live runner of this process, and (PostgreSQL) one of another process holding its lock.
      const local = holdPresence(api.db, "jobs:this-process:live");
      const mine = await leased("jobs:this-process:live");
      const elsewhere = second ? sessionLock(second.db, PRESENCE_LOCKS, "jobs:other-host:7:alive") : undefined;
      await elsewhere?.hold();
      const theirs = second ? await leased("jobs:other-host:7:alive") : undefined;
      const runner = startJobRunner(api.services, handlers, { pollMs: 10, logger, runnerId: "runner-starting" });
      for (let i = 0; i < 200 && runs.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
      await runner.stop();
      await local.close();
      await elsewhere?.close();
      expect(runs).toEqual([orphan]);
      expect(await job(orphan)).toMatchObject({ status: "done", attempts: 2, result: { attempt: 2 } });
      expect(await job(mine)).toMatchObject({ status: "running", lockedBy: "jobs:this-process:live" });
      if (theirs) expect(await job(theirs)).toMatchObject({ status: "running", lockedBy: "jobs:other-host:7:alive" });
      await api.db.update(jobs).set({ status: "failed" }).where(eq(jobs.kind, "test.orphan"));
    });

    it("fails a job whose handler throws: its own message for JobError, a plain sentence otherwise", async () => {
      const handlers: JobHandlers = {
        "test.refuse": async () => {
          throw new JobError("The file has no rows to import.");
        },
        "test.bug": async () => {
          throw new TypeError("x is undefined");
        },
      };
      const refused = await enqueueJob(api.db, { kind: "test.refuse" });
      const bug = await enqueueJob(api.db, { kind: "test.bug" });
      while (await runNextJob(api.db, handlers, { runnerId: "runner-e", log: logger }));
      expect(await job(refused)).toMatchObject({ status: "failed", error: "The file has no rows to import." });
      const failed = await job(bug);
      expect(failed?.status).toBe("failed");
      expect(failed?.error).toBe(
        "The job stopped because of an error on our side. Please try again; if it happens again, contact support.",
      );
      expect(failed?.error).not.toContain("undefined");
    });

    it("runs a job somebody waits for while a long background job holds the other lane", async () => {
      // The rehearsal's exam office waited 30 minutes behind 2,000 orders' sign-in jobs (decision 071).
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const order: string[] = [];
      const runner = startJobRunners(
        api.services,
        {
          background: {
            "test.bulk": async () => {
              order.push("bulk started");
              await held;
              order.push("bulk done");
              return {};
            },
          },
          waited: {
            "test.watched": async () => {
              order.push("watched done");
              return {};
            },
          },
        },
        { pollMs: 10, logger },
      );
      try {
        const bulk = await enqueueJob(api.db, { kind: "test.bulk" });
        const bulkToo = await enqueueJob(api.db, { kind: "test.bulk" });
        for (let i = 0; i < 200 && !order.includes("bulk started"); i++) await new Promise((r) => setTimeout(r, 10));
        const watched = await enqueueJob(api.db, { kind: "test.watched" });
        for (let i = 0; i < 400 && (await job(watched))?.status !== "done"; i++)
          await new Promise((r) => setTimeout(r, 10));
        expect(await job(watched)).toMatchObject({ status: "done" });
        expect(order).toEqual(["bulk started", "watched done"]);
        expect(await job(bulk)).toMatchObject({ status: "running" });
        expect(await job(bulkToo)).toMatchObject({ status: "queued" });
        release();
        for (let i = 0; i < 400 && (await job(bulkToo))?.status !== "done"; i++)
          await new Promise((r) => setTimeout(r, 10));
        expect(await job(bulkToo)).toMatchObject({ status: "done" });
      } finally {
        release();
        await runner.stop();
      }
    });

    it("puts each of the API's job kinds in one lane, and what people watch in the waited lane", () => {
      const lanes = jobLanes(api.services);
      expect(() => allJobHandlers(lanes)).not.toThrow();
      for (const kind of [RESULT_JOBS.check, RESULT_JOBS.store, STUDENT_IMPORT_JOB, SCHOOL_IMPORT_JOB])
        expect(Object.keys(lanes.waited)).toContain(kind);
      expect(Object.keys(lanes.background)).toContain(ORDER_SIGN_INS_JOB);
      expect(() => allJobHandlers({ waited: { a: async () => ({}) }, background: { a: async () => ({}) } })).toThrow(
        "Job kind a is in two lanes",
      );
    });

    it("leaves jobs of kinds it has no handler for to the runners that do", async () => {
      const id = await enqueueJob(api.db, { kind: "test.elsewhere" });
      expect(await runNextJob(api.db, { "test.other": async () => ({}) }, { runnerId: "runner-f", log: logger })).toBe(
        false,
      );
      expect(await job(id)).toMatchObject({ status: "queued", attempts: 0 });
    });
  });
}
