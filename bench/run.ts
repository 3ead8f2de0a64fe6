// `npm run bench`: national-scale figures on PostgreSQL. `--only api` or `--only mail` runs one part.
//  1. Seeds a fresh database `portal_bench` with --students (1,000,000) and --schools (50,000).
//  2. Starts the built API against it and measures p50/p95 latency of paginated, searched and
//     filtered geography and coordinator lists, and sign-in throughput.
// The server is BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test
// (used only to create and drop `portal_bench`). Figures go to bench/results/latest.json.
//  3. The mail benchmark (bench/mail.ts): a 100,000-recipient campaign queued, then delivered to a
//     local SMTP server by the built API. Figures go to bench/results/mail.json.
//  4. The students import (bench/student-import.ts): 10,000 rows XLSX and 100,000 rows CSV end to
//     end, with peak RSS. `--only student-import`. Figures go to bench/results/student-import.json.
//  5. Lighthouse, mobile (bench/lighthouse.ts): the school's study-material and flipbook pages on
//     the production portal. `--only lighthouse`. Figures go to bench/results/lighthouse.json.
//  6. Referral earnings (bench/referral-earnings.ts): the school's earnings dashboard over 200,000
//     ledger entries. `--only referral-earnings`. Figures go to bench/results/referral-earnings.json.
//  7. Invoice PDFs (bench/invoice-pdf.ts): a paid order's invoice rendered by Chromium through the
//     API. `--only invoice-pdf`. Figures go to bench/results/invoice-pdf.json.
//  8. Payment webhooks (bench/payments-webhooks.ts): 1,000 signed deliveries, 10 % repeats.
//     `--only payments-webhooks`. Figures go to bench/results/payments-webhooks.json.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { openDatabase } from "@repo/db";
import { parseScaleArgs, seedScale } from "@repo/db/seed/scale";
import pg from "pg";
import { INVOICE_TARGET_MS, runInvoicePdfBench } from "./invoice-pdf";
import { LIGHTHOUSE_TARGET, runLighthouseBench } from "./lighthouse";
import { runMailBench } from "./mail";
import { runPaymentsWebhookBench, WEBHOOK_TARGET_PER_SECOND } from "./payments-webhooks";
import { runReferralEarningsBench } from "./referral-earnings";
import { runStudentImportBench } from "./student-import";

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
const PARTS = ["api", "mail", "student-import", "lighthouse", "referral-earnings", "invoice-pdf", "payments-webhooks"];
if (only !== undefined && !PARTS.includes(only)) {
  console.error(`bench: --only must be one of ${PARTS.join(", ")}, not ${only}`);
  process.exit(1);
}
const CONCURRENCY = flag("concurrency", 8);
const PORT = 4900;
const base = `http://127.0.0.1:${PORT}`;
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
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Runs `count` calls, `concurrency` at a time; every call must answer 200. */
async function measure(count: number, concurrency: number, call: (i: number) => Promise<Response>): Promise<Figures> {
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

const post = (path: string, token: string, body: unknown, client = "203.0.113.1") =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, "X-Forwarded-For": client },
    body: JSON.stringify(body),
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

async function runApiBench() {
  let api: ChildProcess | undefined;
  try {
    console.log(`bench: seeding portal_bench with ${scale.schools} schools and ${scale.students} students…`);
    await recreate("portal_bench");
    const url = databaseUrl("portal_bench");
    const database = await openDatabase({ url });
    const seed = await seedScale(database.db, scale);
    await database.close();
    console.log(`bench: seeded in ${seed.seconds.total} s (${JSON.stringify(seed.seconds)})`);

    api = spawn(process.execPath, ["apps/api/dist/bin/server.mjs"], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: url,
        API_PORT: String(PORT),
        LOG_LEVEL: "warn",
        SEED_DEMO: "false",
        NODE_ENV: "production",
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
    const scenarios: [string, (i: number) => Promise<Response>][] = [
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
      ["coordinators: zone 4, role 10", () => post("/api/coordinators", admin, { zone_id: 4, role_id: 10 })],
      ["coordinators: page 50", () => post("/api/coordinators", admin, { page: 50 })],
    ];
    const results: Record<string, Figures> = {};
    for (const [name, call] of scenarios) {
      await measure(20, CONCURRENCY, call); // warm-up
      results[name] = await measure(REQUESTS, CONCURRENCY, call);
      console.log(`bench: ${name.padEnd(40)} p50 ${results[name].p50_ms} ms, p95 ${results[name].p95_ms} ms`);
    }
    // Sign-in is argon2id-bound by design; distinct accounts and clients stay under the rate limits.
    results["login throughput"] = await measure(Math.min(REQUESTS, 200), 4, (i) =>
      login(`coord${9 + (i % 3)}-${1 + Math.floor(i / 3)}`, `198.51.100.${i % 250}`),
    );
    console.log(`bench: login throughput ${results["login throughput"].per_second}/s`);

    const report = {
      date: new Date().toISOString(),
      machine: { cpus: (await import("node:os")).cpus().length },
      seed,
      results,
    };
    mkdirSync(`${root}bench/results`, { recursive: true });
    writeFileSync(`${root}bench/results/latest.json`, `${JSON.stringify(report, null, 2)}\n`);
    console.log("\n| scenario | requests | p50 ms | p95 ms | req/s |\n|---|---|---|---|---|");
    for (const [name, f] of Object.entries(results))
      console.log(`| ${name} | ${f.requests} | ${f.p50_ms} | ${f.p95_ms} | ${f.per_second} |`);
    console.log(
      `\nScale seed: ${scale.students} students, ${scale.schools} schools in ${seed.seconds.total} s. Report: bench/results/latest.json`,
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
  const figures = await runLighthouseBench();
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
      `| ${f.page} (${f.path}) | ${f.performance} | ${f.first_contentful_paint_ms} ms | ${f.largest_contentful_paint_ms} ms | ${f.total_blocking_time_ms} ms | ${f.cumulative_layout_shift} | ≥ ${LIGHTHOUSE_TARGET} |`,
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
