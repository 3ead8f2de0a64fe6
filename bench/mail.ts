// The mail benchmark (`npm run bench -- --only mail`, or part of `npm run bench`), on PostgreSQL:
//  1. Queueing: one campaign to --recipients (100,000) people, from POST /api/mail/send to the
//     last message queued by its job, through the API's own code (in-process app + job runner).
//     Target: ≤ 10 s.
//  2. Delivery: the built API (apps/api/dist/bin/server.mjs) with SMTP_URL pointing at an
//     smtp-server in this process, until every message has arrived. Target: ≥ 200 messages/s.
// It creates and drops its own database `<prefix>mail` on the server at BENCH_DATABASE_URL,
// else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
import { type ChildProcess, spawn } from "node:child_process";
import type { AddressInfo } from "node:net";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { openDatabase, queryRows } from "@repo/db";
import { mailMessages, users } from "@repo/db/schema";
import { seedDemoData } from "@repo/db/seed";
import { sql } from "drizzle-orm";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { API_NODE_FLAGS } from "../apps/api/scripts/node-flags";
import { createApp } from "../apps/api/src/app";
import { ensureBuiltInTemplates } from "../apps/api/src/domains/mail/index";
import { runNextJob } from "../apps/api/src/kernel/jobs/jobs";
import { createServices, jobHandlers } from "../apps/api/src/services";
import { admin, benchDatabase, databaseUrl } from "./database";
import { BENCH_PRODUCTION_ENV } from "./support";

const root = fileURLToPath(new URL("..", import.meta.url));
const DATABASE = benchDatabase("mail");
const PASSWORD = "Demo@12345";
const ROLE_TRANSLATOR = 16;

export interface MailBenchOptions {
  adminUrl: string;
  recipients: number;
  port: number;
}

