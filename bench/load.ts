// The load benchmark (issue 17, "Load and faults"): `npm run bench -- --only load [--duration 60]`.
// On PostgreSQL (its own database `<prefix>load_<port offset>`, created and dropped here), against the built
// portal: the API and the school and coordinator apps started as child processes on their own ports.
//  1. 200 virtual users (--users) for 10 minutes (--duration, seconds) in a session mix: school
//     accounts and coordinators sign in through the apps' login forms (cookies, Origin, the CSRF
//     token of each form), open dashboards, lists with filters and paging, add a student, import a
//     small spreadsheet (job polled to its end), pay through the demo gateway, export lists, and
//     sign out; then sign in again. Each user thinks about --think-ms between pages.
//     Figures: every error (a wrong status, a page that lost its session, a timeout), p50/p95/p99
//     per kind of request, throughput, and CPU and memory (RSS) of the API and each app process.
//  2. SSR of a signed-in dashboard, 50 requests at a time (issue 17, "Speed gaps": TTFB p95 ≤ 50 ms)
//     for the school app and the coordinator app, with nothing else running.
// The server is BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test
// (used only to create and drop `<prefix>load_<port offset>`). Figures go to bench/results/load.json.
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { type AppId, DEFAULT_APP_PORTS } from "@repo/auth/apps";
import { pagePath } from "@repo/auth/menus";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { REQUEST_ID_HEADER } from "@repo/contracts/request-id";
import { openDatabase, queryRows } from "@repo/db";
import { seedScale } from "@repo/db/seed/scale";
import { sql } from "drizzle-orm";
import { API_NODE_FLAGS } from "../apps/api/scripts/node-flags";
import { STUDENT_COLUMNS } from "../apps/api/src/domains/students/student-import";
import { admin, benchDatabase, databaseUrl } from "./database";
import { BENCH_PRODUCTION_ENV } from "./support";

const root = fileURLToPath(new URL("..", import.meta.url));
/** Its own database per port offset, so that two runs on one server (other offsets) never drop each other's. */
const databaseName = (portOffset: number) => benchDatabase(`load_${portOffset}`);
const PASSWORD = "Demo@12345";

/** What the issue asks of the run: no errors, and the dashboard's server render within 50 ms (p95) at 50 at a time. */
export const LOAD_TARGETS = { errors: 0, ssrTtfbP95Ms: 50, ssrConcurrency: 50 } as const;

/**
 * The seed: big enough that lists page and dashboards add up real rows, small enough to load in
 * well under 3 minutes. Each virtual user signs in as its own account (school accounts and
 * coordinators of every level, mostly districts, as the season has them).
 */
const SEED = { schools: 2_000, students: 40_000, coordinators: 400 } as const;

/** A request that has not answered within this long counts as an error (a user would give up). */
const REQUEST_TIMEOUT_MS = 60_000;

export interface LoadOptions {
  adminUrl: string;
  /** Added to the portal's default ports (API 4000, school 3001, coordinator 3002). */
  portOffset: number;
  durationSeconds: number;
  users: number;
  /** Mean pause between two pages of one user (uniform, half to one and a half times this). */
  thinkMs: number;
  /** The users start over this many seconds. */
  rampSeconds: number;
  /** Share of the users that are school accounts; the rest are coordinators. */
  schoolShare: number;
  /** Requests per dashboard in the SSR step (after a warm-up), `LOAD_TARGETS.ssrConcurrency` at a time. */
  ssrRequests: number;
  /**
   * Raise the API's per-address sign-in limit (LOGIN_LIMIT_PER_CLIENT, as the e2e server does): every
   * user here signs in from this machine's one address, as a school lab behind one router would.
   */
  liftLoginLimit: boolean;
  /** A folder for the API's and the apps' logs (one request line each from the apps), else none are kept. */
  logDir?: string | undefined;
}

export interface KindFigures {
  kind: string;
  requests: number;
  errors: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
  per_second: number;
}

export interface ProcessFigures {
  process: string;
  cpu_avg_percent: number;
  cpu_peak_percent: number;
  rss_avg_mb: number;
  rss_peak_mb: number;
}

export interface SsrFigures {
  dashboard: string;
  path: string;
  sessions: number;
  requests: number;
  concurrency: number;
  /** Answers other than 200, the warm-up's included. */
  errors: number;
  error_list: string[];
  ttfb_p50_ms: number;
  ttfb_p95_ms: number;
  ttfb_p99_ms: number;
  total_p95_ms: number;
  per_second: number;
  target_ttfb_p95_ms: number;
}

export interface LoadError {
  at_s: number;
  kind: string;
  status: number | null;
  message: string;
}

export interface LoadReport {
  machine: { cpus: number; load_average_before: number[]; load_average_after: number[] };
  seed: typeof SEED & { school_accounts: number; seconds: number };
  options: Omit<LoadOptions, "adminUrl">;
  load: {
    seconds: number;
    users: { school: number; coordinator: number };
    sessions: number;
    requests: number;
    per_second: number;
    errors: number;
    /** The first errors, in order (all of them are counted above and per kind). */
    error_list: LoadError[];
    kinds: KindFigures[];
    processes: ProcessFigures[];
    /** The machine's 1-minute load average during the run (2 cores: above 2 means waiting for a core). */
    load_average: { avg: number; peak: number };
    /** The benchmark's own CPU, which shares the machine with the portal. */
    client_cpu_percent: number;
  };
  ssr: SsrFigures[];
  ssr_processes: ProcessFigures[];
}

// ---------------------------------------------------------------------------------------------
// Figures

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The p-th percentile (nearest rank) of sorted durations. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? 0;
}

/** Durations and errors per kind of request, and the first errors as they happened. */
export class Recorder {
  private readonly kinds = new Map<string, { durations: number[]; errors: number; requests: number; flow: boolean }>();
  readonly errorList: LoadError[] = [];
  errors = 0;
  private readonly started = performance.now();

  constructor(private readonly keepErrors = 50) {}

