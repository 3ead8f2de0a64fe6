// The ratios bench (`npm run bench -- --only ratios`, issue 39 item 1): each hot path of the
// portal beside what this machine does at best in the same minutes, each pair interleaved for
// --rounds (3), and the ratio against the issue's goal:
//  1. a page's CPU over the app, the API and PostgreSQL's backends (/proc/<pid>/stat) for the
//     school and admin dashboards and the admin's students list, against the app's sign-in page
//     when signed in (a session check and a redirect) and against the app's entry rendering the
//     same tree alone (bench/render-alone.ts: React and Stitches, no loaders); each page's HTML bytes;
//  2. four API lists at 8 in flight against the statements the API ran for them (captured by an API
//     process of its own with bench/capture-statements.mjs) by pgbench with 8 clients; and the
//     server's CPU per list against PostgreSQL's planning + execution of those statements;
//  3. sign-ins a second through the API against argon2id's verify alone (the stored hash);
//  4. --sheets (200,000) answer sheets uploaded, checked and stored with scores and ranks, against
//     COPY of the same file and one scoring-and-ranking statement;
//  5. the CSV export of every student against psql's \copy of the statement the API ran;
//  6. the API's RSS after serving pages and lists (before an export) against its RSS at rest;
//  7. a school's students import of --import-rows (10,000) CSV rows against the API's reader
//     parsing the same file alone.
// Its database is `<prefix>ratios` (--database-prefix, else BENCH_DATABASE_PREFIX, else
// portal_bench_) on the server of BENCH_DATABASE_URL / TEST_DATABASE_URL. A database that already
// holds the same seed (its bench_seed row) is used as it is; --keep-seed keeps it for the next run.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { verify } from "@node-rs/argon2";
import { openDatabase, queryRows } from "@repo/db";
import { level1Sections, seedFinalizedPaper } from "@repo/db/seed/results";
import { type ScaleOptions, seedScale } from "@repo/db/seed/scale";
import { sql } from "drizzle-orm";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { SCHOOL_STUDENT_IMPORT } from "../apps/api/src/domains/students/student-import";
import { openImportFile } from "../apps/api/src/kernel/imports/spreadsheet-imports";
import { admin, databaseUrl } from "./database";
import { Browser, ensureFree, form, readProc, stop as stopChild, waitForHealth } from "./load";
import {
  type Captured,
  type Goal,
  inlineStatement,
  median,
  oneLine,
  percentileOf,
  type RatioRow,
  ratioRow,
  ratiosMarkdown,
  round,
  runInterleaved,
} from "./ratios-figures";
import { answerFile, keyOf, paperCode, storeThroughApi } from "./results";
import { csvFile } from "./student-import";
import { BENCH_PASSWORD, type BuiltApi, httpClient, serverCpu, startBuiltApi } from "./support";

const root = fileURLToPath(new URL("..", import.meta.url));
const CLOCK_MS = 10; // one clock tick of /proc/<pid>/stat (CLK_TCK 100)

/** The issue's goals (issue 39, the table). */
export const RATIO_GOALS = {
  pageCpu: { kind: "max", value: 3, on: "ratio" },
  pageHtmlKb: { kind: "max", value: 60, on: "portal" },
  listP95: { kind: "max", value: 1.5, on: "ratio" },
  listCpu: { kind: "max", value: 1.5, on: "ratio" },
  signIns: { kind: "min", value: 0.8, on: "ratio" },
  ingest: { kind: "max", value: 1.5, on: "ratio" },
  store: { kind: "max", value: 4, on: "ratio" },
  export: { kind: "min", value: 0.8, on: "ratio" },
  memory: { kind: "max", value: 1.3, on: "ratio" },
} as const satisfies Record<string, Goal>;

export interface RatiosOptions {
  adminUrl: string;
  /** Database names start with it: `<prefix>ratios`. */
  databasePrefix: string;
  /** The API; the school app, the coordinator app and the capturing API on the next three. */
  port: number;
  rounds: number;
  scale: ScaleOptions;
  sheets: number;
  ingestRounds: number;
  pageRequests: number;
  listRequests: number;
  signIns: number;
  /** Rows of the students import (row 7). */
  importRows: number;
  keepSeed: boolean;
}

/** The database name of the bench (never a fixed name: two checkouts on one server use two prefixes). */
export const ratiosDatabase = (prefix: string) => `${prefix}ratios`;

// ── The seed ─────────────────────────────────────────────────────────────────────────────────

interface SeedMarker {
  students: number;
  schools: number;
  coordinators: number;
  sheets: number;
}

/**
 * The database with the scale seed, paid students with roll numbers for --sheets answer sheets and
 * the Level 1 papers. A database whose bench_seed row says the same sizes is used as it is.
 */
