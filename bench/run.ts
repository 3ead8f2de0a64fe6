// `npm run bench`: national-scale figures on PostgreSQL. `--only api` or `--only mail` runs one part.
//  1. Seeds a fresh database `<prefix>api` (see bench/database.ts) with --students (1,000,000) and --schools (50,000).
//  2. Starts the built API against it and measures p50/p95 latency of paginated, searched and
//     filtered geography and coordinator lists, and sign-in throughput.
// The server is BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test
// (used only to create and drop it). Figures go to bench/results/latest.json.
//  3. The mail benchmark (bench/mail.ts): a 100,000-recipient campaign queued, then delivered to a
//     local SMTP server by the built API. Figures go to bench/results/mail.json.
//  4. The students import (bench/student-import.ts): 10,000 rows XLSX and 100,000 rows CSV end to
//     end, with peak RSS. `--only student-import`. Figures go to bench/results/student-import.json.
//  5. Lighthouse, mobile (bench/lighthouse.ts): the school's study-material and flipbook pages on
//     the production portal, the student area's home, two dashboards and the districts list.
//     `--only lighthouse` (`--port-offset N`, 700). Figures go to bench/results/lighthouse.json.
//  6. Referral earnings (bench/referral-earnings.ts): the school's earnings dashboard over 200,000
//     ledger entries. `--only referral-earnings`. Figures go to bench/results/referral-earnings.json.
//  7. Invoice PDFs (bench/invoice-pdf.ts): a paid order's invoice rendered by Chromium through the
//     API. `--only invoice-pdf`. Figures go to bench/results/invoice-pdf.json.
//  8. Payment webhooks (bench/payments-webhooks.ts): 1,000 signed deliveries, 10 % repeats.
//     `--only payments-webhooks`. Figures go to bench/results/payments-webhooks.json.
//  8. Paper setting: the question list over 100,000 questions and 100-question paper PDFs in 14
//     languages. `--only papers`. Figures go to bench/results/papers.json.
//  9. Results (bench/results.ts): 1,000,000 answer sheets uploaded, checked, scored and ranked, and
//     the result lists over them. `--only results` (`--sheets N` for fewer). Figures go to
//     bench/results/results.json.
// 10. Certificates (bench/certificates.ts): 10,000 certificates of one state printed by the bulk
//     job into one PDF. `--only certificates` (`--certificates N`). Figures go to
//     bench/results/certificates.json.
// 11. Faults (bench/faults.ts): the built API SIGKILLed during an import, a store job, a
//     certificates job and a mail campaign, on a PostgreSQL server of its own; what each left.
//     `--only faults`. Figures go to bench/results/faults.json.
// 12. Load (bench/load.ts): 200 users for 10 minutes in a session mix through the built apps, then
//     the dashboards' SSR at 50 at a time. `--only load` (`--duration SECONDS`, `--users N`,
//     `--think-ms MS`, `--keep-login-limit`, `--log-dir DIR` keeps the processes' logs). Figures go to bench/results/load.json.
// 13. Fuzzing (bench/fuzz.ts): every operation of the OpenAPI document with many hostile cases,
//     a random seed (printed; `--seed N` replays it), `--fuzz-runs` (200) cases per operation and
//     caller, `--driver pglite` for the embedded database. `--only fuzz`. Figures and findings go
//     to bench/results/fuzz.json; the run fails when it finds anything.
// 14. Answer-sheet memory (bench/answer-sheet-memory.ts): a --mb (250) MB vendor file uploaded,
//     checked, stored and its problems file read by an API process of its own; peak RSS over
//     resting and the longest event-loop delay of each phase. `--only answer-sheet-memory`.
//     Figures go to bench/results/answer-sheet-memory.json.
// 15. Ratios (bench/ratios.ts, issue 39): each hot path beside the machine's limit in the same
//     minutes (pages against the sign-in page, API lists against pgbench, sign-ins against argon2id,
//     ingest against COPY, the export against psql, memory against rest, a students import against
//     parsing its file), interleaved --rounds (3).
//     `--only ratios` (--students, --schools, --sheets 200000, --keep-seed keeps its database for the
//     next run, which reuses it; --database-prefix or BENCH_DATABASE_PREFIX names it, default
//     portal_bench_). Figures go to bench/results/ratios.json and ratios.md.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { cpus, loadavg } from "node:os";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { ROLE } from "@repo/auth/roles";
import { openDatabase } from "@repo/db";
import { parseScaleArgs, seedScale } from "@repo/db/seed/scale";
import ExcelJS from "exceljs";
import pg from "pg";
import { API_NODE_FLAGS } from "../apps/api/scripts/node-flags";
import { answerSheetMemoryMarkdown, runAnswerSheetMemoryBench } from "./answer-sheet-memory";
import { CERTIFICATE_TARGETS, runCertificatesBench } from "./certificates";
import { benchDatabase, benchDatabasePrefix } from "./database";
import { runFaultsBench } from "./faults";
import { runFuzzBench } from "./fuzz";
import { INVOICE_TARGET_MS, runInvoicePdfBench } from "./invoice-pdf";
import { runLighthouseBench } from "./lighthouse";
import { LOAD_TARGETS, loadMarkdown, runLoadBench } from "./load";
import { runMailBench } from "./mail";
import { PAPER_TARGETS, runPapersBench } from "./papers";
import { runPaymentsWebhookBench, WEBHOOK_TARGET_PER_SECOND } from "./payments-webhooks";
import { writeRatiosReport } from "./ratios";
import { runReferralEarningsBench } from "./referral-earnings";
import { RESULT_TARGETS, runResultsBench } from "./results";
import { runStudentImportBench } from "./student-import";
import { type Answer, BENCH_PRODUCTION_ENV, httpClient, serverCpu } from "./support";