  /** `flow`: a kind that spans several requests (an import from upload to done), not counted as one. */
  private entry(kind: string, flow: boolean) {
    let entry = this.kinds.get(kind);
    if (!entry) {
      entry = { durations: [], errors: 0, requests: 0, flow };
      this.kinds.set(kind, entry);
    }
    return entry;
  }

  ok(kind: string, ms: number, flow = false) {
    const entry = this.entry(kind, flow);
    entry.requests++;
    entry.durations.push(ms);
  }

  fail(kind: string, status: number | null, message: string, ms?: number, flow = false) {
    const entry = this.entry(kind, flow);
    entry.requests++;
    entry.errors++;
    // A request that answered wrongly or timed out took its time too; a check after it did not.
    if (ms !== undefined) entry.durations.push(ms);
    this.errors++;
    if (this.errorList.length < this.keepErrors) {
      this.errorList.push({ at_s: round((performance.now() - this.started) / 1000), kind, status, message });
    }
  }

  get requests() {
    let n = 0;
    for (const entry of this.kinds.values()) if (!entry.flow) n += entry.requests;
    return n;
  }

  /** p50 and p95 over every request of every kind (flows left out). */
  overall(): { p50_ms: number; p95_ms: number } {
    const all: number[] = [];
    for (const entry of this.kinds.values()) if (!entry.flow) all.push(...entry.durations);
    all.sort((a, b) => a - b);
    return { p50_ms: round(percentile(all, 50)), p95_ms: round(percentile(all, 95)) };
  }

  figures(seconds: number): KindFigures[] {
    return [...this.kinds.entries()]
      .map(([kind, { durations, errors, requests }]) => {
        const sorted = [...durations].sort((a, b) => a - b);
        return {
          kind,
          requests,
          errors,
          p50_ms: round(percentile(sorted, 50)),
          p95_ms: round(percentile(sorted, 95)),
          p99_ms: round(percentile(sorted, 99)),
          max_ms: round(sorted.at(-1) ?? 0),
          per_second: round(requests / seconds, 2),
        };
      })
      .sort((a, b) => a.kind.localeCompare(b.kind));
  }
}

// ---------------------------------------------------------------------------------------------
// Processes: CPU and memory from /proc

/** CPU time (user + system) of a process in clock ticks, and its RSS in kB; null once it is gone. */
export function readProc(pid: number): { ticks: number; rssKb: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces and parentheses: the fields start after the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of the line, so 12 and 13 after the name.
    const ticks = Number(fields[11]) + Number(fields[12]);
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const rssKb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
    return { ticks, rssKb };
  } catch {
    return null;
  }
}

export const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Samples each process's CPU share and RSS once a second, and the machine's load average. */
class Sampler {
  private readonly samples = new Map<string, { cpu: number[]; rss: number[] }>();
  private readonly last = new Map<string, { ticks: number; at: number }>();
  private readonly load: number[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly pids: Record<string, number>) {}

  start() {
    this.tick();
    this.timer = setInterval(() => this.tick(), 1000);
  }

  private tick() {
    const now = performance.now();
    this.load.push(loadavg()[0] ?? 0);
    for (const [name, pid] of Object.entries(this.pids)) {
      const read = readProc(pid);
      if (!read) continue;
      const series = this.samples.get(name) ?? { cpu: [], rss: [] };
      this.samples.set(name, series);
      const before = this.last.get(name);
      if (before) series.cpu.push(((read.ticks - before.ticks) / CLOCK_TICKS / ((now - before.at) / 1000)) * 100);
      series.rss.push(read.rssKb / 1024);
      this.last.set(name, { ticks: read.ticks, at: now });
    }
  }

  stop(): { processes: ProcessFigures[]; load: { avg: number; peak: number } } {
    clearInterval(this.timer);
    this.tick();
    const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
    const processes = [...this.samples.entries()].map(([name, { cpu, rss }]) => ({
      process: name,
      cpu_avg_percent: Math.round(avg(cpu)),
      cpu_peak_percent: Math.round(Math.max(0, ...cpu)),
      rss_avg_mb: Math.round(avg(rss)),
      rss_peak_mb: Math.round(Math.max(0, ...rss)),
    }));
    return { processes, load: { avg: round(avg(this.load), 2), peak: round(Math.max(0, ...this.load), 2) } };
  }
}

// ---------------------------------------------------------------------------------------------
// A browser: cookies per app, keep-alive connections, the headers a browser sends with a form

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Time to the response's headers (the server's first byte). */
  ttfbMs: number;
  ms: number;
}

export class RequestFailed extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly ms?: number,
  ) {
    super(message);
  }
}

