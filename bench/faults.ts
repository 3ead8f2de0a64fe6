// The faults benchmark (`npx tsx bench/run.ts --only faults`; issue 17, "Load and faults"):
// the built API (apps/api/dist/bin/server.mjs) is SIGKILLed in the middle of four kinds of long
// work, started again, and what it left is checked:
//  1. a school's students import (30,000 rows, all-or-nothing): no partial batch; the job runs again;
//  2. an answer-sheet store job (scoring and ranking 100,000 sheets): no sheet stored by the killed
//     run; the job runs again and stores them all;
//  3. a bulk certificates job (the PDF export of a state): the job runs again and the file has every page;
//  4. a mail campaign being delivered to a local SMTP sink (scripts/mail-sink.ts): no mail twice;
//     every message ends sent, or failed saying it may have been delivered (docs/decisions/032-faults.md).
// Everything runs on a PostgreSQL server of its own (a temporary folder, a free port: never the
// machine's shared server), which it removes at the end. Prints a table; figures go to
// bench/results/faults.json.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, queryRows } from "@repo/db";
import { type PrivatePostgres, startPrivatePostgres } from "@repo/db/private-server";
import { users } from "@repo/db/schema";
import { seedDemoData } from "@repo/db/seed";
import { level1Sections, seedFinalizedPaper } from "@repo/db/seed/results";
import { sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { INTERRUPTED_DELIVERY, SMTP_CONNECTIONS } from "../apps/api/src/domains/mail/delivery";
import { ensureBuiltInTemplates } from "../apps/api/src/domains/mail/index";
import { startMailSink } from "../scripts/mail-sink";
import { seedCertificatesBench } from "./certificates";
import { admin, databaseUrl } from "./database";
import { BENCH_PASSWORD, type BuiltApi, round, startBuiltApi } from "./support";

const IMPORT_ROWS = 30_000;
const STORE_SHEETS = 100_000;
const CERTIFICATES = 1_500;
const MAIL_RECIPIENTS = 3_000;
const ROLE_TRANSLATOR = 16;
const ROMAN = ["VI", "VII", "VIII", "IX", "X", "XI"];
const OPTIONS = ["A", "B", "C", "D"];

export interface FaultOutcome {
  scenario: string;
  /** What the killed run had done when it was killed. */
  killed_at: string;
  /** What was visible right after the kill (before the restart). */
  after_kill: string;
  /** How the work ended after the restart. */
  after_restart: string;
  /** Seconds from the restart's health check to the end of the work. */
  seconds_to_finish: number;
  ok: boolean;
  problems: string[];
}

export interface FaultsReport {
  outcomes: FaultOutcome[];
}

interface Job {
  status: string;
  error: string | null;
  progress: { done: number; total: number };
  result: Record<string, unknown> | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 5 * 60_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined && done(value)) return value;
    if (Date.now() > until) throw new Error(`${what}: not within ${ms / 1000} s`);
    await sleep(50);
  }
}

/** Kills the API the hard way: no shutdown hook, no finished requests, like an OOM kill. */
async function kill(api: BuiltApi) {
  const exited = new Promise((resolve) => api.process.once("exit", resolve));
  api.process.kill("SIGKILL");
  await exited;
}

const jobOf = async (api: BuiltApi, headers: Record<string, string>, id: number) =>
  ((await (await fetch(`${api.base}/api/jobs/${id}`, { headers })).json()) as { data: Job }).data;

/** Student `n` of the import file: names and phones unique per n. */
function csvFile(count: number): Uint8Array {
  const lines = ["First name,Last name,Class,Language,Gender,Date of birth,Parent's name,Phone,E-mail"];
  for (let n = 0; n < count; n++) {
    lines.push(
      [
        `Fault${n.toString(36)}`,
        ["Rao", "Sharma", "Iyer", "Khan", "Das"][n % 5],
        ["VI", "VII", "VIII", "IX", "X", "XI"][n % 6],
        "English",
        n % 2 ? "Female" : "Male",
        `${String(1 + (n % 28)).padStart(2, "0")}/${String(1 + (n % 12)).padStart(2, "0")}/${2010 + (n % 5)}`,
        `Parent ${n.toString(36)}`,
        String(8_000_000_000 + n),
        "",
      ].join(","),
    );
  }
  return new TextEncoder().encode(`${lines.join("\r\n")}\r\n`);
}

