import { NOT_DELIVERED_NO_SMTP } from "@repo/contracts/mail-constants";
import { type Database, openDatabase, sessionLock } from "@repo/db";
import { mailAttempts, mailMessages } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { asc, eq, inArray, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "../src/context";
import {
  createMailWorker,
  enqueueMail,
  INTERRUPTED_DELIVERY,
  type MailWorker,
  SMTP_CONNECTIONS,
} from "../src/domains/mail/index";
import { holdPresence, PRESENCE_LOCKS } from "../src/kernel/jobs/presence";
import { startSmtp, type TestSmtp } from "./smtp";
import { startTestApi, type TestApi } from "./support";

const logger = pino({ level: "silent" });

for (const driver of testDrivers()) {
  describe(`mail delivery on ${driver}`, () => {
    let api: TestApi;
    let smtp: TestSmtp;
    let outbox: string;
    const workers: MailWorker[] = [];
    const extraDatabases: Database[] = [];

    beforeAll(async () => {
      smtp = await startSmtp();
      api = await startTestApi(driver, {
        mail: { smtpUrl: smtp.url, retryBaseSeconds: 0.05, maxAttempts: 4, ratePerMinute: 100_000 },
      });
      outbox = await api.login("outbox", "outbox");
    });
    afterAll(async () => {
      for (const worker of workers) await worker.stop();
      for (const database of extraDatabases) await database.close();
      await api?.close();
      await smtp?.close();
    });

    /** A worker over the test API's services, with config changes; stopped after the file. */
    const worker = (
      mail: Partial<Services["config"]["mail"]> = {},
      services: Pick<Services, "database"> = api.services,
    ) => {
      const created = createMailWorker(
        {
          database: services.database,
          config: { ...api.services.config, mail: { ...api.services.config.mail, ...mail } },
        },
        { logger, pollMs: 20, batchSize: 10 },
      );
      workers.push(created);
      return created;
    };
    const verification = (to: string, schoolName = "Test School") =>
      enqueueMail(api.db, {
        templateKey: "school-email-verification",
        language: "en",
        to,
        variables: {
          school_name: schoolName,
          verify_url: "https://portal.example.org/verify?t=abc",
          expires_hours: "48",
        },
      });
    const message = async (id: number) => {
      const [row] = await api.db.select().from(mailMessages).where(eq(mailMessages.id, id));
      return row;
    };
    const attempts = (id: number) =>
      api.db.select().from(mailAttempts).where(eq(mailAttempts.messageId, id)).orderBy(asc(mailAttempts.id));
    /** Ticks until the message leaves the queue (retries wait a few tens of milliseconds). */
    const until = async (w: MailWorker, id: number, statuses = ["sent", "failed"]) => {
      for (let i = 0; i < 200; i++) {
        await w.tick();
        const row = await message(id);
        if (row && statuses.includes(row.status)) return row;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`message ${id} never reached ${statuses.join(" or ")}`);
    };
    const receivedBy = (address: string) =>
      smtp.received.filter((mail) => mail.headers.get("to") && JSON.stringify(mail.to).includes(address));

    it("delivers a queued mail with its subject, an HTML and a text part, values escaped in the HTML", async () => {
      const id = await verification("office@school-one.test", "<script>alert(1)</script> & Sons");
      const w = worker();
      const result = await w.tick();
      expect(result).toMatchObject({ claimed: 1, sent: 1 });
      const [mail] = receivedBy("office@school-one.test");
      expect(mail?.subject).toBe("Verify the e-mail address of <script>alert(1)</script> & Sons");
      expect(mail?.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; Sons");
      expect(mail?.html).not.toContain("<script>");
      expect(mail?.html).toContain('href="https://portal.example.org/verify?t=abc"');
      expect(mail?.html).toContain("max-width:600px");
      expect(mail?.html).toContain("#50CD89");
      expect(mail?.text).toContain("Dear <script>alert(1)</script> & Sons,");
      expect(mail?.text).toContain("expires in 48 hours");
      expect(mail?.from?.text).toContain("no-reply@localhost");
      const row = await message(id);
      expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
      expect(row?.sentAt).toBeInstanceOf(Date);
      const log = await attempts(id);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ outcome: "sent", code: 250 });
    });

    it("delivers a password but never shows it in the outbox, and forgets it once delivered", async () => {
      const id = await enqueueMail(api.db, {
        templateKey: "student-credentials",
        language: "en",
        to: "asha.student@school-one.test",
        variables: {
          student_name: "Asha Rao",
          username: "asha.rao",
          password: "Kx7#secret",
          login_url: "https://portal.example.org/login",
        },
      });
      const shown = await api.call("GET", `/api/mail/messages/${id}`, { token: outbox });
      expect(shown.status).toBe(200);
      expect(JSON.stringify(shown.body)).not.toContain("Kx7#secret");
      expect(shown.body.data.variables.password).toBe("••••••");
      await until(worker(), id);
      const [mail] = receivedBy("asha.student@school-one.test");
      expect(mail?.text).toContain("Kx7#secret");
      const row = await message(id);
      expect(row?.variables).not.toHaveProperty("password");
      expect(row?.variables).toMatchObject({ username: "asha.rao" });
      const after = await api.call("GET", `/api/mail/messages/${id}`, { token: outbox });
      expect(after.body.data.html).toContain("••••••");
    });

    it("retries a temporary failure with back-off: 451 twice, then one delivery", async () => {
      smtp.reply = (to, attempt) =>
        to === "busy@school-two.test" && attempt <= 2 ? { code: 451, message: "Try again later" } : null;
      const id = await verification("busy@school-two.test");
      const w = worker();
      await w.tick();
      const afterFirst = await message(id);
      expect(afterFirst).toMatchObject({ status: "queued", attempts: 1 });
      expect(afterFirst?.lastError).toContain("451");
      expect(afterFirst?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() - 1000);
      const row = await until(w, id);
      expect(row).toMatchObject({ status: "sent", attempts: 3 });
      expect((await attempts(id)).map((a) => [a.outcome, a.code])).toEqual([
        ["temporary-failure", 451],
        ["temporary-failure", 451],
        ["sent", 250],
      ]);
      expect(smtp.tries.get("busy@school-two.test")).toBe(3);
      expect(receivedBy("busy@school-two.test")).toHaveLength(1);
      smtp.reply = () => null;
    });

    it("fails a permanent failure (550) after one attempt", async () => {
      smtp.reply = (to) => (to === "nobody@school-three.test" ? { code: 550, message: "No such user here" } : null);
      const id = await verification("nobody@school-three.test");
      const row = await until(worker(), id);
      expect(row).toMatchObject({ status: "failed", attempts: 1 });
      expect(row?.lastError).toContain("550");
      const log = await attempts(id);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ outcome: "permanent-failure", code: 550 });
      expect(log[0]?.response).toContain("No such user here");
      smtp.reply = () => null;
    });

    it("gives up on a temporary failure after the configured attempts", async () => {
      smtp.reply = (to) => (to === "full@school-four.test" ? { code: 452, message: "Mailbox full" } : null);
      const id = await verification("full@school-four.test");
      const row = await until(worker(), id);
      expect(row).toMatchObject({ status: "failed", attempts: 4 });
      expect(row?.lastError).toMatch(/^Gave up after 4 attempts: .*452/);
      expect(await attempts(id)).toHaveLength(4);
      smtp.reply = () => null;
    });

    it("retries when the SMTP server cannot be reached", async () => {
      const id = await verification("unreachable@school-five.test");
      const w = worker({ smtpUrl: "smtp://127.0.0.1:9" });
      await w.tick();
      const row = await message(id);
      expect(row).toMatchObject({ status: "queued", attempts: 1 });
      const [log] = await attempts(id);
      expect(log).toMatchObject({ outcome: "temporary-failure", code: null });
      expect(log?.response).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
      // The real server takes it from there.
      expect(await until(worker(), id)).toMatchObject({ status: "sent", attempts: 2 });
    });

    it("delivers 50 messages exactly once with two workers on the same database", async () => {
      let second: Pick<Services, "database"> = api.services;
      if (driver === "postgres") {
        // A second API instance: its own connection pool.
        const database = await openDatabase({ url: api.database.url, migrate: false, maxConnections: 4 });
        extraDatabases.push(database);
        second = { database };
      }
      const ids: number[] = [];
      for (let i = 0; i < 50; i++) ids.push(await verification(`twice-${i}@school-six.test`));
      const before = smtp.received.length;
      const a = worker();
      const b = worker({}, second);
      a.start();
      b.start();
      await smtp.waitFor(before + 50);
      // Give both a moment to (wrongly) send anything twice.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await a.stop();
      await b.stop();
      const delivered = smtp.received.slice(before).map((mail) => JSON.stringify(mail.to));
      expect(delivered).toHaveLength(50);
      expect(new Set(delivered).size).toBe(50);
      for (let i = 0; i < 50; i++) expect(smtp.tries.get(`twice-${i}@school-six.test`)).toBe(1);
      const rows = await api.db.select().from(mailMessages).where(inArray(mailMessages.id, ids));
      expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
      const lockedBy = new Set(rows.map((row) => row.lockedBy));
      expect(lockedBy.size).toBe(2); // both workers took part
      const [counted] = await api.db
        .select({ n: sql<number>`count(*)::int` })
        .from(mailAttempts)
        .where(inArray(mailAttempts.messageId, ids));
      expect(Number(counted?.n)).toBe(50);
    });

    it("fails, and never resends, a message a crashed worker left in sending", async () => {
      const id = await verification("crash@school-seven.test");
      // A worker claimed it and died: its lease ran out while the message was being handed over.
      await api.db
        .update(mailMessages)
        .set({
          status: "sending",
          attempts: 1,
          lockedBy: "mail:dead-host",
          lockedUntil: new Date(Date.now() - 60_000),
          handedAt: new Date(Date.now() - 61_000),
        })
        .where(eq(mailMessages.id, id));
      const result = await worker().tick();
      expect(result.recovered).toBe(1);
      const row = await message(id);
      expect(row).toMatchObject({ status: "failed", lastError: INTERRUPTED_DELIVERY });
      expect(row?.lastError).toContain("may have been delivered");
      await worker().tick();
      expect(smtp.tries.get("crash@school-seven.test")).toBeUndefined();
      // A person retries it by hand from the outbox: then it goes.
      const retried = await api.call("POST", `/api/mail/messages/${id}/retry`, { token: outbox });
      expect(retried.status).toBe(200);
      expect(retried.body.data).toMatchObject({ status: "queued", attempts: 0, last_error: null });
      expect(await until(worker(), id)).toMatchObject({ status: "sent", attempts: 1 });
      expect(smtp.tries.get("crash@school-seven.test")).toBe(1);
    });

    it("sends once, after its lease, a message a crashed worker claimed and never handed to SMTP", async () => {
      const id = await verification("claimed@school-seven.test");
      // Claimed in the same batch as a message being handed over; the worker died first.
      await api.db
        .update(mailMessages)
        .set({ status: "sending", lockedBy: "mail:dead-host", lockedUntil: new Date(Date.now() - 60_000) })
        .where(eq(mailMessages.id, id));
      const w = worker();
      const first = await w.tick();
      expect(first).toMatchObject({ recovered: 0, requeued: 1 });
      expect(await until(w, id)).toMatchObject({ status: "sent", attempts: 1, lastError: null });
      expect(smtp.tries.get("claimed@school-seven.test")).toBe(1);
      expect((await attempts(id)).map((a) => a.outcome)).toEqual(["sent"]);
    });

    it("fails at start, without waiting for the lease, what a killed worker left in sending, and never resends it", async () => {
      const sending = async (to: string, lockedBy: string, handedAt: Date | null = new Date()) => {
        const id = await verification(to);
        await api.db
          .update(mailMessages)
          .set({ status: "sending", attempts: 1, lockedBy, lockedUntil: new Date(Date.now() + 300_000), handedAt })
          .where(eq(mailMessages.id, id));
        return id;
      };
      // Killed while handing it to SMTP: five minutes of lease left, no presence lock held.
      const orphan = await sending("killed@school-nine.test", "mail:gone-host:4242:dead0001");
      // Claimed in its batch but not handed over yet: it goes, once.
      const waiting = await sending("waiting@school-nine.test", "mail:gone-host:4242:dead0001", null);
      // A live worker of this process, and (PostgreSQL) one of another process holding its lock.
      const local = holdPresence(api.db, "mail:this-process:live");
      const mine = await sending("mine@school-nine.test", "mail:this-process:live");
      let elsewhere: ReturnType<typeof sessionLock> | undefined;
      let theirs: number | undefined;
      if (driver === "postgres") {
        const other = await openDatabase({ url: api.database.url, migrate: false, maxConnections: 1 });
        extraDatabases.push(other);
        elsewhere = sessionLock(other.db, PRESENCE_LOCKS, "mail:other-host:7:alive");
        await elsewhere.hold();
        theirs = await sending("theirs@school-nine.test", "mail:other-host:7:alive");
      }
      const starting = worker();
      starting.start();
      for (let i = 0; i < 200 && (await message(orphan))?.status === "sending"; i++)
        await new Promise((resolve) => setTimeout(resolve, 25));
      await starting.stop();
      await local.close();
      await elsewhere?.close();
      expect(await message(orphan)).toMatchObject({ status: "failed", lastError: INTERRUPTED_DELIVERY });
      expect(smtp.tries.get("killed@school-nine.test")).toBeUndefined();
      expect(await until(worker(), waiting)).toMatchObject({ status: "sent", lastError: null });
      expect(smtp.tries.get("waiting@school-nine.test")).toBe(1);
      expect(await message(mine)).toMatchObject({ status: "sending", lockedBy: "mail:this-process:live" });
      if (theirs)
        expect(await message(theirs)).toMatchObject({ status: "sending", lockedBy: "mail:other-host:7:alive" });
      // Out of the way of the tests that follow (the rate limit counts messages in flight).
      await api.db
        .update(mailMessages)
        .set({ status: "failed", lockedUntil: null })
        .where(inArray(mailMessages.id, [mine, ...(theirs ? [theirs] : [])]));
    });

    it.runIf(driver === "postgres")(
      "after a kill, fails only the mail it was handing to SMTP and sends the rest of its batch once",
      async () => {
        const recipients = Array.from({ length: 10 }, (_, i) => `pupil${i}@school-ten.test`);
        const ids: number[] = [];
        for (const to of recipients) ids.push(await verification(to));
        // The victim: its own connections (named, to kill them) and a batch of 10 over 5 SMTP connections.
        const url = new URL(api.database.url ?? "");
        url.searchParams.set("application_name", "mail-victim");
        const victimDb = await openDatabase({ url: url.toString(), migrate: false, maxConnections: 2 });
        extraDatabases.push(victimDb);
        smtp.hold = (to) => to.endsWith("@school-ten.test");
        const victim = worker({}, { database: victimDb });
        victim.start();
        for (let i = 0; i < 400 && smtp.held < SMTP_CONNECTIONS; i++)
          await new Promise((resolve) => setTimeout(resolve, 25));
        await new Promise((resolve) => setTimeout(resolve, 200));
        // Only what the pool's connections carry is in flight; the rest of the batch waits.
        expect(smtp.held).toBe(SMTP_CONNECTIONS);
        const inFlight = recipients.filter((to) => smtp.tries.get(to) === 1);
        expect(inFlight).toHaveLength(SMTP_CONNECTIONS);
        // Killed: its connections (and so its presence lock) are gone, and what it handed over is
        // never recorded. In one process it must also stop to count as gone (presence.ts).
        await api.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'mail-victim'`,
        );
        await victimDb.close();
        extraDatabases.splice(extraDatabases.indexOf(victimDb), 1);
        smtp.hold = () => false;
        smtp.release({ code: 451, message: "Connection lost" });
        await victim.stop();
        const survivor = worker();
        survivor.start();
        const settled = async () =>
          (await api.db.select().from(mailMessages).where(inArray(mailMessages.id, ids))).filter((m) =>
            ["sent", "failed"].includes(m.status),
          );
        for (let i = 0; i < 400 && (await settled()).length < 10; i++)
          await new Promise((resolve) => setTimeout(resolve, 25));
        await survivor.stop();
        const rows = await settled();
        const failed = rows.filter((m) => m.status === "failed").map((m) => m.toAddress);
        expect(failed.sort()).toEqual(inFlight.sort());
        for (const m of rows.filter((row) => row.status === "failed")) expect(m.lastError).toBe(INTERRUPTED_DELIVERY);
        const sent = rows.filter((m) => m.status === "sent");
        expect(sent).toHaveLength(10 - SMTP_CONNECTIONS);
        for (const m of sent) {
          expect(m.attempts).toBe(1);
          expect(smtp.tries.get(m.toAddress)).toBe(1);
          expect(receivedBy(m.toAddress)).toHaveLength(1);
        }
      },
    );

    it("keeps mail queued without SMTP, says why once, and delivers it once SMTP is configured", async () => {
      const id = await verification("later@school-eight.test");
      const offline = worker({ smtpUrl: null });
      const first = await offline.tick();
      expect(first.notDelivered).toBeGreaterThanOrEqual(1);
      await offline.tick();
      await offline.tick();
      const row = await message(id);
      expect(row).toMatchObject({ status: "queued", attempts: 0, lastError: NOT_DELIVERED_NO_SMTP });
      const log = await attempts(id);
      expect(log.map((a) => a.outcome)).toEqual(["not-delivered"]);
      const detail = await api.call("GET", `/api/mail/messages/${id}`, { token: outbox });
      expect(detail.body.data).toMatchObject({ status: "queued", last_error: NOT_DELIVERED_NO_SMTP });
      expect(detail.body.data.attempt_log).toEqual([
        expect.objectContaining({ outcome: "not-delivered", code: null, response: NOT_DELIVERED_NO_SMTP }),
      ]);
      expect(await until(worker(), id)).toMatchObject({ status: "sent", attempts: 1, lastError: null });
      expect(receivedBy("later@school-eight.test")).toHaveLength(1);
    });

    it("hands at most the configured rate to SMTP per minute, across workers", async () => {
      const [handed] = await api.db
        .select({ n: sql<number>`count(*)::int` })
        .from(mailAttempts)
        .where(sql`${mailAttempts.outcome} <> 'not-delivered' and ${mailAttempts.at} > now() - interval '1 minute'`);
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) ids.push(await verification(`rate-${i}@school-nine.test`));
      const limit = { ratePerMinute: Number(handed?.n) + 4 };
      const a = worker(limit);
      const b = worker(limit);
      await Promise.all([a.tick(), b.tick()]);
      const third = await a.tick();
      expect(third.rateLimited).toBe(true);
      const rows = await api.db.select().from(mailMessages).where(inArray(mailMessages.id, ids));
      expect(rows.filter((row) => row.status === "sent")).toHaveLength(4);
      expect(rows.filter((row) => row.status === "queued")).toHaveLength(2);
    });
  });
}