/** One user's browser on one app: its cookie, its connections, the form token of the last page. */
export class Browser {
  private readonly cookies = new Map<string, string>();
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 6 });
  csrf: string | undefined;

  constructor(
    readonly app: AppId,
    private readonly port: number,
    /** The app's configured origin (what a browser sends as Origin and Host). */
    readonly origin: string,
    /**
     * The address the connections come from (a 127.x.y.z of its own: the season rehearsal gives each
     * school its own network, as the registration and sign-in limits count per network).
     */
    private readonly localAddress?: string,
  ) {}

  close() {
    this.agent.destroy();
  }

  send(
    method: "GET" | "POST",
    pathAndQuery: string,
    body?: { bytes: Buffer; type: string },
    extraHeaders: Record<string, string> = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      Host: new URL(this.origin).host,
      Accept: "text/html,application/xhtml+xml,*/*;q=0.8",
      // As a browser does: the app server's compression is part of what it costs.
      "Accept-Encoding": "gzip",
      "User-Agent": "portal-load-bench",
      // The app keeps a request id from this machine (a trusted proxy): an error names the id the
      // app's and the API's log lines carry (--log-dir).
      [REQUEST_ID_HEADER]: randomUUID(),
      ...extraHeaders,
    };
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    if (cookie) headers.Cookie = cookie;
    if (method === "POST") {
      headers.Origin = this.origin;
      headers["Content-Type"] = body?.type ?? "application/x-www-form-urlencoded";
      headers["Content-Length"] = String(body?.bytes.byteLength ?? 0);
    }
    return this.attempt(method, pathAndQuery, headers, body, performance.now(), true);
  }

  /**
   * One try. A kept-alive connection the server closed just as the request went out fails at
   * once with nothing answered; a browser then sends the request again on a new connection, and
   * so does this (once, timed from the first try).
   */
  private attempt(
    method: "GET" | "POST",
    pathAndQuery: string,
    headers: Record<string, string>,
    body: { bytes: Buffer; type: string } | undefined,
    started: number,
    mayRetry: boolean,
  ): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      const request = httpRequest(
        {
          host: "127.0.0.1",
          port: this.port,
          method,
          path: pathAndQuery,
          headers,
          agent: this.agent,
          ...(this.localAddress ? { localAddress: this.localAddress } : {}),
        },
        (response) => {
          const ttfbMs = performance.now() - started;
          this.keepCookies(response.headers["set-cookie"]);
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const raw = Buffer.concat(chunks);
            let body: string;
            try {
              body = (response.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString("utf8");
            } catch (error) {
              reject(
                new RequestFailed(`unreadable gzip body: ${(error as Error).message}`, response.statusCode ?? null),
              );
              return;
            }
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body,
              ttfbMs,
              ms: performance.now() - started,
            });
          });
          response.on("error", (error) => reject(new RequestFailed(error.message, null)));
        },
      );
      request.setTimeout(REQUEST_TIMEOUT_MS, () =>
        request.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)),
      );
      request.on("error", (error: NodeJS.ErrnoException) => {
        const closedUnderIt =
          error.code === "ECONNRESET" || error.code === "EPIPE" || error.message === "socket hang up";
        if (mayRetry && request.reusedSocket && closedUnderIt) {
          resolve(this.attempt(method, pathAndQuery, headers, body, started, false));
          return;
        }
        reject(
          new RequestFailed(
            `${error.message} (request id ${headers[REQUEST_ID_HEADER]})`,
            null,
            performance.now() - started,
          ),
        );
      });
      request.end(body?.bytes);
    });
  }

  private keepCookies(setCookie: string[] | undefined) {
    for (const line of setCookie ?? []) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The Cookie header this browser sends (the ratios bench replays it in a render of its own). */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  signedOut() {
    this.cookies.clear();
    this.csrf = undefined;
  }
}

/**
 * The form token of a signed-in page, as a browser's form sends it: the hidden `csrf` input (the
 * sign-out form of every page has one), else the loader data in Remix's stream (`"csrf","…"`).
 */
export function csrfOf(html: string): string | undefined {
  return (
    /<input type="hidden" name="csrf" value="([^"]+)"/.exec(html)?.[1] ??
    /\\?"csrf\\?",\\?"([A-Za-z0-9_-]{16,})\\?"/.exec(html)?.[1]
  );
}

export const form = (fields: Record<string, string>) => ({
  bytes: Buffer.from(new URLSearchParams(fields).toString()),
  type: "application/x-www-form-urlencoded",
});

/** A multipart body as a browser's FormData would send it. */
export async function multipartOf(data: FormData): Promise<{ bytes: Buffer; type: string }> {
  const request = new Request("http://localhost/", { method: "POST", body: data });
  return {
    bytes: Buffer.from(await request.arrayBuffer()),
    type: request.headers.get("content-type") ?? "multipart/form-data",
  };
}

// ---------------------------------------------------------------------------------------------
// The virtual users

export interface Account {
  username: string;
  app: AppId;
  /** Short label for the kinds of request (coordinators by level). */
  label: string;
}

/** Student fields and import rows: unique per user and per call (the duplicate rule is name, birth date and phone). */
const FIRST_NAMES = ["Asha", "Bela", "Chitra", "Dev", "Esha", "Farhan", "Gauri", "Harsh", "Ira", "Jay"];
const LAST_NAMES = ["Rao", "Sharma", "Iyer", "Khan", "Das", "Nair", "Patil", "Singh"];
const LANGUAGES = ["en", "hi", "mr", "ta"];
/** The import template's header row, from the API's own column list. */
const IMPORT_HEADER = STUDENT_COLUMNS.map((column) => column.header);
const IMPORT_ROWS = 10;

/** A birth date that makes a student of about `years`. */
function bornYearsAgo(years: number, day: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(1 + (day % 27));
  return date.toISOString().slice(0, 10);
}

export class VirtualUser {
  private readonly browser: Browser;
  private counter = 0;

  constructor(
    private readonly index: number,
    private readonly account: Account,
    ports: Record<AppId, number>,
    origins: Record<AppId, string>,
    private readonly recorder: Recorder,
    /** Shared by every user: when the run ends (set to now to stop them all). */
    private readonly clock: { thinkMs: number; stopAt: number },
  ) {
    this.browser = new Browser(account.app, ports[account.app], origins[account.app]);
  }

  private get stopped() {
    return performance.now() >= this.clock.stopAt;
  }