export async function runFaultsBench(options: { port: number }): Promise<FaultsReport> {
  let server: PrivatePostgres | undefined;
  let api: BuiltApi | undefined;
  const sink = await startMailSink();
  const uploadDir = mkdtempSync(path.join(tmpdir(), "bench-faults-"));
  const outcomes: FaultOutcome[] = [];
  try {
    console.log("faults bench: starting a private PostgreSQL server and a demo template database…");
    server = await startPrivatePostgres();
    const adminUrl = server.url();
    await admin(adminUrl, `create database faults_template`);
    const template = await openDatabase({ url: databaseUrl(adminUrl, "faults_template"), maxConnections: 2 });
    await seedDemoData(template.db, BENCH_PASSWORD);
    await ensureBuiltInTemplates(template.db);
    await template.close();
    /** A fresh database holding the demo data, open for the bench's own checks. */
    const fresh = async (name: string) => {
      await admin(adminUrl, `create database "${name}" template faults_template`);
      const url = databaseUrl(adminUrl, name);
      return { url, database: await openDatabase({ url, maxConnections: 2, migrate: false }) };
    };
    const start = (url: string) =>
      startBuiltApi(url, options.port, {
        UPLOAD_DIR: uploadDir,
        SMTP_URL: sink.smtpUrl,
        MAIL_FROM: "Exam Portal <no-reply@faults.example.org>",
        MAIL_RATE_PER_MINUTE: "1000000",
      });
    const count = async (db: Parameters<typeof queryRows>[0], query: ReturnType<typeof sql>) =>
      Number((await queryRows<{ n: number }>(db, query))[0]?.n ?? 0);

    // ── 1. A students import ───────────────────────────────────────────────────────────────
    {
      const { url, database } = await fresh("faults_import");
      const bySchool = sql`select count(*)::int as n from students
        where school_id = (select school_id from users where username = 'school')`;
      const before = await count(database.db, bySchool);
      api = await start(url);
      const headers = await api.signIn("school");
      const form = new FormData();
      form.append("file", new File([csvFile(IMPORT_ROWS).slice()], "faults.csv"));
      form.append("mode", "all-or-nothing");
      const posted = await fetch(`${api.base}/api/schools/student/import`, { method: "POST", headers, body: form });
      if (posted.status !== 202) throw new Error(`the import answered ${posted.status}: ${await posted.text()}`);
      const jobId = ((await posted.json()) as { data: { job_id: number } }).data.job_id;
      const midway = await waitFor(
        "the import under way",
        () => jobOf(api as BuiltApi, headers, jobId),
        // Past reading the file (total set): checking against the database and saving, in one transaction.
        (job) => job.status !== "queued" && job.progress.total > 0,
      );
      await kill(api);
      const afterKill = (await count(database.db, bySchool)) - before;
      api = await start(url);
      const restarted = performance.now();
      const job = await waitFor(
        "the import after the restart",
        () => jobOf(api as BuiltApi, headers, jobId),
        (j) => j.status === "done" || j.status === "failed",
      );
      const seconds = round((performance.now() - restarted) / 1000);
      const added = (await count(database.db, bySchool)) - before;
      const [row] = await queryRows<{ attempts: number }>(
        database.db,
        sql`select attempts from jobs where id = ${jobId}`,
      );
      const problems: string[] = [];
      if (midway.status === "done") problems.push("the import ended before the kill");
      if (afterKill !== 0 && afterKill !== IMPORT_ROWS) problems.push(`a partial batch after the kill: ${afterKill}`);
      if (job.status === "done" && added !== IMPORT_ROWS) problems.push(`done, but ${added} of ${IMPORT_ROWS} saved`);
      if (job.status === "failed" && (added !== 0 || !job.error)) problems.push(`failed with ${added} saved`);
      outcomes.push({
        scenario: `students import, ${IMPORT_ROWS.toLocaleString("en")} rows, all-or-nothing`,
        killed_at: `${midway.status}, file read (${midway.progress.done.toLocaleString("en")} rows), saving`,
        after_kill: `${afterKill} students saved`,
        after_restart: `job ${job.status} on attempt ${row?.attempts}${job.error ? ` (${job.error})` : ""}; ${added.toLocaleString("en")} students saved`,
        seconds_to_finish: seconds,
        ok: problems.length === 0,
        problems,
      });
      await api.stop();
      await database.close();
    }

    // ── 2. An answer-sheet store job (scoring and ranking) ─────────────────────────────────
    {
      const { url, database } = await fresh("faults_store");
      const [place] = await queryRows<{ year: number }>(
        database.db,
        sql`select id as year from exam_years where is_active`,
      );
      const examYearId = Number(place?.year);
      await database.db.execute(sql`
        insert into students (school_id, class_level, language, first_name, last_name, exam_year_id, dedupe_key,
          roll_number, payment_status, zone_id, state_id, prant_id, district_id)
        select sc.id, 6 + g % 6, 'en', 'Sheet ' || g, 'Fault', ${examYearId}, 'faults-store-' || g,
          'FS' || lpad(g::text, 8, '0'), 'paid', sc.zone_id, sc.state_id, sc.prant_id, sc.district_id
        from generate_series(1, ${STORE_SHEETS}) g
        join (select id, zone_id, state_id, prant_id, district_id, row_number() over (order by id) - 1 as n,
                count(*) over () as schools from schools) sc on sc.n = g % sc.schools`);
      const keyOf = (n: number) => OPTIONS[(n * 7) % 4] as string;
      for (const [index, roman] of ROMAN.entries()) {
        await seedFinalizedPaper(database.db, {
          examYearId,
          examKind: "level1",
          classLevel: index + 6,
          code: `L1-${roman}-B`,
          sections: level1Sections((n) => [keyOf(n)]),
        });
      }
      await database.db.execute(sql`analyze`);
      const lines: string[] = [];
      for (let g = 1; g <= STORE_SHEETS; g++) {
        const answers = Array.from({ length: 100 }, (_, q) => (q % (2 + (g % 5)) === 0 ? "" : keyOf(q + 1)));
        lines.push(`FS${String(g).padStart(8, "0")},L1-${ROMAN[g % 6]}-B,${answers.join(",")}`);
      }
      api = await start(url);
      const headers = await api.signIn("admin", "coordinator");
      const form = new FormData();
      form.append("file", new Blob([lines.join("\n")]), "faults-level1.txt");
      form.append("exam_level", "level1");
      const posted = await fetch(`${api.base}/api/admin-upload-txt-answersheet`, {
        method: "POST",
        headers,
        body: form,
      });
      if (posted.status !== 202) throw new Error(`the upload answered ${posted.status}: ${await posted.text()}`);
      const uploadId = ((await posted.json()) as { data: { upload_id: number } }).data.upload_id;
      type Upload = { status: string; stored_sheets: number | null; error?: string | null };
      const uploadOf = async () =>
        (
          (await (await fetch(`${api?.base}/api/answer-sheet-upload/${uploadId}`, { headers })).json()) as {
            data: Upload;
          }
        ).data;
      await waitFor("the check", uploadOf, (u) => u.status !== "checking");
      const confirmed = await fetch(`${api.base}/api/answer-sheet-upload/${uploadId}/confirm`, {
        method: "POST",
        headers,
      });
      if (confirmed.status !== 202) throw new Error(`confirm answered ${confirmed.status}: ${await confirmed.text()}`);
      const jobId = ((await confirmed.json()) as { data: { job_id: number } }).data.job_id;
      await waitFor(
        "the store under way",
        () => jobOf(api as BuiltApi, headers, jobId),
        (j) => j.status === "running",
      );
      // Into the store's transaction (reading and staging came first).
      await sleep(2_000);
      const midway = await jobOf(api, headers, jobId);
      await kill(api);
      const sheetsOf = sql`select count(*)::int as n from answer_sheets where upload_id = ${uploadId}`;
      const afterKill = await count(database.db, sheetsOf);
      const ranksAfterKill = await count(database.db, sql`select count(*)::int as n from result_ranks`);
      api = await start(url);
      const restarted = performance.now();
      const job = await waitFor(
        "the store after the restart",
        () => jobOf(api as BuiltApi, headers, jobId),
        (j) => j.status === "done" || j.status === "failed",
      );
      const seconds = round((performance.now() - restarted) / 1000);
      const upload = await uploadOf();
      const stored = await count(database.db, sheetsOf);
      const [row] = await queryRows<{ attempts: number }>(
        database.db,
        sql`select attempts from jobs where id = ${jobId}`,
      );
      const problems: string[] = [];
      if (midway.status !== "running") problems.push(`the job was ${midway.status} at the kill`);
      if (afterKill !== 0) problems.push(`${afterKill} sheets visible after the kill`);
      if (job.status !== "done" || upload.status !== "stored")
        problems.push(`ended ${job.status}, upload ${upload.status}`);
      if (stored !== STORE_SHEETS || upload.stored_sheets !== STORE_SHEETS)
        problems.push(`${stored} sheets stored (upload says ${upload.stored_sheets}) of ${STORE_SHEETS}`);
      outcomes.push({
        scenario: `answer-sheet store job (score and rank), ${STORE_SHEETS.toLocaleString("en")} sheets`,
        killed_at: `${midway.status}, 2 s into the job`,
        after_kill: `${afterKill} sheets, ${ranksAfterKill} ranks; upload still storing`,
        after_restart: `job ${job.status} on attempt ${row?.attempts}; upload ${upload.status}, ${stored.toLocaleString("en")} sheets`,
        seconds_to_finish: seconds,
        ok: problems.length === 0,
        problems,
      });
      await api.stop();
      await database.close();
    }

    // ── 3. A bulk certificates job (the PDF export of a state) ─────────────────────────────
    {
      const { url, database } = await fresh("faults_certificates");
      const stateId = await seedCertificatesBench(database.db, CERTIFICATES);
      api = await start(url);
      const headers = { ...(await api.signIn("admin", "coordinator")), "Content-Type": "application/json" };
      const posted = await fetch(`${api.base}/api/certificates/bulk`, {
        method: "POST",
        headers,
        body: JSON.stringify({ level: "level1", state_id: stateId, output: "pdf" }),
      });
      if (posted.status !== 202) throw new Error(`the bulk run answered ${posted.status}: ${await posted.text()}`);
      const jobId = ((await posted.json()) as { data: { job_id: number } }).data.job_id;
      const midway = await waitFor(
        "the certificates under way",
        () => jobOf(api as BuiltApi, headers, jobId),
        (j) => j.status !== "queued" && j.progress.done > 0,
      );
      await kill(api);
      api = await start(url);
      const restarted = performance.now();
      const job = await waitFor(
        "the certificates after the restart",
        () => jobOf(api as BuiltApi, headers, jobId),
        (j) => j.status === "done" || j.status === "failed",
      );
      const seconds = round((performance.now() - restarted) / 1000);
      const [row] = await queryRows<{ attempts: number }>(
        database.db,
        sql`select attempts from jobs where id = ${jobId}`,
      );
      const problems: string[] = [];
      let pages = 0;
      if (job.status === "done") {
        const file = await fetch(`${api.base}/api/certificates/bulk/${jobId}/file`, { headers });
        if (file.status !== 200) problems.push(`the file answered ${file.status}`);
        else pages = (await PDFDocument.load(new Uint8Array(await file.arrayBuffer()))).getPageCount();
        if (pages !== CERTIFICATES) problems.push(`${pages} pages, not ${CERTIFICATES}`);
      } else if (!job.error) problems.push("failed without a reason");
      if (midway.status === "done") problems.push("the job ended before the kill");
      outcomes.push({
        scenario: `bulk certificates job (one state's PDF), ${CERTIFICATES.toLocaleString("en")} certificates`,
        killed_at: `${midway.status}, ${midway.progress.done} of ${midway.progress.total} printed`,
        after_kill: "job still running under the dead runner's lease",
        after_restart: `job ${job.status} on attempt ${row?.attempts}${job.error ? ` (${job.error})` : ""}; file of ${pages} pages`,
        seconds_to_finish: seconds,
        ok: problems.length === 0,
        problems,
      });
      await api.stop();
      await database.close();
    }

    // ── 4. A mail campaign being delivered ─────────────────────────────────────────────────
    {
      const { url, database } = await fresh("faults_mail");
      await database.db.execute(sql`
        insert into ${users} (username, email, name, role_id, password_hash)
        select 'faults-' || g, 'faults-' || g || '@faults.example.org', 'Fault Person ' || g, ${ROLE_TRANSLATOR}, 'x'
        from generate_series(1, ${MAIL_RECIPIENTS - 1}) g`);
      const recipients =
        MAIL_RECIPIENTS -
        1 +
        (await count(
          database.db,
          sql`select count(*)::int as n from users where role_id = ${ROLE_TRANSLATOR} and username not like 'faults-%'`,
        ));
      api = await start(url);
      const headers = { ...(await api.signIn("outbox", "outbox")), "Content-Type": "application/json" };
      const received = async () =>
        (await (await fetch(`${sink.httpUrl}/messages`)).json()) as { to: string[]; subject: string }[];
      const posted = await fetch(`${api.base}/api/mail/send`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          audience: { kind: "roles", role_ids: [ROLE_TRANSLATOR] },
          template_key: "general-circular",
          language: "en",
          variables: { title: "Faults bench", message: "Delivered once, whatever happens to the server." },
        }),
      });
      if (posted.status !== 202) throw new Error(`send answered ${posted.status}: ${await posted.text()}`);
      const campaignId = ((await posted.json()) as { data: { id: number } }).data.id;
      const before = await waitFor(
        "mail under way",
        received,
        // Half-way through a batch of 50 (the worker's claim): its messages are `sending`.
        (list) => list.filter((m) => m.subject.includes("Faults bench")).length >= 525,
      );
      await kill(api);
      const statusCounts = async () =>
        Object.fromEntries(
          (
            await queryRows<{ status: string; n: number }>(
              database.db,
              sql`select status, count(*)::int as n from mail_messages where campaign_id = ${campaignId} group by status`,
            )
          ).map((r) => [r.status, Number(r.n)]),
        ) as Record<string, number>;
      const atKill = await statusCounts();
      api = await start(url);
      const restarted = performance.now();
      await waitFor(
        "the campaign after the restart",
        statusCounts,
        (c) => (c.queued ?? 0) + (c.sending ?? 0) === 0 && (c.sent ?? 0) + (c.failed ?? 0) === recipients,
      );
      const seconds = round((performance.now() - restarted) / 1000);
      await sleep(1000);
      const end = await statusCounts();
      const mails = (await received()).filter((m) => m.subject.includes("Faults bench"));
      const addresses = mails.flatMap((m) => m.to);
      const distinct = new Set(addresses);
      const failed = await queryRows<{ to_address: string; last_error: string | null }>(
        database.db,
        sql`select to_address, last_error from mail_messages where campaign_id = ${campaignId} and status = 'failed'`,
      );
      const sentTo = await queryRows<{ to_address: string }>(
        database.db,
        sql`select to_address from mail_messages where campaign_id = ${campaignId} and status = 'sent'`,
      );
      const problems: string[] = [];
      if (addresses.length !== distinct.size) problems.push(`${addresses.length - distinct.size} mails sent twice`);
      const wrongReason = failed.filter((m) => m.last_error !== INTERRUPTED_DELIVERY);
      if (wrongReason.length > 0) problems.push(`${wrongReason.length} failed without the interrupted reason`);
      // Only what was on the pool's connections is in doubt; the rest of the batch is sent (decision 072).
      if (failed.length > SMTP_CONNECTIONS)
        problems.push(
          `${failed.length} failed as interrupted, more than the ${SMTP_CONNECTIONS} a worker hands over at once`,
        );
      const missing = sentTo.filter((m) => !distinct.has(m.to_address.toLowerCase()));
      if (missing.length > 0) problems.push(`${missing.length} marked sent but never received`);
      if ((atKill.sent ?? 0) + (atKill.failed ?? 0) >= recipients) problems.push("the campaign ended before the kill");
      const deliveredAnyway = failed.filter((m) => distinct.has(m.to_address.toLowerCase())).length;
      outcomes.push({
        scenario: `mail campaign, ${recipients.toLocaleString("en")} recipients, to a local SMTP sink`,
        killed_at: `${before.filter((m) => m.subject.includes("Faults bench")).length} received by the sink`,
        after_kill: Object.entries(atKill)
          .map(([status, n]) => `${n} ${status}`)
          .join(", "),
        after_restart: `${end.sent ?? 0} sent, ${end.failed ?? 0} failed as interrupted (${deliveredAnyway} of them had reached the sink); ${addresses.length} received, ${distinct.size} distinct`,
        seconds_to_finish: seconds,
        ok: problems.length === 0,
        problems,
      });
      await api.stop();
      await database.close();
    }
    return { outcomes };
  } finally {
    if (api && api.process.exitCode === null) await api.stop().catch(() => {});
    await sink.close();
    await server?.destroy();
    rmSync(uploadDir, { recursive: true, force: true });
  }
}
