// The students import benchmark (`npm run bench -- --only student-import`, or part of `npm run bench`),
// on PostgreSQL, end to end through the built API server (apps/api/dist/bin/server.mjs) as a
// school uses it: sign in, POST the file (the route's checks, storage, the job queued), then poll
// GET /api/jobs/{id} until the server's job runner has read, checked, de-duplicated and saved it.
//  1. 10,000 rows as XLSX. Target ≤ 3 s.
//  2. 100,000 rows as CSV. Target ≤ 10 s.
// Peak RSS (target ≤ 300 MB) is the API server process's own high-water mark (VmHWM in
// /proc/<pid>/status), so it counts everything the server held, from start to the last import.
// It creates and drops its own database `<prefix>import` on the server at BENCH_DATABASE_URL,
// else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { openDatabase } from "@repo/db";
import { seedDemoData } from "@repo/db/seed";
import ExcelJS from "exceljs";
import { API_NODE_FLAGS } from "../apps/api/scripts/node-flags";
import { STUDENT_COLUMNS } from "../apps/api/src/domains/students/student-import";
import { admin, benchDatabase, databaseUrl } from "./database";
import { BENCH_PRODUCTION_ENV } from "./support";

const root = fileURLToPath(new URL("..", import.meta.url));
const DATABASE = benchDatabase("import");
const PASSWORD = "Demo@12345";
const HEADER = STUDENT_COLUMNS.map((column) => column.header);
const CLASSES = ["VI", "VII", "VIII", "IX", "X", "XI"];
/** The school whose student list is measured has this many students. */
const LIST_STUDENTS = 5000;
const LANGUAGES = ["English", "Hindi", "Marathi", "Tamil"];

export interface ImportFigures {
  rows: number;
  format: "xlsx" | "csv";
  file_mb: number;
  seconds: number;
  request_ms: number;
  job_seconds: number;
  rows_per_second: number;
  inserted: number;
  /** The API server's RSS just before the upload. */
  baseline_rss_mb: number;
  /** The API server's peak RSS since it started (VmHWM), after this import. */
  peak_rss_mb: number;
  target_seconds: number;
}

export interface ListFigures {
  scenario: string;
  students: number;
  requests: number;
  p50_ms: number;
  p95_ms: number;
  target_p95_ms: number;
}

export interface ImportBenchReport {
  xlsx: ImportFigures;
  csv: ImportFigures;
  list: ListFigures[];
  peak_rss_target_mb: 300;
  machine: { cpus: number };
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Student `n` as a template row; names and phones are unique per n. */
function row(n: number): string[] {
  return [
    `Student${n.toString(36)}`,
    ["Rao", "Sharma", "Iyer", "Khan", "Das"][n % 5] ?? "",
    CLASSES[n % 6] ?? "VI",
    LANGUAGES[n % 4] ?? "English",
    n % 2 ? "Female" : "Male",
    `${String(1 + (n % 28)).padStart(2, "0")}/${String(1 + (n % 12)).padStart(2, "0")}/${2010 + (n % 5)}`,
    `Parent ${n.toString(36)}`,
    String(7_000_000_000 + n),
    n % 3 ? "" : `s${n}@school.example.org`,
  ];
}

async function xlsxFile(from: number, count: number): Promise<Uint8Array> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on("data", (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useSharedStrings: true });
  const sheet = workbook.addWorksheet("Students");
  sheet.addRow(HEADER).commit();
  for (let i = from; i < from + count; i++) sheet.addRow(row(i)).commit();
  sheet.commit();
  await workbook.commit();
  return new Uint8Array(Buffer.concat(chunks));
}

export function csvFile(from: number, count: number): Uint8Array {
  const lines = [HEADER.join(",")];
  for (let i = from; i < from + count; i++)
    lines.push(
      row(i)
        .map((c) => (c.includes(",") ? `"${c}"` : c))
        .join(","),
    );
  return new TextEncoder().encode(`\uFEFF${lines.join("\r\n")}\r\n`);
}