const root = fileURLToPath(new URL("..", import.meta.url));
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const args = process.argv.slice(2);
const scale = parseScaleArgs(args);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const REQUESTS = flag("requests", 300);
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
const PARTS = [
  "api",
  "mail",
  "student-import",
  "lighthouse",
  "referral-earnings",
  "invoice-pdf",
  "payments-webhooks",
  "papers",
  "results",
  "certificates",
  "faults",
  "load",
  "fuzz",
  "answer-sheet-memory",
  "ratios",
];
if (only !== undefined && !PARTS.includes(only)) {
  console.error(`bench: --only must be one of ${PARTS.join(", ")}, not ${only}`);
  process.exit(1);
}
const CONCURRENCY = flag("concurrency", 8);
// BENCH_PORT and BENCH_DB_SUFFIX let two checkouts run benches side by side on one server.
const PORT = Number(process.env.BENCH_PORT ?? 4900);
const base = `http://127.0.0.1:${PORT}`;
const API_DATABASE = benchDatabase(`api${process.env.BENCH_DB_SUFFIX ?? ""}`);
const PASSWORD = process.env.DEMO_PASSWORD ?? "Demo@12345";

function databaseUrl(name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function recreate(name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
}

interface Figures {
  requests: number;
  p50_ms: number;
  p95_ms: number;
  mean_ms: number;
  per_second: number;
  /** The API's and its database backends' CPU per request (serverCpu): comparable on a busy machine. */
  cpu_ms?: number;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Runs `count` calls, `concurrency` at a time; every call must answer 200. */
async function measure(count: number, concurrency: number, call: (i: number) => Promise<Answer>): Promise<Figures> {
  const durations: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        const response = await call(i);
        const body = await response.text();
        if (response.status !== 200) throw new Error(`request ${i} answered ${response.status}: ${body.slice(0, 200)}`);
        durations.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    requests: count,
    p50_ms: round(percentile(durations, 50)),
    p95_ms: round(percentile(durations, 95)),
    mean_ms: round(durations.reduce((a, b) => a + b, 0) / durations.length),
    per_second: round(count / elapsed),
  };
}

// node:http with kept-alive sockets for the measured calls (support.ts httpClient): fetch costs
// the client, which shares the two cores with the API and PostgreSQL, four times the CPU.
const http = httpClient(base);
const caller = (token: string, client = "203.0.113.1") => ({
  Authorization: `Bearer ${token}`,
  "X-Forwarded-For": client,
});
const post = (path: string, token: string, body: unknown, client = "203.0.113.1"): Promise<Answer> =>
  http.post(path, caller(token, client), body);
const get = (path: string, token: string): Promise<Answer> => http.get(path, caller(token));

/** The export read as a stream with node:http (fetch's web streams cost the client a core's worth). */
const postForStream = (path: string, token: string, body: unknown) =>
  new Promise<IncomingMessage>((resolve, reject) => {
    const raw = JSON.stringify(body);
    const request = httpRequest(
      `${base}${path}`,
      {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(raw),
          Authorization: `Bearer ${token}`,
          "X-Forwarded-For": "203.0.113.1",
        },
      },
      resolve,
    );
    request.on("error", reject);
    request.end(raw);
  });