async function ensureSeed(options: RatiosOptions, name: string, url: string): Promise<string> {
  const want: SeedMarker = {
    students: options.scale.students,
    schools: options.scale.schools,
    coordinators: options.scale.coordinators,
    sheets: options.sheets,
  };
  const found = await readMarker(options.adminUrl, name, url);
  if (found && JSON.stringify(found) === JSON.stringify(want)) {
    // Migrated first: a kept seed may be older than the code.
    const database = await openDatabase({ url, maxConnections: 2 });
    await database.close();
    return `reused the kept seed in ${name} (bench_seed: ${JSON.stringify(found)})`;
  }
  console.log(
    `ratios bench: seeding ${name}: ${want.students.toLocaleString("en")} students, ${want.schools.toLocaleString("en")} schools${found ? ` (it held ${JSON.stringify(found)})` : ""}…`,
  );
  const started = performance.now();
  await admin(options.adminUrl, `drop database if exists "${name}" with (force)`);
  await admin(options.adminUrl, `create database "${name}"`);
  const database = await openDatabase({ url, maxConnections: 2 });
  try {
    await seedScale(database.db, { ...options.scale, schoolAccounts: 1 });
    // Roll numbers for the first --sheets paid students: the vendor's file has a line for each.
    await database.db.execute(sql`update students set roll_number = 'BN' || lpad(id::text, 10, '0')
      where id in (select id from students where payment_status = 'paid' and roll_number is null
                   order by id limit ${options.sheets})`);
    const [year] = await queryRows<{ id: number }>(database.db, sql`select id from exam_years where is_active`);
    for (let classLevel = 6; classLevel <= 11; classLevel++) {
      await seedFinalizedPaper(database.db, {
        examYearId: Number(year?.id),
        examKind: "level1",
        classLevel,
        code: paperCode(classLevel),
        sections: level1Sections((n) => [keyOf(n)]),
      });
    }
    await database.db.execute(sql`vacuum analyze`);
    await database.db.execute(sql`create table bench_seed (students int, schools int, coordinators int, sheets int,
      seeded_at timestamptz not null default now())`);
    await database.db.execute(sql`insert into bench_seed (students, schools, coordinators, sheets)
      values (${want.students}, ${want.schools}, ${want.coordinators}, ${want.sheets})`);
  } finally {
    await database.close();
  }
  return `seeded ${name} in ${round((performance.now() - started) / 1000, 1)} s`;
}

async function readMarker(adminUrl: string, name: string, url: string): Promise<SeedMarker | null> {
  const server = new pg.Client({ connectionString: adminUrl });
  await server.connect();
  try {
    const { rows } = await server.query("select 1 from pg_database where datname = $1", [name]);
    if (rows.length === 0) return null;
  } finally {
    await server.end();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<SeedMarker>(
      "select students, schools, coordinators, sheets from bench_seed order by seeded_at desc limit 1",
    );
    return rows[0] ? { ...rows[0] } : null;
  } catch {
    return null; // no bench_seed table: not a finished seed
  } finally {
    await client.end();
  }
}

// ── Processes and their CPU ──────────────────────────────────────────────────────────────────

/** The database's backends (other than the asking connection): the API pool's connections. */
async function backendPids(client: pg.Client): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  return rows.map((row) => Number(row.pid));
}

/** CPU ms of each named process and of PostgreSQL's backends between start() and stop(). */
function cpuMeter(processes: Record<string, number>, client: pg.Client) {
  const sample = async () => {
    const pids = await backendPids(client);
    const named = Object.fromEntries(
      Object.entries(processes).map(([name, pid]) => [name, (readProc(pid)?.ticks ?? 0) * CLOCK_MS]),
    );
    return { named, backends: new Map(pids.map((pid) => [pid, (readProc(pid)?.ticks ?? 0) * CLOCK_MS])) };
  };
  let before = { named: {} as Record<string, number>, backends: new Map<number, number>() };
  return {
    async start() {
      before = await sample();
    },
    /** ms a request of each process and PostgreSQL's backends, and their total. */
    async stop(requests: number) {
      const after = await sample();
      const used: Record<string, number> = {};
      for (const [name, ms] of Object.entries(after.named)) used[name] = (ms - (before.named[name] ?? 0)) / requests;
      let postgres = 0;
      for (const [pid, ms] of after.backends) postgres += ms - (before.backends.get(pid) ?? 0);
      used.postgres = postgres / requests;
      used.total = Object.values(used).reduce((a, b) => a + b, 0);
      return used;
    },
  };
}

// ── Captured statements ──────────────────────────────────────────────────────────────────────

/**
 * What one call makes the capturing API send: the call runs three times and the most common list
 * wins (the API's job runner polls in the background, and a poll may fall into one window).
 */
async function captureCall(file: string, call: () => Promise<void>): Promise<Captured[]> {
  await call(); // warm: caches filled, as on the measured API
  const runs: Captured[][] = [];
  for (let i = 0; i < 3; i++) {
    writeFileSync(file, "");
    await call();
    await new Promise((resolve) => setTimeout(resolve, 50));
    runs.push(
      readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Captured),
    );
  }
  const key = (run: Captured[]) => run.map((s) => s.text).join("\u0000");
  const counts = new Map<string, number>();
  for (const run of runs) counts.set(key(run), (counts.get(key(run)) ?? 0) + 1);
  return runs.reduce((best, run) => ((counts.get(key(run)) ?? 0) > (counts.get(key(best)) ?? 0) ? run : best));
}

