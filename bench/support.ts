// What the benchmarks share: a fresh bench database with the demo data, the built API server
// (apps/api/dist/bin/server.mjs) started against it, sign-in, and latency percentiles.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type Database, openDatabase } from "@repo/db";
import { seedDemoData } from "@repo/db/seed";
import { API_NODE_FLAGS } from "../apps/api/scripts/node-flags";
import { admin, databaseUrl } from "./database";

const root = fileURLToPath(new URL("..", import.meta.url));
export const BENCH_PASSWORD = "Demo@12345";

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
      NODE_ENV: "production",
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