async function login(username: string, client: string): Promise<Response> {
  return fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": client },
    body: JSON.stringify({ username, password: PASSWORD, app: "coordinator" }),
  });
}

async function token(username: string): Promise<string> {
  const response = await login(username, "203.0.113.250");
  const body = (await response.json()) as { data: { token: string } };
  return body.data.token;
}

const LIST_TARGET_MS = 20;
const AGGREGATE_TARGET_MS = 50;
const EXPORT_TARGETS = { csv_rows_per_second: 200_000, xlsx_rows_per_second: 50_000, peak_rss_mb: 150 };

/** Resident memory of a process in MB (Linux), or 0 where /proc is not there. */
function rssMb(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** Every student of the country through the export, counting rows; the API's RSS sampled meanwhile. */
async function measureExport(api: ChildProcess, token: string, format: "csv" | "xlsx") {
  const before = rssMb(api.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(api.pid));
  }, 50);
  const started = performance.now();
  const response = await postForStream(`/api/export/region-students?format=${format}`, token, {});
  if (response.statusCode !== 200) throw new Error(`export ${format} answered ${response.statusCode}`);
  let bytes = 0;
  let newlines = 0;
  const chunks: Uint8Array[] = [];
  for await (const chunk of response as AsyncIterable<Buffer>) {
    bytes += chunk.byteLength;
    if (format === "xlsx") {
      chunks.push(chunk);
    } else {
      // indexOf, not a loop over bytes: the client shares the two cores with the API it measures.
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) newlines++;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  let rows = newlines - 1;
  if (format === "xlsx") {
    // The sheet's last row number is the rows written (one header row).
    const workbook = Buffer.concat(chunks);
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(workbook), {});
    rows = 0;
    for await (const sheet of reader) for await (const _row of sheet) rows++;
    rows -= 1;
  }
  return {
    rows,
    megabytes: Math.round(bytes / 1024 / 102.4) / 10,
    seconds: Math.round(seconds * 100) / 100,
    rows_per_second: Math.round(rows / seconds),
    rss_before_mb: before,
    peak_rss_mb: peak,
  };
}