  private async think() {
    const ms = this.clock.thinkMs * (0.5 + Math.random());
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(ms, Math.max(0, this.clock.stopAt - performance.now()))),
    );
  }

  /** One request, timed and checked; a failed check counts as an error of its kind and stops the step. */
  private async call(
    kind: string,
    method: "GET" | "POST",
    url: string,
    check: (answer: Answer) => string | null,
    body?: { bytes: Buffer; type: string },
    headers?: Record<string, string>,
  ): Promise<Answer> {
    const fullKind = `${this.account.label}: ${kind}`;
    let answer: Answer;
    try {
      answer = await this.browser.send(method, url, body, headers);
    } catch (error) {
      const failed = error as RequestFailed;
      this.recorder.fail(fullKind, failed.status ?? null, `${method} ${url}: ${failed.message}`, failed.ms);
      throw new StepFailed();
    }
    let problem: string | null;
    try {
      problem = check(answer);
    } catch (error) {
      problem = `unreadable answer (${(error as Error).message}): ${snippet(answer.body)}`;
    }
    if (problem) {
      this.recorder.fail(fullKind, answer.status, `${method} ${url}: ${problem}`, answer.ms);
      throw new StepFailed();
    }
    this.recorder.ok(fullKind, answer.ms);
    return answer;
  }

  /** A signed-in page: 200 and HTML, not the login page; its form token is kept. */
  private async page(kind: string, url: string, mustSay?: string): Promise<Answer> {
    const answer = await this.call(kind, "GET", url, (a) => {
      if (a.status !== 200) return `answered ${a.status}${locationOf(a) ? ` → ${locationOf(a)}` : ""}`;
      if (!String(a.headers["content-type"]).includes("text/html")) return `answered ${a.headers["content-type"]}`;
      if (mustSay && !a.body.includes(mustSay)) return `the page does not say "${mustSay}"`;
      return null;
    });
    this.browser.csrf = csrfOf(answer.body) ?? this.browser.csrf;
    return answer;
  }

  async run(sessions: { count: number }) {
    while (!this.stopped) {
      try {
        await this.signIn();
        sessions.count++;
        const steps = 6 + Math.floor(Math.random() * 7);
        for (let i = 0; i < steps && !this.stopped; i++) {
          await this.think();
          if (this.stopped) break;
          await this.step();
        }
        if (!this.stopped) {
          await this.think();
          await this.signOut();
        }
      } catch (error) {
        // A failed step is counted where it failed; anything else (a fault of this benchmark) too.
        if (!(error instanceof StepFailed)) {
          this.recorder.fail(`${this.account.label}: unexpected`, null, String((error as Error).stack ?? error));
        }
        // The user starts a fresh session, as a person would sign in again.
        this.browser.signedOut();
      }
      await this.think();
    }
    this.browser.close();
  }

  private async signIn() {
    await this.call("login page", "GET", "/login", (a) => (a.status === 200 ? null : `answered ${a.status}`));
    const landing = await this.call(
      "sign-in (POST /login)",
      "POST",
      "/login",
      (a) => {
        const location = locationOf(a);
        if (a.status !== 302 && a.status !== 303) return `answered ${a.status}: ${a.body.slice(0, 200)}`;
        if (!location || location.startsWith("/login")) return `sent to ${location}`;
        return null;
      },
      form({ username: this.account.username, password: PASSWORD }),
    );
    await this.page("dashboard", locationOf(landing) ?? "/");
  }

  private async signOut() {
    await this.call(
      "sign-out (POST /logout)",
      "POST",
      "/logout",
      (a) => (a.status === 302 && locationOf(a)?.startsWith("/login") ? null : `answered ${a.status}`),
      form({ csrf: this.browser.csrf ?? "" }),
    );
    this.browser.signedOut();
  }

  private step(): Promise<void> {
    const steps = this.account.app === "school" ? this.schoolSteps() : this.coordinatorSteps();
    let pick = Math.random() * steps.reduce((sum, [weight]) => sum + weight, 0);
    for (const [weight, run] of steps) {
      pick -= weight;
      if (pick < 0) return run();
    }
    return steps[0]?.[1]() ?? Promise.resolve();
  }

  /** The school's session: weights of what a school does in the registration season. */
  private schoolSteps(): [number, () => Promise<void>][] {
    const students = pagePath("school", "view-students");
    return [
      [15, async () => void (await this.page("dashboard", pagePath("school", "dashboard")))],
      [15, async () => void (await this.page("students list", students))],
      [
        15,
        async () => {
          const filters = new URLSearchParams({
            class_level: String(6 + Math.floor(Math.random() * 6)),
            payment_status: Math.random() < 0.5 ? "paid" : "unpaid",
          });
          if (Math.random() < 0.5) filters.set("page", "2");
          if (Math.random() < 0.3) filters.set("search", FIRST_NAMES[Math.floor(Math.random() * 10)] ?? "Asha");
          await this.page("students list, filtered and paged", `${students}?${filters}`);
        },
      ],
      [12, () => this.addStudent()],
      [4, () => this.importStudents()],
      [6, () => this.pay()],
      [5, async () => void (await this.page("payment history", pagePath("school", "payment-history")))],
      [5, () => this.exportList(EXPORT_KIND.students, Math.random() < 0.5 ? {} : { payment_status: "paid" })],
    ];
  }

  /** The coordinator's session: its dashboard, the region's lists with filters, exports. */
  private coordinatorSteps(): [number, () => Promise<void>][] {
    const students = pagePath("coordinator", "total-students");
    const schools = pagePath("coordinator", "total-schools");
    return [
      [20, async () => void (await this.page("dashboard", pagePath("coordinator", "dashboard")))],
      [15, async () => void (await this.page("region students list", students))],
      [
        20,
        async () => {
          const filters = new URLSearchParams({
            class_level: String(6 + Math.floor(Math.random() * 6)),
            payment_status: ["paid", "unpaid", "pending"][Math.floor(Math.random() * 3)] ?? "paid",
            page: String(1 + Math.floor(Math.random() * 3)),
          });
          if (Math.random() < 0.3) filters.set("sort", "name");
          await this.page("region students list, filtered and paged", `${students}?${filters}`);
        },
      ],
      [
        15,
        async () => {
          const filters = new URLSearchParams({ page: String(1 + Math.floor(Math.random() * 3)) });
          if (Math.random() < 0.5) filters.set("payment", Math.random() < 0.5 ? "paid" : "unpaid");
          await this.page("region schools list, filtered and paged", `${schools}?${filters}`);
        },
      ],
      [8, async () => void (await this.page("school-wise students", pagePath("coordinator", "school-students")))],
      [5, () => this.exportList(EXPORT_KIND.regionStudents, { payment_status: "paid" })],
      [3, () => this.exportList(EXPORT_KIND.regionSchools, {})],
    ];
  }

  private nextStudent() {
    const n = this.index * 100_000 + this.counter++;
    return {
      first_name: FIRST_NAMES[n % FIRST_NAMES.length] ?? "Asha",
      last_name: `${LAST_NAMES[n % LAST_NAMES.length]} ${n.toString(36)}`,
      class_level: String(6 + (n % 6)),
      language: LANGUAGES[n % LANGUAGES.length] ?? "en",
      gender: n % 2 ? "female" : "male",
      date_of_birth: bornYearsAgo(11 + (n % 6), n),
      parent_name: `Parent ${n.toString(36)}`,
      phone: String(7_000_000_000 + n),
      email: "",
    };
  }

  private async addStudent() {
    const addPath = pagePath("school", "add-students");
    await this.page("add student page", addPath);
    const student = this.nextStudent();
    await this.call(
      "add student (POST)",
      "POST",
      addPath,
      (a) => (a.status === 200 && a.body.includes("Student added") ? null : `answered ${a.status}: ${snippet(a.body)}`),
      form({ intent: "create", csrf: this.browser.csrf ?? "", ...student }),
    );
  }

  /** A small spreadsheet (10 rows, CSV) through the upload route, then its job polled until done. */
  private async importStudents() {
    await this.page("add student page", pagePath("school", "add-students"));
    const lines = [IMPORT_HEADER.join(",")];
    for (let i = 0; i < IMPORT_ROWS; i++) {
      const s = this.nextStudent();
      const [y, m, d] = s.date_of_birth.split("-");
      lines.push(
        [
          s.first_name,
          s.last_name,
          s.class_level,
          s.language,
          s.gender,
          `${d}/${m}/${y}`,
          s.parent_name,
          s.phone,
          "",
        ].join(","),
      );
    }
    const data = new FormData();
    data.set("csrf", this.browser.csrf ?? "");
    data.set("mode", "all-or-nothing");
    data.set("file", new File([`${lines.join("\r\n")}\r\n`], "students.csv", { type: "text/csv" }));
    const started = performance.now();
    let jobId = 0;
    await this.call(
      "import upload (POST)",
      "POST",
      "/student/import/upload",
      (a) => {
        if (a.status !== 202) return `answered ${a.status}: ${snippet(a.body)}`;
        jobId = (JSON.parse(a.body) as { jobId: number }).jobId;
        return null;
      },
      await multipartOf(data),
      { Accept: "application/json" },
    );
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      let status = "";
      let inserted: number | undefined;
      await this.call(
        "import job poll",
        "GET",
        `/jobs/${jobId}`,
        (a) => {
          if (a.status !== 200) return `answered ${a.status}: ${snippet(a.body)}`;
          const job = (JSON.parse(a.body) as { job: { status: string; result: { inserted?: number } | null } }).job;
          status = job.status;
          inserted = job.result?.inserted;
          return status === "failed" ? `the import failed: ${snippet(a.body)}` : null;
        },
        undefined,
        { Accept: "application/json" },
      );
      const flow = `${this.account.label}: import, upload to done (not a request)`;
      const ms = performance.now() - started;
      if (status === "done") {
        if (inserted !== IMPORT_ROWS) {
          this.recorder.fail(flow, null, `job ${jobId} inserted ${inserted}, not ${IMPORT_ROWS}`, ms, true);
          throw new StepFailed();
        }
        this.recorder.ok(flow, ms, true);
        return;
      }
      if (ms > REQUEST_TIMEOUT_MS) {
        this.recorder.fail(flow, null, `job ${jobId} not done after ${REQUEST_TIMEOUT_MS / 1000} s`, ms, true);
        throw new StepFailed();
      }
    }
  }

  /**
   * Pays for the school's unpaid students through the demo gateway: the payment page, "Pay for
   * all", the checkout, Pay (one in five fails, as cards do), the result. A student is added first
   * so that there is always someone to pay for.
   */
  private async pay() {
    await this.addStudent();
    const payPath = pagePath("school", "payment-student");
    await this.page("payment page", payPath);
    const created = await this.call(
      "payment: create order (POST)",
      "POST",
      payPath,
      redirectsTo("/payment/checkout/"),
      form({ csrf: this.browser.csrf ?? "" }),
    );
    const checkout = locationOf(created) ?? "";
    await this.page("payment: checkout page", checkout);
    const outcome = Math.random() < 0.8 ? "pay" : "fail";
    const settled = await this.call(
      `payment: ${outcome} at the demo gateway (POST)`,
      "POST",
      checkout,
      redirectsTo("/payment/result/"),
      form({ csrf: this.browser.csrf ?? "", outcome }),
    );
    await this.page(
      "payment: result page",
      locationOf(settled) ?? "",
      outcome === "pay" ? "Payment received" : "Payment not completed",
    );
  }

  /** A list's export as a browser's Export menu sends it: the whole file streamed back. */
  private async exportList(kind: string, filters: Record<string, unknown>) {
    const format = Math.random() < 0.5 ? "csv" : "xlsx";
    await this.call(
      `export ${kind} (${format})`,
      "POST",
      `/export/${kind}`,
      (a) => {
        if (a.status !== 200) return `answered ${a.status}: ${snippet(a.body)}`;
        const disposition = String(a.headers["content-disposition"] ?? "");
        return disposition.startsWith("attachment") ? null : `no attachment (${disposition})`;
      },
      form({ csrf: this.browser.csrf ?? "", format, filters: JSON.stringify(filters) }),
    );
  }
}