/** pgbench: `statements` as one transaction, `clients` at once, `transactions` each; p95 in ms. */
function pgbenchP95(url: string, statements: Captured[], clients: number, transactions: number): number {
  const dir = mkdtempSync(path.join(tmpdir(), "ratios-pgbench-"));
  try {
    const script = path.join(dir, "list.sql");
    writeFileSync(script, `${statements.map((s) => `${oneLine(inlineStatement(s))};`).join("\n")}\n`);
    const run = spawnSync(
      "pgbench",
      [
        "-n",
        "-c",
        String(clients),
        "-j",
        "2",
        "-t",
        String(transactions),
        "-f",
        script,
        "-l",
        `--log-prefix=${path.join(dir, "tx")}`,
        url,
      ],
      // As the API's pool: no JIT (packages/db client.ts).
      { encoding: "utf8", env: { ...process.env, PGOPTIONS: "-c jit=off" } },
    );
    if (run.status !== 0 || /error/i.test(run.stderr))
      throw new Error(`pgbench failed: ${run.stderr.slice(0, 600)}\n${readFileSync(script, "utf8").slice(0, 3000)}`);
    // Each line of the log: client, transaction, its latency in µs, …
    const latencies = readdirSync(dir)
      .filter((name) => name.startsWith("tx"))
      .flatMap((name) =>
        readFileSync(path.join(dir, name), "utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => Number(line.split(" ")[2]) / 1000),
      );
    return percentileOf(latencies, 95);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** PostgreSQL's planning + execution of the statements once (EXPLAIN ANALYZE without timing), in ms. */
async function planAndExecuteMs(client: pg.Client, statements: Captured[]): Promise<number> {
  let ms = 0;
  for (const statement of statements) {
    if (!/^\s*(select|with|insert|update|delete)\b/i.test(statement.text)) continue;
    const writes = !/^\s*(select|with)\b/i.test(statement.text);
    if (writes) await client.query("begin");
    try {
      const { rows } = await client.query<{ "QUERY PLAN": [{ "Planning Time": number; "Execution Time": number }] }>(
        `explain (analyze, timing off, summary, format json) ${inlineStatement(statement)}`,
      );
      const plan = rows[0]?.["QUERY PLAN"][0];
      ms += (plan?.["Planning Time"] ?? 0) + (plan?.["Execution Time"] ?? 0);
    } finally {
      if (writes) await client.query("rollback");
    }
  }
  return ms;
}

// ── The run ──────────────────────────────────────────────────────────────────────────────────

export interface RatiosReport {
  date: string;
  machine: { cpus: number; load_average_before: number[]; load_average_after: number[] };
  database: string;
  seed: string;
  /** The whole run, the seed (when it was made) and the build check included. */
  seconds: number;
  options: Omit<RatiosOptions, "adminUrl">;
  rows: RatioRow[];
  details: Record<string, unknown>;
}

export async function runRatiosBench(options: RatiosOptions): Promise<RatiosReport> {
  const runStarted = performance.now();
  const loadBefore = loadavg().map((n) => round(n, 2));
  const name = ratiosDatabase(options.databasePrefix);
  const url = databaseUrl(options.adminUrl, name);
  const children: ChildProcess[] = [];
  const apis: BuiltApi[] = [];
  const rows: RatioRow[] = [];
  const details: Record<string, unknown> = {};
  const captureDir = mkdtempSync(path.join(tmpdir(), "ratios-capture-"));
  const client = new pg.Client({ connectionString: url, options: "-c jit=off" });
  let seed = "";
  const step = (what: string) =>
    console.log(
      `ratios bench: ${what} (at ${round((performance.now() - runStarted) / 1000, 0)} s, load ${loadavg()[0]?.toFixed(2)})…`,
    );
  try {
    const build = spawnSync(
      "npx",
      ["turbo", "run", "build", "--filter=api", "--filter=school", "--filter=coordinator", "--output-logs=errors-only"],
      {
        cwd: root,
        stdio: "inherit",
      },
    );
    if (build.status !== 0) throw new Error("the build failed");
    seed = await ensureSeed(options, name, url);
    console.log(`ratios bench: ${seed}`);
    await client.connect();

    const ports = {
      api: options.port,
      school: options.port + 1,
      coordinator: options.port + 2,
      capture: options.port + 3,
    };
    const origins = {
      school: `http://localhost:${ports.school}`,
      coordinator: `http://localhost:${ports.coordinator}`,
    };
    const appEnv = {
      API_URL: `http://127.0.0.1:${ports.api}`,
      SESSION_SECRET: `bench-ratios-${Math.random().toString(36).slice(2)}-secret`,
      SCHOOL_ORIGIN: origins.school,
      COORDINATOR_ORIGIN: origins.coordinator,
      PAPERSETTER_ORIGIN: `http://localhost:${options.port + 4}`,
      OUTBOX_ORIGIN: `http://localhost:${options.port + 5}`,
    };
    for (const port of Object.values(ports)) await ensureFree(port);
    const uploadDir = path.join(captureDir, "uploads");
    mkdirSync(uploadDir);
    // Every sign-in of row 3 comes from this machine: the per-address limit is lifted, as in bench/load.ts.
    const apiEnv = { ...appEnv, UPLOAD_DIR: uploadDir, SMTP_URL: "", LOGIN_LIMIT_PER_CLIENT: "1000000" };
    const api = await startBuiltApi(url, ports.api, apiEnv);
    apis.push(api);
    const apps = (["school", "coordinator"] as const).map((app) => {
      const child = spawn(process.execPath, [path.join(root, "packages", "remix-app", "dist", "cli.mjs"), app], {
        cwd: path.join(root, "apps", app),
        env: { ...process.env, NODE_ENV: "production", ...appEnv, PORT: String(ports[app]) },
        stdio: ["ignore", "ignore", "inherit"],
      });
      children.push(child);
      return { app, child };
    });
    for (const { app, child } of apps) await waitForHealth(`http://127.0.0.1:${ports[app]}/healthz`, child, app);
    const apiPid = Number(api.process.pid);
    const adminHeaders = await api.signIn("admin", "coordinator");

    // 6, first half: the API at rest (started, one sign-in, a moment idle).
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const restMb = (readProc(apiPid)?.rssKb ?? 0) / 1024;

    step("1. pages");
    // 1. Pages.
    const [school] = (
      await client.query<{ username: string }>(
        "select username from users where username like 'scaleschool%' order by id limit 1",
      )
    ).rows;
    if (!school) throw new Error("the seed has no school account");
    const signedIn = async (app: "school" | "coordinator", username: string) => {
      const browser = new Browser(app, ports[app], origins[app]);
      const answer = await browser.send("POST", "/login", form({ username, password: BENCH_PASSWORD }));
      if (answer.status !== 302 || String(answer.headers.location ?? "").startsWith("/login"))
        throw new Error(`${username} could not sign in to the ${app} app: ${answer.status}`);
      return browser;
    };
    const schoolBrowser = await signedIn("school", school.username);
    const adminBrowser = await signedIn("coordinator", "admin");
    const pages = {
      "school app's sign-in page, signed in": { browser: schoolBrowser, path: "/login", status: 302, app: "school" },
      "school dashboard": { browser: schoolBrowser, path: "/admin-dashboard", status: 200, app: "school" },
      "coordinator app's sign-in page, signed in": {
        browser: adminBrowser,
        path: "/login",
        status: 302,
        app: "coordinator",
      },
      "admin dashboard": { browser: adminBrowser, path: "/admin-dashboard", status: 200, app: "coordinator" },
      "admin's students list": { browser: adminBrowser, path: "/individual-student", status: 200, app: "coordinator" },
    } as const;
    type Page = keyof typeof pages;
    const appPid = Object.fromEntries(apps.map(({ app, child }) => [app, Number(child.pid)])) as Record<string, number>;
    const htmlBytes: Record<string, number> = {};
    const perProcess: Record<string, Record<string, number>[]> = {};
    type Member = Page | `${Page}|render alone`;
    const rendered: Page[] = ["school dashboard", "admin dashboard", "admin's students list"];
    const pageMembers: Member[] = [
      ...(Object.keys(pages) as Page[]),
      ...rendered.map((p) => `${p}|render alone` as const),
    ];
    const renderBytes: Record<string, number> = {};
    // Wall time of each member, all rounds together: where the step's minutes go on a busy machine.
    const pageWall: Record<string, number> = {};
    const pageCpu = await runInterleaved(options.rounds, pageMembers, async (member) => {
      const t0 = performance.now();
      try {
        return await measurePage(member);
      } finally {
        pageWall[member] = round((pageWall[member] ?? 0) + (performance.now() - t0) / 1000, 1);
      }
    });
    details.page_step_wall_seconds = pageWall;
    async function measurePage(member: Member): Promise<number> {
      const page = member.split("|")[0] as Page;
      const { browser, path: at, status, app } = pages[page];
      if (member.endsWith("|render alone")) {
        // The same page's tree rendered by its app's entry alone, in a process of its own (render-alone.ts).
        const run = spawnSync(
          path.join(root, "node_modules", ".bin", "tsx"),
          [path.join(root, "bench", "render-alone.ts"), at, browser.cookieHeader(), String(options.pageRequests)],
          {
            cwd: path.join(root, "apps", app),
            encoding: "utf8",
            env: { ...process.env, NODE_ENV: "production", ...appEnv, APP_ORIGIN: origins[app] },
          },
        );
        if (run.status !== 0) throw new Error(`render-alone of ${page} failed: ${run.stderr.slice(0, 600)}`);
        const figures = JSON.parse(run.stdout.trim().split("\n").pop() ?? "{}") as {
          cpu_ms: number;
          html_bytes: number;
        };
        renderBytes[page] = figures.html_bytes;
        return figures.cpu_ms;
      }
      const get = async () => {
        const answer = await browser.send("GET", at);
        if (answer.status !== status) throw new Error(`${page} answered ${answer.status}, not ${status}`);
        htmlBytes[page] = Buffer.byteLength(answer.body);
      };
      for (let i = 0; i < 5; i++) await get();
      const meter = cpuMeter({ app: appPid[app] as number, api: apiPid }, client);
      await meter.start();
      for (let i = 0; i < options.pageRequests; i++) await get();
      const used = await meter.stop(options.pageRequests);
      perProcess[page] = [...(perProcess[page] ?? []), used];
      return used.total as number;
    }
    console.log(`ratios bench: page CPU ms ${JSON.stringify(pageCpu)}`);
    const split = (page: Page) =>
      Object.fromEntries(
        ["app", "api", "postgres"].map((p) => [p, round(median((perProcess[page] ?? []).map((u) => u[p] ?? 0)), 2)]),
      );
    details.pages = Object.fromEntries(
      (Object.keys(pages) as Page[]).map((page) => [
        page,
        { path: pages[page].path, html_bytes: htmlBytes[page], cpu_ms_by_process: split(page) },
      ]),
    );
    for (const [page, baseline] of [
      ["school dashboard", "school app's sign-in page, signed in"],
      ["admin dashboard", "coordinator app's sign-in page, signed in"],
      ["admin's students list", "coordinator app's sign-in page, signed in"],
    ] as [Page, Page][]) {
      const s = split(page);
      rows.push(
        ratioRow({
          path: `${page}: CPU a page, app + API + PostgreSQL`,
          detail: `app ${s.app}, API ${s.api}, PostgreSQL ${s.postgres} ms`,
          unit: "ms",
          portal: pageCpu[page],
          limit: pageCpu[baseline],
          limitLabel: baseline,
          goal: RATIO_GOALS.pageCpu,
        }),
      );
      rows.push(
        ratioRow({
          path: `${page}: CPU a page against its app's entry rendering the same tree alone, React + Stitches`,
          detail: `${Math.round((renderBytes[page] ?? 0) / 1024)} KB rendered`,
          unit: "ms",
          portal: pageCpu[page],
          limit: pageCpu[`${page}|render alone`],
          limitLabel: "the render alone",
        }),
      );
    }
    for (const page of ["school dashboard", "admin dashboard", "admin's students list"] as Page[]) {
      rows.push(
        ratioRow({
          path: `${page}: HTML`,
          unit: "KB",
          portal: [(htmlBytes[page] ?? 0) / 1024],
          goal: RATIO_GOALS.pageHtmlKb,
        }),
      );
    }
    schoolBrowser.close();
    adminBrowser.close();

    step("2. API lists");
    // 2. API lists, and the statements they run (an API process of its own records them).
    const captureFile = path.join(captureDir, "statements.jsonl");
    const capturing = await startBuiltApi(url, ports.capture, {
      ...apiEnv,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${pathToFileURL(path.join(root, "bench", "capture-statements.mjs")).href}`,
      RATIOS_CAPTURE_FILE: captureFile,
    });
    apis.push(capturing);
    const [district] = await client
      .query<{ id: number }>("select district_id as id from students where district_id is not null order by id limit 1")
      .then((r) => r.rows);
    const [zone] = await client.query<{ id: number }>("select id from zones order by id limit 1").then((r) => r.rows);
    const lists: [string, string, unknown][] = [
      ["districts, page 1", "/api/fetchDistrictWithPagination", {}],
      ["a district's students, page 1", "/api/region/students", { district_ids: [Number(district?.id)] }],
      ["schools, page 1", "/api/region/schools", {}],
      ["coordinators of a zone, page 1", "/api/coordinators", { zone_id: Number(zone?.id) }],
    ];
    const captureHttp = httpClient(capturing.base);
    const statements: Record<string, Captured[]> = {};
    for (const [list, at, body] of lists) {
      statements[list] = await captureCall(captureFile, async () => {
        const answer = await captureHttp.post(at, adminHeaders, body);
        if (answer.status !== 200)
          throw new Error(`${list} answered ${answer.status}: ${(await answer.text()).slice(0, 200)}`);
      });
    }
    // The export's statement: the COPY the API sends when the file starts.
    writeFileSync(captureFile, "");
    await new Promise<void>((resolve, reject) => {
      const request = httpRequest(`${capturing.base}/api/export/region-students?format=csv`, {
        method: "POST",
        headers: { ...adminHeaders, "Content-Type": "application/json", "Content-Length": 2 },
      });
      request.on("response", (response: IncomingMessage) => {
        response.once("data", () => {
          response.destroy();
          resolve();
        });
        response.on("error", () => resolve());
      });
      request.on("error", reject);
      request.end("{}");
    });
    const copy = readFileSync(captureFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Captured)
      .find((s) => /^copy \(/i.test(s.text));
    captureHttp.close();
    await capturing.stop();
    details.statements = Object.fromEntries(
      Object.entries(statements).map(([list, s]) => [list, s.map((x) => x.text.slice(0, 160))]),
    );

    const http = httpClient(api.base);
    const apiCpu = serverCpu(apiPid, url);
    const listFigures: Record<string, { p95: number[]; pgbench: number[]; cpu: number[]; sql: number[] }> = {};
    const members = lists.flatMap(([list]) => [`${list}|api`, `${list}|pgbench`]);
    await runInterleaved(options.rounds, members, async (member) => {
      const [list = "", side] = member.split("|");
      const [, at, body] = lists.find(([l]) => l === list) as [string, string, unknown];
      const figures = listFigures[list] ?? { p95: [], pgbench: [], cpu: [], sql: [] };
      listFigures[list] = figures;
      if (side === "pgbench") {
        const p95 = pgbenchP95(url, statements[list] ?? [], 8, Math.ceil(options.listRequests / 8));
        figures.pgbench.push(p95);
        const plans: number[] = [];
        for (let i = 0; i < 5; i++) plans.push(await planAndExecuteMs(client, statements[list] ?? []));
        figures.sql.push(median(plans));
        return p95;
      }
      const call = async () => {
        const answer = await http.post(at, adminHeaders, body);
        if (answer.status !== 200) throw new Error(`${list} answered ${answer.status}`);
      };
      for (let i = 0; i < 16; i++) await call();
      const durations: number[] = [];
      let next = 0;
      await apiCpu.start();
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next++ < options.listRequests) {
            const t0 = performance.now();
            await call();
            durations.push(performance.now() - t0);
          }
        }),
      );
      figures.cpu.push(await apiCpu.stop(options.listRequests));
      const p95 = percentileOf(durations, 95);
      figures.p95.push(p95);
      return p95;
    });
    http.close();
    for (const [list] of lists) {
      const f = listFigures[list] as (typeof listFigures)[string];
      rows.push(
        ratioRow({
          path: `API list, ${list}: p95 at 8 in flight`,
          unit: "ms",
          portal: f.p95,
          limit: f.pgbench,
          limitLabel: `pgbench, 8 clients, its ${statements[list]?.length} statements`,
          goal: RATIO_GOALS.listP95,
        }),
      );
      rows.push(
        ratioRow({
          path: `API list, ${list}: server CPU a request (API + PostgreSQL)`,
          unit: "ms",
          portal: f.cpu,
          limit: f.sql,
          limitLabel: "PostgreSQL's planning + execution",
          goal: RATIO_GOALS.listCpu,
        }),
      );
    }

    // 6, second half: after the pages and lists, before an export.
    const servedMb = (readProc(apiPid)?.rssKb ?? 0) / 1024;
    rows.push(
      ratioRow({
        path: "API memory (RSS) after serving pages and lists, before an export",
        unit: "MB",
        portal: [servedMb],
        limit: [restMb],
        limitLabel: "at rest",
        goal: RATIO_GOALS.memory,
      }),
    );

    step("5. the CSV export");
    // 5. The CSV export of every student, and psql's \copy of its statement.
    if (!copy) throw new Error("the export's COPY statement was not captured");
    const inner = /^copy \(([\s\S]*)\) to stdout with \(format csv\)$/i.exec(inlineStatement(copy).trim())?.[1];
    if (!inner) throw new Error(`unexpected export statement: ${copy.text.slice(0, 200)}`);
    let exportRows = 0;
    const exportRates = await runInterleaved(options.rounds, ["api", "psql"] as const, async (side) => {
      const started = performance.now();
      if (side === "api") {
        exportRows = await exportThroughApi(api.base, adminHeaders);
        return exportRows / ((performance.now() - started) / 1000);
      }
      const run = spawnSync(
        "psql",
        [
          "-X",
          "-q",
          "-v",
          "ON_ERROR_STOP=1",
          "-c",
          "set standard_conforming_strings = on; set datestyle = 'ISO, YMD'",
          "-c",
          `\\copy (${oneLine(inner)}) to '/dev/null' with (format csv)`,
          url,
        ],
        { encoding: "utf8", env: { ...process.env, PGOPTIONS: "-c jit=off" } },
      );
      if (run.status !== 0) throw new Error(`psql \\copy failed: ${run.stderr.slice(0, 400)}`);
      return exportRows / ((performance.now() - started) / 1000);
    });
    rows.push(
      ratioRow({
        path: "CSV export of every student: rows a second",
        detail: `${exportRows.toLocaleString("en")} rows`,
        unit: "rows/s",
        portal: exportRates.api,
        limit: exportRates.psql,
        limitLabel: "psql \\copy of the same statement",
        goal: RATIO_GOALS.export,
      }),
    );

    step("3. sign-ins");
    // 3. Sign-ins a second, 4 at a time (the threadpool's size), against argon2id's verify alone.
    const coordinators = (
      await client.query<{ username: string; password_hash: string }>(
        "select username, password_hash from users where username like 'coord%' order by id limit $1",
        [options.signIns],
      )
    ).rows;
    const hash = coordinators[0]?.password_hash ?? "";
    const signInHttp = httpClient(api.base);
    const fourAtATime = async (count: number, call: (i: number) => Promise<void>) => {
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < count) await call(next++);
        }),
      );
      return count / ((performance.now() - started) / 1000);
    };
    const signIns = await runInterleaved(options.rounds, ["api", "argon2id"] as const, async (side) => {
      if (side === "argon2id") {
        return fourAtATime(coordinators.length, async () => {
          if (!(await verify(hash, BENCH_PASSWORD))) throw new Error("the stored hash does not verify");
        });
      }
      return fourAtATime(coordinators.length, async (i) => {
        const answer = await signInHttp.post(
          "/api/login",
          { "X-Forwarded-For": `198.51.100.${i % 250}` },
          { username: coordinators[i]?.username, password: BENCH_PASSWORD, app: "coordinator" },
        );
        if (answer.status !== 200)
          throw new Error(`sign-in answered ${answer.status}: ${(await answer.text()).slice(0, 200)}`);
      });
    });
    signInHttp.close();
    rows.push(
      ratioRow({
        path: "sign-ins a second through the API, 4 at a time",
        detail: `${coordinators.length} accounts`,
        unit: "/s",
        portal: signIns.api,
        limit: signIns.argon2id,
        limitLabel: "argon2id verify alone (@node-rs/argon2, the stored hash)",
        goal: RATIO_GOALS.signIns,
      }),
    );

    step("7. a students import");
    // 7. A school's students import (CSV) through the API, against the API's own reader parsing
    // the same file alone. The imported students are removed again: a kept seed stays as it was.
    const [owner] = (
      await client.query<{ school_id: number }>("select school_id from users where username = $1", [school.username])
    ).rows;
    const removeImported = () =>
      client.query("delete from students where school_id = $1 and first_name like 'Student%'", [owner?.school_id]);
    await removeImported();
    const schoolHeaders = await api.signIn(school.username, "school");
    const importSeconds = await runInterleaved(options.rounds, ["api", "parse"] as const, async (side, roundNo) => {
      // Rows of their own each round: the same name, birth date and phone is registered only once.
      const bytes = csvFile(2_000_000 + roundNo * options.importRows, options.importRows);
      const started = performance.now();
      if (side === "parse") {
        const opened = await openImportFile(SCHOOL_STUDENT_IMPORT, bytes);
        let read = 0;
        for await (const _row of opened.rows) read++;
        if (read !== options.importRows) throw new Error(`the reader read ${read} rows of ${options.importRows}`);
        return (performance.now() - started) / 1000;
      }
      const inserted = await importThroughApi(api.base, schoolHeaders, bytes);
      if (inserted !== options.importRows) throw new Error(`the import inserted ${inserted} of ${options.importRows}`);
      return (performance.now() - started) / 1000;
    });
    await removeImported();
    rows.push(
      ratioRow({
        path: `a school's students import, ${options.importRows.toLocaleString("en")} rows CSV, upload to saved`,
        unit: "s",
        portal: importSeconds.api,
        limit: importSeconds.parse,
        limitLabel: "the API's reader parsing the file alone",
      }),
    );

    step("4. answer sheets");
    // 4. Answer sheets: through the API, and COPY + one scoring-and-ranking statement.
    const database = await openDatabase({ url, maxConnections: 2, migrate: false });
    const file = await answerFile(database.db, options.sheets);
    await database.close();
    const ingest = { end: [] as number[], store: [] as number[], limitEnd: [] as number[], copy: [] as number[] };
    const splits: unknown[] = [];
    await runInterleaved(options.ingestRounds, ["api", "sql"] as const, async (side) => {
      if (side === "api") {
        await clearResults(client);
        const timed = await storeThroughApi(api.base, adminHeaders, file);
        splits.push(timed.seconds);
        const s = timed.seconds;
        ingest.end.push(s.end_to_end);
        ingest.store.push(
          s.upload + s.check + (s.split ? s.split.read_and_check + s.split.score_and_store : s.store_job),
        );
        return s.end_to_end;
      }
      const { copySeconds, totalSeconds } = await copyAndScore(client, file);
      ingest.copy.push(copySeconds);
      ingest.limitEnd.push(totalSeconds);
      return totalSeconds;
    });
    await clearResults(client);
    await client.query("drop table if exists ratios_limit_lines, ratios_limit_scores");
    details.ingest = { sheets: options.sheets, file_mb: round(file.byteLength / 1e6, 1), api_seconds: splits };
    rows.push(
      ratioRow({
        path: `ingest ${options.sheets.toLocaleString("en")} answer sheets end to end (upload, check, store, score, rank)`,
        unit: "s",
        portal: ingest.end,
        limit: ingest.limitEnd,
        limitLabel: "COPY + one scoring-and-ranking statement (new tables, no indexes)",
        goal: RATIO_GOALS.ingest,
      }),
    );
    rows.push(
      ratioRow({
        path: "of it, upload + check + store (the job's read-and-check and score-and-store, not ranks)",
        unit: "s",
        portal: ingest.store,
        limit: ingest.copy,
        limitLabel: "COPY of the file's lines alone",
        goal: RATIO_GOALS.store,
      }),
    );
  } finally {
    await client.end().catch(() => {});
    for (const child of children.reverse()) await stopChild(child);
    for (const built of apis.reverse()) await built.stop().catch(() => {});
    rmSync(captureDir, { recursive: true, force: true });
    if (!options.keepSeed) {
      await admin(options.adminUrl, `drop database if exists "${name}" with (force)`).catch((error) =>
        console.error(`ratios bench: could not drop ${name}: ${(error as Error).message}`),
      );
    }
  }
  const { adminUrl: _adminUrl, ...shown } = options;
  return {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      load_average_before: loadBefore,
      load_average_after: loadavg().map((n) => round(n, 2)),
    },
    database: name,
    seed: options.keepSeed ? `${seed}; kept (--keep-seed)` : `${seed}; dropped after the run`,
    seconds: round((performance.now() - runStarted) / 1000, 1),
    options: shown,
    rows,
    details,
  };
}

/** The bench's answer sheets and ranks gone, as before its first upload. */
async function clearResults(client: pg.Client) {
  await client.query("delete from result_ranks");
  await client.query("delete from answer_sheets");
  await client.query("delete from answer_uploads");
  await client.query("vacuum analyze answer_sheets");
}

/**
 * The limit of an ingest: the vendor's file by COPY into a table of lines, then one statement that
 * checks each line's roll number against the students, scores it against the papers' key and
 * ranks it within its paper.
 */
async function copyAndScore(client: pg.Client, file: Uint8Array) {
  await client.query("drop table if exists ratios_limit_lines, ratios_limit_scores");
  await client.query("create table ratios_limit_lines (line text not null)");
  const started = performance.now();
  // Lines whole (no field has \x01): the statement splits them, as the API's check does.
  await pipeline(
    Readable.from([Buffer.from(file)]),
    client.query(copyFrom("copy ratios_limit_lines (line) from stdin with (format text, delimiter E'\\x01')")),
  );
  const copied = performance.now();
  const key = Array.from({ length: 100 }, (_, i) => keyOf(i + 1));
  await client.query(
    `create table ratios_limit_scores as
     select student_id, roll, code, score, rank() over (partition by code order by score desc) as rank
     from (
       select s.id as student_id, l.parts[1] as roll, l.parts[2] as code,
         (select count(*) from unnest(l.parts[3:102], $1::text[]) as a(given, answer) where given = answer)::int as score
       from (select string_to_array(line, ',') as parts from ratios_limit_lines) l
       join students s on s.roll_number = l.parts[1]
     ) scored`,
    [key],
  );
  const done = performance.now();
  return { copySeconds: (copied - started) / 1000, totalSeconds: (done - started) / 1000 };
}

/** Every student through the API's CSV export as a browser streams it; the rows counted (less the header). */
function exportThroughApi(base: string, headers: Record<string, string>): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const request = httpRequest(`${base}/api/export/region-students?format=csv`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json", "Content-Length": 2 },
    });
    request.on("response", (response: IncomingMessage) => {
      if (response.statusCode !== 200) {
        reject(new Error(`the export answered ${response.statusCode}`));
        response.resume();
        return;
      }
      let newlines = 0;
      response.on("data", (chunk: Buffer) => {
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) newlines++;
      });
      response.on("end", () => resolve(newlines - 1));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end("{}");
  });
}