async function runApiBench() {
  let api: ChildProcess | undefined;
  try {
    const url = databaseUrl(API_DATABASE);
    let seed: Awaited<ReturnType<typeof seedScale>> | "reused" = "reused";
    // `--reuse-seed` measures again on the last run's database (migrated first): a seed takes minutes.
    if (args.includes("--reuse-seed")) {
      const database = await openDatabase({ url });
      await database.close();
      console.log(`bench: reusing ${API_DATABASE} as the last run left it`);
    } else {
      console.log(`bench: seeding ${API_DATABASE} with ${scale.schools} schools and ${scale.students} students…`);
      await recreate(API_DATABASE);
      const database = await openDatabase({ url });
      seed = await seedScale(database.db, scale);
      await database.close();
      console.log(`bench: seeded in ${seed.seconds.total} s (${JSON.stringify(seed.seconds)})`);
    }

    // Another server on the port (a bench stopped half-way) would answer instead of this one.
    const taken = await fetch(`${base}/api/health`).then(
      () => true,
      () => false,
    );
    if (taken) throw new Error(`port ${PORT} is in use: stop the process listening there first`);
    api = spawn(process.execPath, [...API_NODE_FLAGS, "apps/api/dist/bin/server.mjs"], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: url,
        API_PORT: String(PORT),
        LOG_LEVEL: "warn",
        SEED_DEMO: "false",
        ...BENCH_PRODUCTION_ENV,
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    for (let i = 0; i < 120; i++) {
      const up = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    const admin = await token("admin");
    const stateCoordinator = await token("state");
    const districtCoordinator = await token("district");
    const prantCoordinator = await token("prant");
    const daysAgo = (n: number) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date(Date.now() - n * 86_400_000));
    const scenarios: [string, (i: number) => Promise<Answer>][] = [
      // The floor: one signed-in request and one database round trip, no list. What a list costs
      // above it is the list's own.
      ["floor: signed-in health check", () => get("/api/health", admin)],
      ["districts: page 1", () => post("/api/fetchDistrictWithPagination", admin, {})],
      ["districts: search 'pur'", () => post("/api/fetchDistrictWithPagination", admin, { search: "pur" })],
      [
        "districts: filter 3 states, page 2",
        () => post("/api/fetchDistrictWithPagination", admin, { state_ids: [1, 2, 3], page: 2 }),
      ],
      ["cities: page 100 of 10", (i) => post("/api/fetchCityWithPagination", admin, { page: 100 + (i % 50) })],
      ["districts: state coordinator (scoped)", () => post("/api/fetchDistrictWithPagination", stateCoordinator, {})],
      ["coordinators: page 1", () => post("/api/coordinators", admin, {})],
      ["coordinators: search", (i) => post("/api/coordinators", admin, { search: `coord9-${i % 400}` })],
      [
        "coordinators: zone 4, role 10",
        () => post("/api/coordinators", admin, { zone_id: 4, role_id: ROLE.prantCoordinator }),
      ],
      ["coordinators: page 50", () => post("/api/coordinators", admin, { page: 50 })],
      // The coordinator console (decision 019): list pages, target p95 ≤ 20 ms.
      ["region students: admin page 1", () => post("/api/region/students", admin, {})],
      [
        "region students: admin paid, class VIII, Hindi",
        () => post("/api/region/students", admin, { payment_status: "paid", class_level: 8, language: "hi" }),
      ],
      ["region students: admin page 400 (window's end)", () => post("/api/region/students", admin, { page: 400 })],
      ["region students: admin by name", () => post("/api/region/students", admin, { sort: "name" })],
      [
        "region students: admin search name",
        (i) => post("/api/region/students", admin, { search: ["aarav sh", "priya i", "zoya k", "rohan n"][i % 4] }),
      ],
      ["region students: state coordinator", () => post("/api/region/students", stateCoordinator, {})],
      ["region students: district coordinator", () => post("/api/region/students", districtCoordinator, {})],
      [
        "region students: admin one state, unpaid",
        (i) => post("/api/region/students", admin, { state_ids: [1 + (i % 30)], payment_status: "unpaid" }),
      ],
      ["region schools: admin page 1", () => post("/api/region/schools", admin, {})],
      ["region schools: admin paid", () => post("/api/region/schools", admin, { payment: "paid" })],
      [
        "region schools: admin unpaid, page 20",
        () => post("/api/region/schools", admin, { payment: "unpaid", page: 20 }),
      ],
      ["region schools: state coordinator", () => post("/api/region/schools", stateCoordinator, {})],
    ];
    // Dashboard and analytics aggregates, target p95 ≤ 50 ms.
    const aggregates: [string, (i: number) => Promise<Answer>][] = [
      ["dashboard cards: admin", () => post("/api/admin/dashboard/card-summary", admin, {})],
      ["dashboard cards: state coordinator", () => post("/api/admin/dashboard/card-summary", stateCoordinator, {})],
      [
        "dashboard cards: district coordinator",
        () => post("/api/admin/dashboard/card-summary", districtCoordinator, {}),
      ],
      ["state summary: admin", () => post("/api/admin/dashboard/state-summary", admin, {})],
      ["recent activity: admin", () => post("/api/admin/dashboard/recent-activity", admin, {})],
      ["participation: admin", () => post("/api/admin/dashboard/student-participation", admin, {})],
      [
        "participation: admin, last 7 days",
        () => post("/api/admin/dashboard/student-participation", admin, { from: daysAgo(6), to: daysAgo(0) }),
      ],
      [
        "registrations vs payments: admin, 120 days",
        () =>
          post("/api/admin/dashboard/student-register-vs-payment-collection", admin, {
            from: daysAgo(119),
            to: daysAgo(0),
          }),
      ],
      ["school analytics: admin", () => post("/api/admin/dashboard/school-analytics", admin, {})],
      ["statistics summary: admin", () => post("/api/admin/dashboard/statistics-summary", admin, {})],
      [
        "statistics summary: prant coordinator",
        () => post("/api/admin/dashboard/statistics-summary", prantCoordinator, {}),
      ],
      ["coordinator counts: admin", () => post("/api/admin/dashboard/coordinator-count-analytics", admin, {})],
    ];
    const results: Record<string, Figures> = {};
    const cpu = serverCpu(api.pid, url);
    // `--match TEXT` measures only the scenarios whose name contains it (iterating on one list).
    const match = args.includes("--match") ? String(args[args.indexOf("--match") + 1]) : "";
    for (const [name, call] of [...scenarios, ...aggregates]) {
      if (!name.includes(match)) continue;
      await measure(20, CONCURRENCY, call); // warm-up
      await cpu.start();
      const figures = await measure(REQUESTS, CONCURRENCY, call);
      results[name] = { ...figures, cpu_ms: await cpu.stop(REQUESTS) };
      console.log(
        `bench: ${name.padEnd(40)} p50 ${figures.p50_ms} ms, p95 ${figures.p95_ms} ms, server CPU ${results[name].cpu_ms} ms/request`,
      );
    }
    // `--match` leaves out the exports and the sign-ins too.
    const exports = match
      ? {}
      : { csv: await measureExport(api, admin, "csv"), xlsx: await measureExport(api, admin, "xlsx") };
    for (const [format, figure] of Object.entries(exports)) {
      console.log(
        `bench: export ${format}: ${figure.rows} rows in ${figure.seconds} s (${figure.rows_per_second}/s), RSS ${figure.rss_before_mb} MB before, ${figure.peak_rss_mb} MB at most`,
      );
    }
    // Sign-in is argon2id-bound by design; distinct accounts and clients stay under the rate limits.
    if (!match) {
      results["login throughput"] = await measure(Math.min(REQUESTS, 200), 4, (i) =>
        login(`coord${9 + (i % 3)}-${1 + Math.floor(i / 3)}`, `198.51.100.${i % 250}`),
      );
      console.log(`bench: login throughput ${results["login throughput"].per_second}/s`);
    }

    const report = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, load_average: loadavg() },
      seed,
      targets: { list_p95_ms: LIST_TARGET_MS, aggregate_p95_ms: AGGREGATE_TARGET_MS, ...EXPORT_TARGETS },
      results,
      exports,
    };
    mkdirSync(`${root}bench/results`, { recursive: true });
    writeFileSync(`${root}bench/results/latest.json`, `${JSON.stringify(report, null, 2)}\n`);
    console.log(
      `\n(load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(
          ", ",
        )} on ${cpus().length} cores)\n| scenario | requests | p50 ms | p95 ms | req/s | server CPU ms/request |\n|---|---|---|---|---|---|`,
    );
    for (const [name, f] of Object.entries(results))
      console.log(`| ${name} | ${f.requests} | ${f.p50_ms} | ${f.p95_ms} | ${f.per_second} | ${f.cpu_ms ?? ""} |`);
    console.log(
      "\n| export (admin, every student) | rows | seconds | rows/s | peak RSS MB | target |\n|---|---|---|---|---|---|",
    );
    for (const [format, f] of Object.entries(exports))
      console.log(
        `| ${format.toUpperCase()} | ${f.rows} | ${f.seconds} | ${f.rows_per_second} | ${f.peak_rss_mb} | ≥ ${format === "csv" ? EXPORT_TARGETS.csv_rows_per_second : EXPORT_TARGETS.xlsx_rows_per_second}/s, ≤ ${EXPORT_TARGETS.peak_rss_mb} MB |`,
      );
    console.log(
      `\nScale seed: ${scale.students} students, ${scale.schools} schools${seed === "reused" ? " (reused)" : ` in ${seed.seconds.total} s`}. Report: bench/results/latest.json`,
    );
  } finally {
    api?.kill("SIGTERM");
  }
}