export class StepFailed extends Error {}

export const locationOf = (answer: Answer) => {
  const location = answer.headers.location;
  return typeof location === "string" ? location : undefined;
};

/** A step's check: a 302 to a path that starts with `prefix`, else what was answered instead. */
export const redirectsTo = (prefix: string) => (answer: Answer) =>
  answer.status === 302 && locationOf(answer)?.startsWith(prefix)
    ? null
    : `answered ${answer.status}: ${snippet(answer.body)}`;
/** What an answer says, for an error's line: an HTML page's visible text (its error boundary's message), or the body. */
export function snippet(body: string): string {
  const text = /<html/i.test(body)
    ? body
        .replace(/<head>[\s\S]*?<\/head>/i, "")
        .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, "")
        .replace(/<[^>]+>/g, " ")
    : body;
  return text.replace(/\s+/g, " ").trim().slice(0, 240);
}

// ---------------------------------------------------------------------------------------------
// The SSR step

/**
 * Signs each account in (its own session and cookie), 10 at a time, and returns their browsers.
 * One account's sign-ins go one after another: the API counts an attempt against its account
 * before it checks the password (parallel guesses cannot slip past the limit), so ten at once of
 * one account (the admin's 50 sessions) look like a guesser and are refused.
 */
async function signedInBrowsers(
  accounts: readonly string[],
  app: AppId,
  port: number,
  origin: string,
): Promise<Browser[]> {
  const browsers: Browser[] = [];
  const signingIn = new Set<string>();
  const waiting = [...accounts];
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (;;) {
        const at = waiting.findIndex((name) => !signingIn.has(name));
        if (at === -1) {
          if (waiting.length === 0) return;
          // Only sign-ins of accounts already under way are left: wait for one of them.
          await new Promise((resolve) => setTimeout(resolve, 20));
          continue;
        }
        const [username = ""] = waiting.splice(at, 1);
        signingIn.add(username);
        const browser = new Browser(app, port, origin);
        const answer = await browser.send("POST", "/login", form({ username, password: PASSWORD }));
        signingIn.delete(username);
        const location = locationOf(answer);
        if (answer.status !== 302 || !location || location.startsWith("/login")) {
          throw new Error(`the SSR step could not sign ${username} in: ${answer.status} ${snippet(answer.body)}`);
        }
        browsers.push(browser);
      }
    }),
  );
  return browsers;
}

