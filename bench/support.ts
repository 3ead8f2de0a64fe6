// What the benchmarks share: a fresh bench database with the demo data, the built API server
// (apps/api/dist/bin/server.mjs) started against it, sign-in, and latency percentiles.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { Agent, request as httpRequest, type IncomingMessage } from "node:http";
import { fileURLToPath } from "node:url";
import { type Database, openDatabase } from "@repo/db";
import { seedDemoData } from "@repo/db/seed";
import pg from "pg";
import { API_NODE_FLAGS } from "../apps/api/scripts/node-flags";
import { admin, databaseUrl } from "./database";

const root = fileURLToPath(new URL("..", import.meta.url));
export const BENCH_PASSWORD = "Demo@12345";

/**
 * What a bench's built API runs with: production mode, with the demo gateway switched on by name
 * (benches pay with signed demo webhooks; no money moves) and the private secrets production
 * requires (docs/decisions/044).
 */
export const BENCH_PRODUCTION_ENV = {
  NODE_ENV: "production",
  PAYMENT_PROVIDER: "demo",
  UNSAFE_DEMO_PAYMENTS_IN_PRODUCTION: "true",
  DEMO_GATEWAY_SECRET: "bench-demo-gateway-secret",
  METRICS_TOKEN: "bench-metrics-token-0123456789",
} as const;

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Drops and creates database `name` on the server of `adminUrl`, loads the demo data, and opens it. */
export async function freshBenchDatabase(adminUrl: string, name: string): Promise<{ url: string; database: Database }> {
  await admin(adminUrl, `drop database if exists "${name}" with (force)`);
  await admin(adminUrl, `create database "${name}"`);
  const url = databaseUrl(adminUrl, name);
  const database = await openDatabase({ url, maxConnections: 2 });
  await seedDemoData(database.db, BENCH_PASSWORD);
  return { url, database };
}

export interface BuiltApi {
  base: string;
  process: ChildProcess;
  /** A bearer header for a demo user. */
  signIn(username: string, app?: string): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

/** Starts the built API in production mode on `port` against `url`, and waits for /api/health. */
export async function startBuiltApi(url: string, port: number, env: NodeJS.ProcessEnv = {}): Promise<BuiltApi> {
  const base = `http://127.0.0.1:${port}`;
  const api = spawn(process.execPath, [...API_NODE_FLAGS, "apps/api/dist/bin/server.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      API_PORT: String(port),
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
      ...BENCH_PRODUCTION_ENV,
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = async () => {
    if (api.exitCode !== null) return;
    api.kill("SIGTERM");
    await new Promise((resolve) => api.once("exit", resolve));
  };
  const until = Date.now() + 60_000;
  for (;;) {
    if (api.exitCode !== null) throw new Error(`the API exited with ${api.exitCode}`);
    if (Date.now() > until) {
      await stop();
      throw new Error("the API did not start within 60 s");
    }
    const ready = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    process: api,
    stop,
    async signIn(username, app = "school") {
      const login = await fetch(`${base}/api/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username, password: BENCH_PASSWORD, app }),
      });
      if (!login.ok) throw new Error(`${username} could not sign in: ${login.status}`);
      const token = String(((await login.json()) as { data: { token: string } }).data.token);
      return { Authorization: `Bearer ${token}` };
    },
  };
}

/** What a measured call reads of an answer (fetch's Response has it, and so does `httpClient`'s). */
export interface Answer {
  status: number;
  text(): Promise<string>;
}

/**
 * GET and POST (JSON) to `base` with node:http over kept-alive sockets, for the measured calls:
 * the client shares the two cores with the API and PostgreSQL, and fetch costs it about four
 * times the CPU per request. Each answer is read whole.
 */
export function httpClient(base: string, maxSockets = 16) {
  const agent = new Agent({ keepAlive: true, maxSockets });
  const send = (method: "GET" | "POST", path: string, headers: Record<string, string>, body?: unknown) =>
    new Promise<Answer>((resolve, reject) => {
      const raw = body === undefined ? undefined : JSON.stringify(body);
      const request = httpRequest(
        `${base}${path}`,
        {
          method,
          agent,
          headers:
            raw === undefined
              ? headers
              : { ...headers, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(raw) },
        },
        (response: IncomingMessage) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            resolve({ status: response.statusCode ?? 0, text: async () => text });
          });
          response.on("error", reject);
        },
      );
      request.on("error", reject);
      request.end(raw);
    });
  return {
    get: (path: string, headers: Record<string, string>) => send("GET", path, headers),
    post: (path: string, headers: Record<string, string>, body: unknown) => send("POST", path, headers, body),
    /** Closes the kept-alive sockets (a process that ends on its own needs it). */
    close: () => agent.destroy(),
  };
}

export interface Latency {
  requests: number;
  concurrency: number;
  p50_ms: number;
  p95_ms: number;
  per_second: number;
}

/** Runs `call` `count` times, `concurrency` at a time, after `warmUp` unmeasured calls. */
export async function measureLatency(
  count: number,
  concurrency: number,
  call: () => Promise<void>,
  warmUp = 5,
): Promise<Latency> {
  for (let i = 0; i < warmUp; i++) await call();
  const durations: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next++;
        const t0 = performance.now();
        await call();
        durations.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  return {
    requests: count,
    concurrency,
    p50_ms: round(percentile(durations, 50)),
    p95_ms: round(percentile(durations, 95)),
    per_second: round(count / seconds),
  };
}

/** CPU time of a process in ms so far (utime + stime of /proc/<pid>/stat, 100 ticks a second); 0 once gone. */
function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * The server's CPU per request: the API process and the database's backends (the pool's
 * connections). On a machine shared with other work, latency measures the queue for a core;
 * the CPU a request costs does not depend on the queue, so before/after comparisons use it.
 * `start()` then `stop(requests)` gives ms per request (10 ms resolution per process, so use
 * a few hundred requests).
 */
export function serverCpu(apiPid: number | undefined, url: string) {
  const backends = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      return rows.map((row) => Number(row.pid));
    } finally {
      await client.end();
    }
  };
  const sample = async () => {
    const pids = [...(apiPid ? [apiPid] : []), ...(await backends())];
    return new Map(pids.map((pid) => [pid, processCpuMs(pid)]));
  };
  let before = new Map<number, number>();
  return {
    async start() {
      before = await sample();
    },
    async stop(requests: number) {
      const after = await sample();
      let used = 0;
      for (const [pid, ms] of after) used += ms - (before.get(pid) ?? 0);
      return round(used / requests, 2);
    },
  };
}