if (only === undefined || only === "api") await runApiBench();
if (only === undefined || only === "mail") {
  const report = await runMailBench({ adminUrl, recipients: flag("recipients", 100_000), port: PORT + 1 });
  const result = { date: new Date().toISOString(), ...report };
  mkdirSync(`${root}bench/results`, { recursive: true });
  writeFileSync(`${root}bench/results/mail.json`, `${JSON.stringify(result, null, 2)}\n`);
  console.log("\n| mail | figure | target |\n|---|---|---|");
  console.log(
    `| queue ${report.recipients.toLocaleString("en")} messages (one campaign) | ${report.queue.seconds} s (${report.queue.per_second}/s; 202 in ${report.queue.request_ms} ms) | ≤ ${report.queue.target_seconds} s |`,
  );
  console.log(
    `| deliver to local SMTP (built API's worker) | ${report.delivery.per_second} messages/s (${report.delivery.seconds} s; ${report.delivery.duplicates} duplicates) | ≥ ${report.delivery.target_per_second}/s |`,
  );
  console.log("Report: bench/results/mail.json");
}
if (only === undefined || only === "student-import") {
  const report = await runStudentImportBench({ adminUrl, port: PORT + 2 });
  mkdirSync(`${root}bench/results`, { recursive: true });
  writeFileSync(
    `${root}bench/results/student-import.json`,
    `${JSON.stringify({ date: new Date().toISOString(), ...report }, null, 2)}\n`,
  );
  console.log("\n| students import | end to end | request | job | peak RSS | target |\n|---|---|---|---|---|---|");
  for (const f of [report.xlsx, report.csv]) {
    console.log(
      `| ${f.rows.toLocaleString("en")} rows ${f.format.toUpperCase()} (${f.file_mb} MB) | ${f.seconds} s (${f.rows_per_second}/s) | ${f.request_ms} ms | ${f.job_seconds} s | ${f.peak_rss_mb} MB | ≤ ${f.target_seconds} s, ≤ ${report.peak_rss_target_mb} MB |`,
    );
  }
  console.log("\n| student list (5,000 students) | p50 | p95 | target p95 |\n|---|---|---|---|");
  for (const f of report.list)
    console.log(`| ${f.scenario} | ${f.p50_ms} ms | ${f.p95_ms} ms | ≤ ${f.target_p95_ms} ms |`);
  console.log("Report: bench/results/student-import.json");
}
if (only === undefined || only === "lighthouse") {
  const figures = await runLighthouseBench({ portOffset: flag("port-offset", 700) });
  mkdirSync(`${root}bench/results`, { recursive: true });
  writeFileSync(
    `${root}bench/results/lighthouse.json`,
    `${JSON.stringify({ date: new Date().toISOString(), pages: figures }, null, 2)}\n`,
  );
  console.log(
    "\n| Lighthouse (mobile) | performance | FCP | LCP | TBT | CLS | target |\n|---|---|---|---|---|---|---|",
  );
  for (const f of figures) {
    console.log(
      `| ${f.page} (${f.path}) | ${f.performance} | ${f.first_contentful_paint_ms} ms | ${f.largest_contentful_paint_ms} ms | ${f.total_blocking_time_ms} ms | ${f.cumulative_layout_shift} | ≥ ${f.target}${f.lcp_target_ms === null ? "" : `, LCP ≤ ${f.lcp_target_ms} ms`} |`,
    );
  }
  console.log("Report: bench/results/lighthouse.json");
}
if (only === undefined || only === "referral-earnings") {
  const report = await runReferralEarningsBench({
    adminUrl,
    port: PORT + 3,
    entries: flag("referral-entries", 200_000),
    schoolEntries: flag("referral-share", 50_000),
  });
  mkdirSync(`${root}bench/results`, { recursive: true });
  writeFileSync(
    `${root}bench/results/referral-earnings.json`,
    `${JSON.stringify({ date: new Date().toISOString(), ...report }, null, 2)}\n`,
  );
  console.log(
    `\n| referral earnings (${report.entries.toLocaleString("en")} entries, ${report.school_entries.toLocaleString("en")} the school's) | p50 | p95 | target p95 |\n|---|---|---|---|`,
  );
  for (const f of report.results)
    console.log(`| ${f.scenario} | ${f.p50_ms} ms | ${f.p95_ms} ms | ≤ ${f.target_p95_ms} ms |`);
  console.log("Report: bench/results/referral-earnings.json");
}
if (only === undefined || only === "invoice-pdf") {
  const report = await runInvoicePdfBench({ adminUrl, port: PORT + 4 });
  mkdirSync(`${root}bench/results`, { recursive: true });
  writeFileSync(
    `${root}bench/results/invoice-pdf.json`,
    `${JSON.stringify({ date: new Date().toISOString(), ...report }, null, 2)}\n`,
  );
  console.log("\n| invoice PDF | p50 | p95 | per second | PDF | target |\n|---|---|---|---|---|---|");
  for (const f of report.results)
    console.log(
      `| ${f.scenario} | ${f.p50_ms} ms | ${f.p95_ms} ms | ${f.per_second} | ${Math.round(f.pdf_bytes / 1024)} KB | ≤ ${INVOICE_TARGET_MS} ms |`,
    );
  console.log("Report: bench/results/invoice-pdf.json");
}
if (only === undefined || only === "payments-webhooks") {
  const report = await runPaymentsWebhookBench({ adminUrl, port: PORT + 5 });
  mkdirSync(`${root}bench/results`, { recursive: true });
  writeFileSync(
    `${root}bench/results/payments-webhooks.json`,
    `${JSON.stringify({ date: new Date().toISOString(), ...report }, null, 2)}\n`,
  );
  console.log(
    `\n| webhooks | per second | p50 | p95 | captures / paid orders / roll numbers / receipts | target |\n|---|---|---|---|---|---|\n| ${report.deliveries} (${report.duplicates} repeats) | ${report.per_second} | ${report.p50_ms} ms | ${report.p95_ms} ms | ${report.captures} / ${report.paid_orders} / ${report.roll_numbers} / ${report.receipts} of ${report.orders} (receipts ${report.receipts_after_ms} ms after the last delivery) | ≥ ${WEBHOOK_TARGET_PER_SECOND}/s, exactly one each |`,
  );
  console.log("Report: bench/results/payments-webhooks.json");
}