async function measureSsr(label: string, browsers: Browser[], url: string, requests: number): Promise<SsrFigures> {
  const ttfb: number[] = [];
  const total: number[] = [];
  const problems: string[] = [];
  const run = async (count: number, keep: boolean) => {
    let next = 0;
    await Promise.all(
      browsers.slice(0, LOAD_TARGETS.ssrConcurrency).map(async (browser) => {
        while (next < count) {
          next++;
          try {
            const answer = await browser.send("GET", url);
            if (answer.status !== 200) {
              problems.push(
                `${answer.status}${locationOf(answer) ? ` → ${locationOf(answer)}` : ""}: ${snippet(answer.body)}`,
              );
            } else if (keep) {
              ttfb.push(answer.ttfbMs);
              total.push(answer.ms);
            }
          } catch (error) {
            problems.push((error as Error).message);
          }
        }
      }),
    );
  };
  // A warm-up round: the first renders of a route compile and fill caches.
  await run(LOAD_TARGETS.ssrConcurrency * 2, false);
  const started = performance.now();
  await run(requests, true);
  const seconds = (performance.now() - started) / 1000;
  ttfb.sort((a, b) => a - b);
  total.sort((a, b) => a - b);
  for (const browser of browsers) browser.close();
  return {
    dashboard: label,
    path: url,
    sessions: browsers.length,
    requests,
    concurrency: Math.min(browsers.length, LOAD_TARGETS.ssrConcurrency),
    errors: problems.length,
    error_list: problems.slice(0, 10),
    ttfb_p50_ms: round(percentile(ttfb, 50)),
    ttfb_p95_ms: round(percentile(ttfb, 95)),
    ttfb_p99_ms: round(percentile(ttfb, 99)),
    total_p95_ms: round(percentile(total, 95)),
    per_second: round(requests / seconds),
    target_ttfb_p95_ms: LOAD_TARGETS.ssrTtfbP95Ms,
  };
}

// ---------------------------------------------------------------------------------------------
// The portal's processes