export interface MailBenchReport {
  recipients: number;
  queue: { seconds: number; request_ms: number; job_seconds: number; per_second: number; target_seconds: 10 };
  delivery: {
    seconds: number;
    per_second: number;
    first_to_last_seconds: number;
    duplicates: number;
    sent_in_database: number;
    target_per_second: 200;
  };
  machine: { cpus: number };
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** An SMTP server that accepts everything and counts it (no parsing: the client is measured). */
async function countingSmtp() {
  const seen = new Set<string>();
  let accepted = 0;
  let first = 0;
  let last = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    hideSTARTTLS: true,
    logger: false,
    maxClients: 50,
    onData(stream, session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        const now = performance.now();
        if (accepted === 0) first = now;
        last = now;
        accepted++;
        for (const rcpt of session.envelope.rcptTo) seen.add(rcpt.address.toLowerCase());
        callback(null, "OK");
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    stats: () => ({ accepted, distinct: seen.size, first, last }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function runMailBench(options: MailBenchOptions): Promise<MailBenchReport> {
  const url = databaseUrl(options.adminUrl, DATABASE);
  let api: ChildProcess | undefined;
  const smtp = await countingSmtp();
  try {
    console.log(`mail bench: creating ${DATABASE} with ${options.recipients.toLocaleString("en")} recipients…`);
    await admin(options.adminUrl, `drop database if exists "${DATABASE}" with (force)`);
    await admin(options.adminUrl, `create database "${DATABASE}"`);
    const database = await openDatabase({ url, maxConnections: 8 });
    await seedDemoData(database.db, PASSWORD);
    await ensureBuiltInTemplates(database.db);
    // The audience: active users of one role that has no place in the tree (no region joins).
    await database.db.execute(sql`
      insert into ${users} (username, email, name, role_id, password_hash)
      select 'bench-' || g, 'bench-' || g || '@bench.example.org', 'Bench Person ' || g, ${ROLE_TRANSLATOR}, 'x'
      from generate_series(1, ${options.recipients - 1}) g`);
    await database.db.execute(sql`analyze`);

    // 1. Queueing, through the API's code in this process.
    const services = createServices(database, { uploadDir: "/nonexistent" });
    const app = createApp({ services, logger: pino({ level: "silent" }), version: "bench" });
    const call = async (path: string, body: unknown, token?: string) => {
      const response = await app.request(path, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> } };
    };
    const login = await call("/api/login", { username: "outbox", password: PASSWORD, app: "outbox" });
    const token = String(login.body.data.token);
    const started = performance.now();
    const sent = await call(
      "/api/mail/send",
      {
        audience: { kind: "roles", role_ids: [ROLE_TRANSLATOR] },
        template_key: "general-circular",
        language: "en",
        variables: { title: "Translation schedule", message: "The Level 2 papers are ready for translation." },
      },
      token,
    );
    if (sent.status !== 202) throw new Error(`send answered ${sent.status}: ${JSON.stringify(sent.body)}`);
    const accepted = performance.now();
    const log = pino({ level: "warn" });
    while (await runNextJob(database.db, jobHandlers(services), { runnerId: "bench", log }));
    const queuedAt = performance.now();
    const [queued] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ${mailMessages} where campaign_id = ${Number(sent.body.data.id)} and status = 'queued'`,
    );
    if (Number(queued?.n) !== options.recipients) {
      throw new Error(`expected ${options.recipients} queued messages, found ${queued?.n}`);
    }
    const queueSeconds = (queuedAt - started) / 1000;
    console.log(
      `mail bench: queued ${options.recipients.toLocaleString("en")} messages in ${round(queueSeconds)} s (202 after ${Math.round(accepted - started)} ms)`,
    );
    await database.db.execute(sql`analyze ${mailMessages}`);

    // 2. Delivery, by the built API's worker.
    api = spawn(process.execPath, [...API_NODE_FLAGS, "apps/api/dist/bin/server.mjs"], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: url,
        API_PORT: String(options.port),
        LOG_LEVEL: "warn",
        SEED_DEMO: "false",
        ...BENCH_PRODUCTION_ENV,
        SMTP_URL: smtp.url,
        MAIL_FROM: "Exam Portal <no-reply@bench.example.org>",
        // The bench measures the worker, not the configured limit.
        MAIL_RATE_PER_MINUTE: String(options.recipients * 10),
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const spawned = performance.now();
    let lastReport = 0;
    while (smtp.stats().accepted < options.recipients) {
      if (api.exitCode !== null) throw new Error(`the API exited with ${api.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (performance.now() - lastReport > 10_000) {
        lastReport = performance.now();
        console.log(`mail bench: ${smtp.stats().accepted.toLocaleString("en")} delivered…`);
      }
      if (performance.now() - spawned > 30 * 60_000) throw new Error("delivery took longer than 30 minutes");
    }
    const done = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 1000)); // let the worker record the last batch
    const [sentRows] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ${mailMessages} where status = 'sent'`,
    );
    const stats = smtp.stats();
    const deliverySeconds = (done - spawned) / 1000;
    const firstToLast = (stats.last - stats.first) / 1000;
    await database.close();
    return {
      recipients: options.recipients,
      queue: {
        seconds: round(queueSeconds),
        request_ms: Math.round(accepted - started),
        job_seconds: round((queuedAt - accepted) / 1000),
        per_second: Math.round(options.recipients / queueSeconds),
        target_seconds: 10,
      },
      delivery: {
        seconds: round(deliverySeconds),
        per_second: Math.round(options.recipients / deliverySeconds),
        first_to_last_seconds: round(firstToLast),
        duplicates: stats.accepted - stats.distinct,
        sent_in_database: Number(sentRows?.n),
        target_per_second: 200,
      },
      machine: { cpus: cpus().length },
    };
  } finally {
    if (api && api.exitCode === null) {
      const exited = new Promise((resolve) => api?.once("exit", resolve));
      api.kill("SIGTERM");
      await exited;
    }
    await smtp.close();
    await admin(options.adminUrl, `drop database if exists "${DATABASE}" with (force)`).catch(() => {});
  }
}