if (only === undefined || only === "papers") {
  const report = await runPapersBench({ adminUrl, port: PORT + 6 });
  mkdirSync(`${root}bench/results`, { recursive: true });
  writeFileSync(
    `${root}bench/results/papers.json`,
    `${JSON.stringify({ date: new Date().toISOString(), ...report }, null, 2)}\n`,
  );
  console.log(
    `\n| question list (${report.questions.toLocaleString("en")} questions), 8 at a time | p50 | p95 | target p95 |\n|---|---|---|---|`,
  );
  for (const f of report.list)
    console.log(`| ${f.scenario} | ${f.p50_ms} ms | ${f.p95_ms} ms | ≤ ${PAPER_TARGETS.listP95Ms} ms |`);
  console.log(
    `\n| 100-question paper PDF | seconds | target |\n|---|---|---|\n| one language | ${report.pdf.one_language_s} | ≤ ${PAPER_TARGETS.oneLanguageS} |\n| all 14 languages | ${report.pdf.all_languages_s} | ≤ ${PAPER_TARGETS.allLanguagesS} |`,
  );
  console.log("Report: bench/results/papers.json");
}

if (only === undefined || only === "results") {
  const report = await runResultsBench({
    adminUrl,
    port: PORT + 7,
    sheets: flag("sheets", 1_000_000),
    keep: args.includes("--keep"),
    reuse: args.includes("--reuse"),
    listsOnly: args.includes("--lists-only"),
  });
  mkdirSync(`${root}bench/results`, { recursive: true });
  writeFileSync(
    `${root}bench/results/results.json`,
    `${JSON.stringify({ date: new Date().toISOString(), ...report }, null, 2)}\n`,
  );
  const s = report.seconds;
  console.log(
    `\n| ${report.sheets.toLocaleString("en")} sheets (${report.file_mb} MB) | upload | check | store job (read and check / score and store / rank) | end to end | target |\n|---|---|---|---|---|---|\n| Level 1, 100 questions | ${s.upload} s | ${s.check} s | ${s.store_job} s (${s.split?.read_and_check} / ${s.split?.score_and_store} / ${s.split?.rank}) | ${s.end_to_end} s | ≤ ${RESULT_TARGETS.endToEndS} s |`,
  );
  console.log(
    "\n| result list, 8 at a time | p50 | p95 | target p95 | server CPU per request |\n|---|---|---|---|---|",
  );
  for (const f of report.lists)
    console.log(
      `| ${f.scenario} | ${f.p50_ms} ms | ${f.p95_ms} ms | ≤ ${RESULT_TARGETS.listP95Ms} ms | ${f.cpu_ms} ms |`,
    );
  console.log(`(load average ${report.machine.load_average.map((n) => n.toFixed(1)).join(", ")})`);
  console.log("Report: bench/results/results.json");
}