export async function waitForHealth(url: string, child: ChildProcess, name: string) {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} while starting`);
    const up = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not answer ${url} within 120 s`);
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Fails fast when something already listens on a port this run needs (a bench stopped half-way). */
export async function ensureFree(port: number) {
  const taken = await fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is in use: stop the process listening there first`);
}

// ---------------------------------------------------------------------------------------------

export async function runLoadBench(options: LoadOptions): Promise<LoadReport> {
  const DATABASE = databaseName(options.portOffset);
  const url = databaseUrl(options.adminUrl, DATABASE);
  const uploadDir = mkdtempSync(path.join(tmpdir(), "bench-load-"));
  const children: ChildProcess[] = [];
  // --log-dir names a folder to keep the logs in; it need not exist yet.
  if (options.logDir) mkdirSync(options.logDir, { recursive: true });
  const loadBefore = loadavg().map((n) => round(n, 2));
  const apiPort = 4000 + options.portOffset;
  const ports = Object.fromEntries(
    Object.entries(DEFAULT_APP_PORTS).map(([app, port]) => [app, port + options.portOffset]),
  ) as Record<AppId, number>;
  const origins = Object.fromEntries(
    Object.entries(ports).map(([app, port]) => [app, `http://localhost:${port}`]),
  ) as Record<AppId, string>;
  // Ctrl-C ends the run early; the finally below still stops the portal and drops the database.
  let interrupted = false;
  const onInterrupt = () => {
    interrupted = true;
    console.log("load bench: interrupted, stopping…");
  };
  process.once("SIGINT", onInterrupt);
  try {
    if (!(options.durationSeconds > 0 && options.users > 0 && options.thinkMs >= 0 && options.ssrRequests > 0)) {
      throw new Error("load bench: --duration, --users and --ssr-requests must be positive, --think-ms at least 0");
    }
    // The built portal is what is measured: build what is stale (turbo's cache makes this quick).
    const build = spawnSync("npx", ["turbo", "run", "build", "--output-logs=errors-only"], {
      cwd: root,
      stdio: "inherit",
    });
    if (build.status !== 0) throw new Error("the build failed");
    for (const port of [apiPort, ports.school, ports.coordinator]) await ensureFree(port);
    console.log(
      `load bench: seeding ${DATABASE} (${SEED.schools} schools, ${SEED.students} students, ${SEED.coordinators} coordinators)…`,
    );
    const schoolUsers = Math.round(options.users * options.schoolShare);
    const coordinatorUsers = options.users - schoolUsers;
    await admin(options.adminUrl, `drop database if exists "${DATABASE}" with (force)`);
    await admin(options.adminUrl, `create database "${DATABASE}"`);
    const seedStarted = performance.now();
    const database = await openDatabase({ url });
    // The SSR step signs 50 sessions of each dashboard in: at least that many school accounts.
    const schoolAccounts = Math.max(schoolUsers, LOAD_TARGETS.ssrConcurrency);
    await seedScale(database.db, { ...SEED, schoolAccounts });
    const schools = (
      await queryRows<{ username: string }>(
        database.db,
        sql`select username from users where username like 'scaleschool%' order by id`,
      )
    ).map((r) => r.username);
    // Coordinators as the season has them: mostly districts, then prants and states, a few zones.
    const coordinatorsOf = async (role: number) =>
      (
        await queryRows<{ username: string }>(
          database.db,
          sql`select username from users where role_id = ${role} and username like 'coord%' order by id`,
        )
      ).map((r) => r.username);
    const [zonal, state, prant, district] = await Promise.all([8, 9, 10, 11].map(coordinatorsOf));
    await database.close();
    const seedSeconds = round((performance.now() - seedStarted) / 1000);
    console.log(`load bench: seeded in ${seedSeconds} s`);
    if (schools.length < schoolAccounts) throw new Error(`only ${schools.length} school accounts were seeded`);

    const coordinatorMix = [
      ...(district ?? []).slice(0, Math.ceil(coordinatorUsers * 0.55)),
      ...(prant ?? []).slice(0, Math.ceil(coordinatorUsers * 0.25)),
      ...(state ?? []).slice(0, Math.ceil(coordinatorUsers * 0.15)),
      ...(zonal ?? []).slice(0, Math.ceil(coordinatorUsers * 0.05)),
    ].slice(0, coordinatorUsers);
    const accounts: Account[] = [
      ...schools.slice(0, schoolUsers).map((username) => ({ username, app: "school" as const, label: "school" })),
      ...coordinatorMix.map((username) => ({ username, app: "coordinator" as const, label: "coordinator" })),
    ];

    // The built portal: the API and the two apps the users open, in production mode.
    const sessionSecret = `bench-load-${Math.random().toString(36).slice(2)}-secret`;
    const appEnv = {
      ...process.env,
      ...BENCH_PRODUCTION_ENV,
      API_URL: `http://127.0.0.1:${apiPort}`,
      SESSION_SECRET: sessionSecret,
      SCHOOL_ORIGIN: origins.school,
      COORDINATOR_ORIGIN: origins.coordinator,
      PAPERSETTER_ORIGIN: origins.papersetter,
      OUTBOX_ORIGIN: origins.outbox,
    };
    const api = spawn(process.execPath, [...API_NODE_FLAGS, "apps/api/dist/bin/server.mjs"], {
      cwd: root,
      env: {
        ...appEnv,
        DATABASE_URL: url,
        UPLOAD_DIR: uploadDir,
        API_PORT: String(apiPort),
        LOG_LEVEL: options.logDir ? "info" : "warn",
        SEED_DEMO: "false",
        // Mail stays queued (no SMTP): receipts and import notices are made, not delivered.
        SMTP_URL: "",
        ...(options.liftLoginLimit ? { LOGIN_LIMIT_PER_CLIENT: "100000" } : {}),
      },
      stdio: ["ignore", options.logDir ? openSync(path.join(options.logDir, "api.log"), "w") : "inherit", "inherit"],
    });
    children.push(api);
    const apps = (["school", "coordinator"] as const).map((app) => {
      const child = spawn(process.execPath, [path.join(root, "packages", "remix-app", "dist", "cli.mjs"), app], {
        cwd: path.join(root, "apps", app),
        // With --log-dir, every request's line (status and duration) is kept: what the server saw of it.
        env: { ...appEnv, PORT: String(ports[app]), ...(options.logDir ? { LOG_LEVEL: "info" } : {}) },
        stdio: [
          "ignore",
          options.logDir ? openSync(path.join(options.logDir, `${app}.log`), "w") : "ignore",
          "inherit",
        ],
      });
      children.push(child);
      return { app, child };
    });
    await waitForHealth(`http://127.0.0.1:${apiPort}/api/health`, api, "the API");
    for (const { app, child } of apps) await waitForHealth(`http://127.0.0.1:${ports[app]}/healthz`, child, app);
    const pids = {
      api: Number(api.pid),
      ...Object.fromEntries(apps.map(({ app, child }) => [`${app} app`, Number(child.pid)])),
    };

    // A few sign-in pages first: a fresh server's first renders compile its code.
    for (const app of ["school", "coordinator"] as const) {
      const browser = new Browser(app, ports[app], origins[app]);
      for (let i = 0; i < 10; i++) await browser.send("GET", "/login");
      browser.close();
    }

    // 1. The users.
    console.log(
      `load bench: ${accounts.length} users (${schoolUsers} schools, ${coordinatorMix.length} coordinators) for ${options.durationSeconds} s…`,
    );
    const recorder = new Recorder();
    const sampler = new Sampler(pids);
    const clientCpu = process.cpuUsage();
    const started = performance.now();
    const stopAt = started + options.durationSeconds * 1000;
    const sessions = { count: 0 };
    sampler.start();
    const progress = setInterval(() => {
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `load bench: ${Math.round(seconds)} s, ${recorder.requests} requests, ${recorder.errors} errors, ${sessions.count} sessions, load ${loadavg()[0]?.toFixed(1)}`,
      );
    }, 15_000);
    const clock = { thinkMs: options.thinkMs, stopAt };
    const interruptTimer = setInterval(() => {
      if (interrupted) clock.stopAt = 0;
    }, 250);
    const users = accounts.map((account, i) => new VirtualUser(i, account, ports, origins, recorder, clock));
    const rampMs = (options.rampSeconds * 1000) / Math.max(1, users.length);
    await Promise.all(
      users.map(async (user, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * rampMs));
        await user.run(sessions);
      }),
    );
    clearInterval(progress);
    clearInterval(interruptTimer);
    const seconds = (performance.now() - started) / 1000;
    const sampled = sampler.stop();
    const cpu = process.cpuUsage(clientCpu);
    const kinds = recorder.figures(seconds);

    // 2. The dashboards' server render, 50 at a time, with nothing else running.
    const ssr: SsrFigures[] = [];
    const ssrSampler = new Sampler(pids);
    ssrSampler.start();
    if (!interrupted) {
      console.log("load bench: SSR of the dashboards, 50 at a time…");
      const sessionsNeeded = LOAD_TARGETS.ssrConcurrency;
      ssr.push(
        await measureSsr(
          "school app: school account's dashboard",
          await signedInBrowsers(schools.slice(0, sessionsNeeded), "school", ports.school, origins.school),
          pagePath("school", "dashboard"),
          options.ssrRequests,
        ),
      );
      ssr.push(
        await measureSsr(
          "coordinator app: district coordinator's dashboard",
          await signedInBrowsers(
            (district ?? []).slice(0, sessionsNeeded),
            "coordinator",
            ports.coordinator,
            origins.coordinator,
          ),
          pagePath("coordinator", "dashboard"),
          options.ssrRequests,
        ),
      );
      ssr.push(
        await measureSsr(
          "coordinator app: admin's dashboard (the whole country)",
          await signedInBrowsers(
            Array.from({ length: sessionsNeeded }, () => "admin"),
            "coordinator",
            ports.coordinator,
            origins.coordinator,
          ),
          pagePath("coordinator", "dashboard"),
          options.ssrRequests,
        ),
      );
    }
    const ssrSampled = ssrSampler.stop();

    const { adminUrl: _adminUrl, ...shown } = options;
    return {
      machine: {
        cpus: cpus().length,
        load_average_before: loadBefore,
        load_average_after: loadavg().map((n) => round(n, 2)),
      },
      seed: { ...SEED, school_accounts: schoolAccounts, seconds: seedSeconds },
      options: shown,
      load: {
        seconds: round(seconds),
        users: { school: schoolUsers, coordinator: coordinatorMix.length },
        sessions: sessions.count,
        requests: recorder.requests,
        per_second: round(recorder.requests / seconds),
        errors: recorder.errors,
        error_list: recorder.errorList,
        kinds,
        processes: sampled.processes,
        load_average: sampled.load,
        client_cpu_percent: Math.round(((cpu.user + cpu.system) / 1000 / (seconds * 1000)) * 100),
      },
      ssr,
      ssr_processes: ssrSampled.processes,
    };
  } finally {
    process.removeListener("SIGINT", onInterrupt);
    for (const child of children.reverse()) await stop(child);
    rmSync(uploadDir, { recursive: true, force: true });
    await admin(options.adminUrl, `drop database if exists "${DATABASE}" with (force)`).catch((error) =>
      console.error(`load bench: could not drop ${DATABASE}: ${(error as Error).message}`),
    );
  }
}