/** A process's resident memory now (VmRSS) and at its peak so far (VmHWM), in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb("VmRSS") / 1024), peak: Math.round(kb("VmHWM") / 1024) };
}

async function waitForHealth(base: string, api: ChildProcess) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (api.exitCode !== null) throw new Error(`the API exited with ${api.exitCode}`);
    const ready = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the API did not start within 60 s");
}

export async function runStudentImportBench(options: { adminUrl: string; port: number }): Promise<ImportBenchReport> {
  const url = databaseUrl(options.adminUrl, DATABASE);
  const uploadDir = mkdtempSync(path.join(tmpdir(), "bench-import-"));
  const base = `http://127.0.0.1:${options.port}`;
  let api: ChildProcess | undefined;
  try {
    console.log(`import bench: creating ${DATABASE}…`);
    await admin(options.adminUrl, `drop database if exists "${DATABASE}" with (force)`);
    await admin(options.adminUrl, `create database "${DATABASE}"`);
    const database = await openDatabase({ url, maxConnections: 2 });
    await seedDemoData(database.db, PASSWORD);
    await database.close();
    // The files first, so that making them is not measured.
    const xlsxBytes = await xlsxFile(0, 10_000);
    const csvBytes = csvFile(10_000, 100_000);

    api = spawn(process.execPath, [...API_NODE_FLAGS, "apps/api/dist/bin/server.mjs"], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: url,
        UPLOAD_DIR: uploadDir,
        API_PORT: String(options.port),
        LOG_LEVEL: "warn",
        SEED_DEMO: "false",
        ...BENCH_PRODUCTION_ENV,
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const pid = Number(api.pid);
    await waitForHealth(base, api);
    const signIn = async (username: string) => {
      const login = await fetch(`${base}/api/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username, password: PASSWORD, app: "school" }),
      });
      const token = String(((await login.json()) as { data: { token: string } }).data.token);
      return { Authorization: `Bearer ${token}` };
    };
    const authorization = await signIn("school");

    /** Uploads a file and waits for its job; answers the job's result. */
    async function importFile(headers: Record<string, string>, bytes: Uint8Array, name: string) {
      const form = new FormData();
      form.append("file", new File([bytes.slice()], name));
      form.append("mode", "all-or-nothing");
      const response = await fetch(`${base}/api/schools/student/import`, { method: "POST", headers, body: form });
      const body = (await response.json()) as { data: { job_id: number } };
      if (response.status !== 202) throw new Error(`import answered ${response.status}: ${JSON.stringify(body)}`);
      type Job = { status: string; result: { inserted: number } | null; error: string | null };
      for (;;) {
        const answer = await fetch(`${base}/api/jobs/${body.data.job_id}`, { headers });
        const job = ((await answer.json()) as { data: Job }).data;
        if (job.status === "done" || job.status === "failed") return job;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    /** p50/p95 of `count` list requests one after another (latency, not throughput). */
    async function listLatency(headers: Record<string, string>, scenario: string, query: string, count = 300) {
      const durations: number[] = [];
      for (let i = 0; i < count + 20; i++) {
        const t0 = performance.now();
        const response = await fetch(`${base}/api/schools/student-list?${query}`, { headers });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`the list answered ${response.status}`);
        if (i >= 20) durations.push(performance.now() - t0); // the first requests warm up
      }
      durations.sort((a, b) => a - b);
      const at = (p: number) =>
        round(durations[Math.min(durations.length - 1, Math.floor((p / 100) * durations.length))] ?? 0, 1);
      const figures: ListFigures = {
        scenario,
        students: LIST_STUDENTS,
        requests: count,
        p50_ms: at(50),
        p95_ms: at(95),
        target_p95_ms: 30,
      };
      console.log(`import bench: student list, ${scenario}: p50 ${figures.p50_ms} ms, p95 ${figures.p95_ms} ms`);
      return figures;
    }

    // The student list of a school with 5,000 students (the institute's own school).
    const institute = await signIn("institute");
    const listed = await importFile(institute, csvFile(500_000, LIST_STUDENTS), "institute.csv");
    if (listed.result?.inserted !== LIST_STUDENTS)
      throw new Error(`the list's students were not imported: ${listed.error}`);
    const list = [
      await listLatency(institute, "first page of 10", "page=1&per_page=10"),
      await listLatency(institute, "page 50 of 100 per page", "page=50&per_page=100"),
      await listLatency(institute, "class VIII, unpaid", "class_level=8&payment_status=unpaid&page=1&per_page=10"),
      await listLatency(institute, "search by name", "search=Student1a&page=1&per_page=10"),
    ];

    async function measure(format: "xlsx" | "csv", bytes: Uint8Array, rows: number, target: number) {
      const baseline = memoryOf(pid).rss;
      const started = performance.now();
      const form = new FormData();
      form.append("file", new File([bytes.slice()], `students.${format}`));
      form.append("mode", "all-or-nothing");
      const response = await fetch(`${base}/api/schools/student/import`, {
        method: "POST",
        headers: authorization,
        body: form,
      });
      const body = (await response.json()) as { data: { job_id: number } };
      if (response.status !== 202) throw new Error(`import answered ${response.status}: ${JSON.stringify(body)}`);
      const accepted = performance.now();
      type Job = { status: string; result: { inserted: number } | null; error: string | null };
      let job: Job;
      for (;;) {
        const answer = await fetch(`${base}/api/jobs/${body.data.job_id}`, { headers: authorization });
        job = ((await answer.json()) as { data: Job }).data;
        if (job.status === "done" || job.status === "failed") break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const done = performance.now();
      if (job.status !== "done" || job.result?.inserted !== rows) {
        throw new Error(`the ${format} import ended ${job.status}: ${job.error ?? JSON.stringify(job.result)}`);
      }
      const seconds = (done - started) / 1000;
      const figures: ImportFigures = {
        rows,
        format,
        file_mb: round(bytes.byteLength / 1024 / 1024),
        seconds: round(seconds),
        request_ms: Math.round(accepted - started),
        job_seconds: round((done - accepted) / 1000),
        rows_per_second: Math.round(rows / seconds),
        inserted: job.result.inserted,
        baseline_rss_mb: baseline,
        peak_rss_mb: memoryOf(pid).peak,
        target_seconds: target,
      };
      console.log(
        `import bench: ${rows.toLocaleString("en")} rows ${format.toUpperCase()} in ${figures.seconds} s (API server RSS ${figures.baseline_rss_mb} MB before, peak ${figures.peak_rss_mb} MB)`,
      );
      return figures;
    }

    const xlsx = await measure("xlsx", xlsxBytes, 10_000, 3);
    const csv = await measure("csv", csvBytes, 100_000, 10);
    return { xlsx, csv, list, peak_rss_target_mb: 300, machine: { cpus: cpus().length } };
  } finally {
    api?.kill("SIGTERM");
    if (api && api.exitCode === null) await new Promise((resolve) => api?.once("exit", resolve));
    rmSync(uploadDir, { recursive: true, force: true });
    await admin(options.adminUrl, `drop database if exists "${DATABASE}" with (force)`).catch(() => {});
  }
}