if (only === undefined || only === "answer-sheet-memory") {
  const report = await runAnswerSheetMemoryBench({ megabytes: flag("mb", 250) });
  mkdirSync(`${root}bench/results`, { recursive: true });
  writeFileSync(
    `${root}bench/results/answer-sheet-memory.json`,
    `${JSON.stringify({ date: new Date().toISOString(), ...report }, null, 2)}\n`,
  );
  console.log(`\n${answerSheetMemoryMarkdown(report)}`);
  console.log("Report: bench/results/answer-sheet-memory.json");
}

if (only === undefined || only === "certificates") {
  const report = await runCertificatesBench({ adminUrl, port: PORT + 8, certificates: flag("certificates", 10_000) });
  mkdirSync(`${root}bench/results`, { recursive: true });
  writeFileSync(
    `${root}bench/results/certificates.json`,
    `${JSON.stringify({ date: new Date().toISOString(), ...report }, null, 2)}\n`,
  );
  const s = report.seconds;
  console.log(
    `\n| certificates (one state, one PDF) | job | per 1,000 | 10,000 (projected) | target |\n|---|---|---|---|---|\n| ${report.certificates.toLocaleString("en")} | ${s.job} s | ${s.per_thousand} s | ${s.projected_10000} s | ≤ ${CERTIFICATE_TARGETS.seconds} s for ${CERTIFICATE_TARGETS.certificates.toLocaleString("en")} |`,
  );
  console.log("Report: bench/results/certificates.json");
}