/** The report as Markdown tables (what `npm run bench` prints). */
export function loadMarkdown(report: LoadReport): string {
  const l = report.load;
  const lines = [
    `\n**Load**: ${l.users.school + l.users.coordinator} users (${l.users.school} school accounts, ${l.users.coordinator} coordinators) for ${l.seconds} s, ${l.sessions} sessions, ${l.requests.toLocaleString("en")} requests (${l.per_second}/s), **${l.errors} errors** (target ${LOAD_TARGETS.errors}). Machine: ${report.machine.cpus} cores, load average ${l.load_average.avg} (peak ${l.load_average.peak}) during the run; the benchmark itself used ${l.client_cpu_percent} % of a core.`,
    "",
    "| kind of request | requests | errors | p50 | p95 | p99 | max | per second |",
    "|---|---|---|---|---|---|---|---|",
    ...l.kinds.map(
      (k) =>
        `| ${k.kind} | ${k.requests} | ${k.errors} | ${k.p50_ms} ms | ${k.p95_ms} ms | ${k.p99_ms} ms | ${k.max_ms} ms | ${k.per_second} |`,
    ),
    "",
    "| process (load) | CPU avg | CPU peak (1 s) | RSS avg | RSS peak |",
    "|---|---|---|---|---|",
    ...l.processes.map(
      (p) =>
        `| ${p.process} | ${p.cpu_avg_percent} % | ${p.cpu_peak_percent} % | ${p.rss_avg_mb} MB | ${p.rss_peak_mb} MB |`,
    ),
  ];
  if (l.error_list.length > 0) {
    lines.push("", `Errors (first ${l.error_list.length} of ${l.errors}):`);
    for (const e of l.error_list) lines.push(`- ${e.at_s} s, ${e.kind}, ${e.status ?? "no answer"}: ${e.message}`);
  }
  if (report.ssr.length > 0) {
    lines.push(
      "",
      `| SSR of a dashboard, ${LOAD_TARGETS.ssrConcurrency} at a time | requests | errors | TTFB p50 | TTFB p95 | TTFB p99 | whole page p95 | per second | target |`,
      "|---|---|---|---|---|---|---|---|---|",
      ...report.ssr.map(
        (s) =>
          `| ${s.dashboard} | ${s.requests} | ${s.errors} | ${s.ttfb_p50_ms} ms | ${s.ttfb_p95_ms} ms | ${s.ttfb_p99_ms} ms | ${s.total_p95_ms} ms | ${s.per_second} | TTFB p95 ≤ ${s.target_ttfb_p95_ms} ms |`,
      ),
      "",
      "| process (SSR step) | CPU avg | CPU peak (1 s) | RSS avg | RSS peak |",
      "|---|---|---|---|---|",
      ...report.ssr_processes.map(
        (p) =>
          `| ${p.process} | ${p.cpu_avg_percent} % | ${p.cpu_peak_percent} % | ${p.rss_avg_mb} MB | ${p.rss_peak_mb} MB |`,
      ),
    );
  }
  return lines.join("\n");
}