/** A students file through the school's import (all or nothing), its job polled to the end; the students it saved. */
async function importThroughApi(base: string, headers: Record<string, string>, bytes: Uint8Array): Promise<number> {
  const body = new FormData();
  body.append("file", new File([bytes.slice()], "students.csv"));
  body.append("mode", "all-or-nothing");
  const response = await fetch(`${base}/api/schools/student/import`, { method: "POST", headers, body });
  const answer = (await response.json()) as { data: { job_id: number } };
  if (response.status !== 202) throw new Error(`the import answered ${response.status}: ${JSON.stringify(answer)}`);
  type Job = { status: string; result: { inserted: number } | null; error: string | null };
  for (;;) {
    const polled = await fetch(`${base}/api/jobs/${answer.data.job_id}`, { headers });
    const job = ((await polled.json()) as { data: Job }).data;
    if (job.status === "failed") throw new Error(`the import failed: ${job.error}`);
    if (job.status === "done") return job.result?.inserted ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs the bench and writes bench/results/ratios.json and ratios.md; returns the Markdown. */
export async function writeRatiosReport(options: RatiosOptions): Promise<string> {
  const report = await runRatiosBench(options);
  const markdown = ratiosMarkdown({
    rows: report.rows,
    load_average_before: report.machine.load_average_before,
    load_average_after: report.machine.load_average_after,
    cpus: report.machine.cpus,
    rounds: options.rounds,
    seed: `Seed: ${report.seed}. The run took ${report.seconds} s.`,
  });
  mkdirSync(path.join(root, "bench", "results"), { recursive: true });
  writeFileSync(path.join(root, "bench", "results", "ratios.json"), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(root, "bench", "results", "ratios.md"), `${markdown}\n`);
  return markdown;
}