if (only === undefined || only === "faults") {
  const report = await runFaultsBench({ port: PORT + 9 });
  mkdirSync(`${root}bench/results`, { recursive: true });
  writeFileSync(
    `${root}bench/results/faults.json`,
    `${JSON.stringify({ date: new Date().toISOString(), ...report }, null, 2)}\n`,
  );
  console.log(
    "\n| killed (SIGKILL) during | when killed | visible after the kill | after the restart | s to finish | ok |\n|---|---|---|---|---|---|",
  );
  for (const o of report.outcomes)
    console.log(
      `| ${o.scenario} | ${o.killed_at} | ${o.after_kill} | ${o.after_restart} | ${o.seconds_to_finish} | ${o.ok ? "yes" : `NO: ${o.problems.join("; ")}`} |`,
    );
  console.log("Report: bench/results/faults.json");
  if (report.outcomes.some((o) => !o.ok)) process.exitCode = 1;
}

if (only === undefined || only === "load") {
  const report = await runLoadBench({
    adminUrl,
    portOffset: flag("port-offset", 1100),
    durationSeconds: flag("duration", 600),
    users: flag("users", 200),
    thinkMs: flag("think-ms", 2000),
    rampSeconds: flag("ramp", 30),
    schoolShare: 0.7,
    ssrRequests: flag("ssr-requests", 1000),
    liftLoginLimit: !args.includes("--keep-login-limit"),
    logDir: args.includes("--log-dir") ? args[args.indexOf("--log-dir") + 1] : undefined,
  });
  mkdirSync(`${root}bench/results`, { recursive: true });
  writeFileSync(
    `${root}bench/results/load.json`,
    `${JSON.stringify({ date: new Date().toISOString(), ...report }, null, 2)}\n`,
  );
  console.log(loadMarkdown(report));
  console.log("Report: bench/results/load.json");
  // Any error fails the run (LOAD_TARGETS.errors is 0); the figures are written either way.
  if (report.load.errors > LOAD_TARGETS.errors || report.ssr.some((s) => s.errors > 0)) process.exitCode = 1;
}

if (only === undefined || only === "fuzz") {
  const seedAt = args.indexOf("--seed");
  const report = await runFuzzBench({
    adminUrl,
    seed: seedAt === -1 ? undefined : Number(args[seedAt + 1]),
    runs: flag("fuzz-runs", 200),
    timeoutMs: flag("fuzz-timeout-ms", 10_000),
    driver: args.includes("--driver") && args[args.indexOf("--driver") + 1] === "pglite" ? "pglite" : "postgres",
  });
  mkdirSync(`${root}bench/results`, { recursive: true });
  writeFileSync(
    `${root}bench/results/fuzz.json`,
    `${JSON.stringify({ date: new Date().toISOString(), ...report }, null, 2)}\n`,
  );
  const statuses = Object.entries(report.statuses)
    .sort()
    .map(([k, n]) => `${k} ${n}`)
    .join(", ");
  console.log(
    `\n| fuzz (seed ${report.seed}, ${report.driver}) | operations | requests | seconds | answers | findings | target |\n|---|---|---|---|---|---|---|\n| ${report.runs_per_operation} cases per operation and caller | ${report.operations} | ${report.requests.toLocaleString("en")} | ${report.seconds} | ${statuses} | ${report.findings.length} | 0 |`,
  );
  for (const f of report.findings) console.log(`- ${f.operation} as ${f.caller}: ${f.problem}\n  ${f.request}`);
  for (const lost of report.lost_callers) console.log(`(left out after it changed: ${lost})`);
  console.log("Report: bench/results/fuzz.json");
  if (report.findings.length) process.exitCode = 1;
}

if (only === undefined || only === "ratios") {
  const markdown = await writeRatiosReport({
    adminUrl,
    databasePrefix: benchDatabasePrefix(),
    port: PORT + 10,
    rounds: flag("rounds", 3),
    scale,
    sheets: flag("sheets", 200_000),
    ingestRounds: flag("ingest-rounds", 2),
    pageRequests: flag("page-requests", 50),
    listRequests: flag("list-requests", 200),
    signIns: flag("sign-ins", 120),
    importRows: flag("import-rows", 10_000),
    keepSeed: args.includes("--keep-seed"),
  });
  console.log(`\n${markdown}\nReport: bench/results/ratios.json (and ratios.md)`);
}
