// The rehearsal's local cluster (issue 38 item 5): a PostgreSQL primary (and a streaming replica),
// PgBouncer, an S3 server, two API instances and two of each app behind Caddy, on ports from
// `portBase` (12000 by default) so that nothing clashes with a portal or a test on this machine.
import { type ChildProcess, execFile } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { cpus } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { APP_IDS, type AppId } from "@repo/auth/apps";
import { API_LIVE_PATH, APP_HEALTH_PATH } from "@repo/contracts/health";
import { PROXY_BALANCING, PROXY_KEEP_ALIVE_SECONDS } from "@repo/contracts/keep-alive";
import { pgBouncerBinary } from "@repo/db/pgbouncer";
import { API_NODE_FLAGS } from "../../apps/api/scripts/node-flags";
import { BENCH_PRODUCTION_ENV } from "../support";
import { type CpuMeter, type Processes, run, runAsync, waitHealthy } from "./processes";

const execFileAsync = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
const PG_BIN = "/usr/lib/postgresql/15/bin";
export const DEMO_PASSWORD = "Demo@12345";
export const DATABASE = "portal";

export interface ClusterOptions {
  portBase: number;
  /** The API reaches PostgreSQL through PgBouncer in transaction mode. */
  pooler: boolean;
  /** A streaming replica from pg_basebackup, given to the API as DATABASE_READ_URL. */
  replica: boolean;
  /** All four apps; else the school and coordinator apps only (the ones the season uses). */
  allApps: boolean;
  /** Messages the mail worker hands to SMTP per minute, across the instances. */
  mailRatePerMinute: number;
  smtpUrl: string;
  dir: string;
}

export function portsOf(base: number) {
  return {
    primary: base + 1,
    replica: base + 2,
    pooler: base + 3,
    s3: base + 4,
    smtp: base + 5,
    api: [base + 10, base + 11] as const,
    app: (app: AppId, instance: 0 | 1) => base + 20 + APP_IDS.indexOf(app) * 2 + instance,
    /** Caddy's listener per app, and the API's (what the apps call). */
    proxy: (app: AppId | "api") => base + 40 + (app === "api" ? 9 : APP_IDS.indexOf(app)),
    caddyAdmin: base + 50,
  };
}

export type Ports = ReturnType<typeof portsOf>;

/**
 * The ports of the cluster that something already listens on. A process left from an earlier run
 * would otherwise answer in place of the instance that could not bind its port.
 */
export async function busyPorts(portBase: number): Promise<number[]> {
  const taken = (port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = connect({ port, host: "127.0.0.1" });
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
  const range = Array.from({ length: portsOf(portBase).caddyAdmin - portBase + 1 }, (_, i) => portBase + i);
  const answers = await Promise.all(range.map(taken));
  return range.filter((_, i) => answers[i]);
}

const isRoot = () => process.getuid?.() === 0;

/** PostgreSQL's programs refuse to run as root: as root they run as `postgres` (as @repo/db/private-server does). */
function asPostgres(command: string, args: string[]): [string, string[]] {
  return isRoot()
    ? ["runuser", ["-u", "postgres", "--", `${PG_BIN}/${command}`, ...args]]
    : [`${PG_BIN}/${command}`, args];
}

/** A folder the server's user may write in (the run's folder is root's). */
export function postgresFolder(dir: string): string {
  const folder = path.join(dir, "pg");
  mkdirSync(folder, { recursive: true });
  chmodSync(dir, 0o755);
  chmodSync(folder, 0o777);
  return folder;
}

/** A PostgreSQL server in a folder of its own, started and stopped with pg_ctl. */
export class Postgres {
  constructor(
    readonly name: string,
    readonly dataDir: string,
    readonly port: number,
    private readonly logFile: string,
  ) {}

  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/${DATABASE}`;
  }

  /** The postmaster's pid (the first line of postmaster.pid). */
  pid(): number {
    return Number(readFileSync(path.join(this.dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  }

  private options() {
    // Its socket in its own folder; enough connections for two API instances' pools and the checks.
    return `-p ${this.port} -k ${this.dataDir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  }

  /** pg_ctl's arguments for starting (and restarting) this server, waiting up to 2 minutes. */
  private startArgs(...more: string[]) {
    return ["-D", this.dataDir, "-l", this.logFile, "-w", "-t", "120", ...more, "-o", this.options()];
  }

  async start() {
    await runAsync(...asPostgres("pg_ctl", [...this.startArgs(), "start"]));
  }

  /**
   * `pg_ctl restart -m fast`: every connection is cut, as on a real server's restart. Not spawnSync:
   * the season's people go on (and meet the restart) while it runs.
   */
  async restart() {
    await execFileAsync(...asPostgres("pg_ctl", [...this.startArgs("-m", "fast"), "restart"]));
  }

  stop() {
    if (existsSync(path.join(this.dataDir, "postmaster.pid"))) {
      run(...asPostgres("pg_ctl", ["-D", this.dataDir, "-w", "-m", "fast", "stop"]));
    }
  }
}

export async function startPrimary(options: ClusterOptions, processes: Processes, cpu: CpuMeter) {
  const ports = portsOf(options.portBase);
  const folder = postgresFolder(options.dir);
  const dataDir = path.join(folder, "primary");
  await runAsync(...asPostgres("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]));
  const primary = new Postgres("postgresql", dataDir, ports.primary, path.join(folder, "postgresql.log"));
  processes.atEnd("postgresql", () => primary.stop());
  await primary.start();
  await runAsync(`${PG_BIN}/psql`, [
    "-h",
    "127.0.0.1",
    "-p",
    String(ports.primary),
    "-U",
    "postgres",
    "-c",
    `create database ${DATABASE}`,
  ]);
  cpu.track("postgresql", primary.pid(), true);
  return primary;
}

/** A streaming replica of `primary`: pg_basebackup -R (standby.signal and the primary's address). */
export async function startReplica(options: ClusterOptions, processes: Processes, cpu: CpuMeter, primary: Postgres) {
  const ports = portsOf(options.portBase);
  const folder = postgresFolder(options.dir);
  const dataDir = path.join(folder, "replica");
  const args = ["-h", "127.0.0.1", "-p", String(primary.port), "-U", "postgres", "-D", dataDir, "-R", "-X", "stream"];
  await runAsync(...asPostgres("pg_basebackup", [...args, "--no-sync"]));
  const replica = new Postgres("replica", dataDir, ports.replica, path.join(folder, "replica.log"));
  processes.atEnd("replica", () => replica.stop());
  await replica.start();
  cpu.track("replica", replica.pid(), true);
  return replica;
}

/** PgBouncer in transaction mode in front of the primary (Debian's 1.18, with a config of the run's own). */
export async function startPooler(options: ClusterOptions, processes: Processes, cpu: CpuMeter, primary: Postgres) {
  const ports = portsOf(options.portBase);
  const dir = path.join(options.dir, "pgbouncer");
  mkdirSync(dir, { recursive: true });
  const users = path.join(dir, "userlist.txt");
  writeFileSync(users, '"postgres" ""\n');
  const config = path.join(dir, "pgbouncer.ini");
  // As deploy/pgbouncer and @repo/db/pgbouncer write it (decision 066): transaction mode, JIT off by
  // connect_query, no startup options taken; sized by its pool-size rule for this machine's cores
  // (2-3 per core, at least the API instances + 2).
  const poolSize = Math.max(4, Math.min(20, 3 * cpus().length));
  writeFileSync(
    config,
    [
      "[databases]",
      `${DATABASE} = host=127.0.0.1 port=${primary.port} dbname=${DATABASE} user=postgres connect_query='set jit = off'`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${ports.pooler}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${users}`,
      "pool_mode = transaction",
      `default_pool_size = ${poolSize}`,
      "reserve_pool_size = 3",
      "server_login_retry = 2",
      "max_client_conn = 200",
      "ignore_startup_parameters = extra_float_digits",
      "",
    ].join("\n"),
  );
  // PgBouncer refuses to run as root: as root it runs as nobody, who must read its folder.
  if (isRoot()) chmodSync(dir, 0o755);
  const started = processes.spawn("pgbouncer", pgBouncerBinary() ?? "/usr/sbin/pgbouncer", [
    ...(isRoot() ? ["-u", "nobody"] : []),
    config,
  ]);
  await waitForPort(ports.pooler, 20_000, started.child, "pgbouncer");
  cpu.track("pgbouncer", Number(started.child.pid));
  return { url: `postgres://postgres@127.0.0.1:${ports.pooler}/${DATABASE}`, child: started.child };
}

async function waitForPort(port: number, ms: number, child: ChildProcess, name: string) {
  const { connect } = await import("node:net");
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} while starting`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not listen on ${port} within ${ms / 1000} s`);
}

/** The S3 server (s3rver, decision 065) as a process of its own, so that its CPU is its own. */
export async function startS3(options: ClusterOptions, processes: Processes, cpu: CpuMeter) {
  const ports = portsOf(options.portBase);
  const directory = path.join(options.dir, "s3");
  mkdirSync(directory, { recursive: true });
  const started = processes.spawn(
    "s3",
    process.execPath,
    ["--import", "tsx", path.join(root, "bench", "rehearsal", "s3-server.ts"), String(ports.s3), directory],
    { cwd: root },
  );
  await waitForPort(ports.s3, 60_000, started.child, "the S3 server");
  cpu.track("s3", Number(started.child.pid));
  const endpoint = `http://127.0.0.1:${ports.s3}`;
  return {
    STORAGE_URL: `s3://portal?endpoint=${endpoint}&region=us-east-1&path_style=true`,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  };
}

export interface Portal {
  apiEnv: NodeJS.ProcessEnv;
  appEnv: NodeJS.ProcessEnv;
  /** The running API instance of each slot. */
  api: ChildProcess[];
  origins: Record<AppId, string>;
  apiProxy: string;
  startApi(instance: 0 | 1): Promise<ChildProcess>;
}

/** Caddy: one listener per app over its two instances, and one for the API that the apps call. */
export async function startCaddy(options: ClusterOptions, processes: Processes, cpu: CpuMeter, apps: AppId[]) {
  const ports = portsOf(options.portBase);
  // Fixed instances here, so Caddy checks their liveness itself where deploy/Caddyfile has Docker's DNS:
  // otherwise the same policy and retries (PROXY_BALANCING).
  const upstream = (addresses: number[], liveness: string, extra: string[] = []) =>
    [
      `\treverse_proxy ${addresses.map((p) => `127.0.0.1:${p}`).join(" ")} {`,
      "\t\tlb_policy round_robin",
      `\t\tlb_try_duration ${PROXY_BALANCING.tryDurationSeconds}s`,
      `\t\thealth_uri ${liveness}`,
      `\t\thealth_interval ${PROXY_BALANCING.healthIntervalSeconds}s`,
      `\t\thealth_timeout ${PROXY_BALANCING.healthTimeoutSeconds}s`,
      `\t\ttransport http {\n\t\t\tkeepalive ${PROXY_KEEP_ALIVE_SECONDS}s\n\t\t}`,
      ...extra.map((line) => `\t\t${line}`),
      "\t}",
    ].join("\n");
  const blocks = [
    `{\n\tadmin 127.0.0.1:${ports.caddyAdmin}\n\tauto_https off\n}`,
    ...apps.map(
      (app) =>
        `http://127.0.0.1:${ports.proxy(app)} {\n\tbind 127.0.0.1\n${upstream([ports.app(app, 0), ports.app(app, 1)], APP_HEALTH_PATH)}\n}`,
    ),
    // As deploy/Caddyfile: the browser's address the app forwards is passed on as it came (decision 027).
    `http://127.0.0.1:${ports.proxy("api")} {\n\tbind 127.0.0.1\n${upstream([...ports.api], API_LIVE_PATH, [
      "header_up X-Forwarded-For {http.request.header.X-Forwarded-For}",
    ])}\n}`,
  ];
  const file = path.join(options.dir, "Caddyfile");
  writeFileSync(file, `${blocks.join("\n\n")}\n`);
  const started = processes.spawn("caddy", "caddy", ["run", "--config", file, "--adapter", "caddyfile"], {
    env: { ...process.env, HOME: options.dir, XDG_DATA_HOME: options.dir, XDG_CONFIG_HOME: options.dir },
  });
  await waitForPort(ports.proxy("api"), 20_000, started.child, "caddy");
  cpu.track("caddy", Number(started.child.pid));
}

/**
 * The API's first start alone (migrations and the demo data: regions, fees, the exam year, papers,
 * the coordinators), in development mode as `npm start` seeds it; then stopped.
 */
export async function seedOnce(processes: Processes, env: NodeJS.ProcessEnv, port: number) {
  const started = processes.spawn("api-seed", process.execPath, [...API_NODE_FLAGS, "apps/api/dist/bin/server.mjs"], {
    cwd: root,
    env: { ...env, NODE_ENV: "development", SEED_DEMO: "true", API_PORT: String(port), SMTP_URL: "" },
  });
  await waitHealthy(`http://127.0.0.1:${port}/api/health`, 240_000, started.child, "the API's first start");
  await processes.stop(started.child);
}

export async function startPortal(
  options: ClusterOptions,
  processes: Processes,
  cpu: CpuMeter,
  database: { url: string; readUrl?: string; poolerEnv?: NodeJS.ProcessEnv },
  storageEnv: NodeJS.ProcessEnv,
  apps: AppId[],
): Promise<Portal> {
  const ports = portsOf(options.portBase);
  const origins = Object.fromEntries(APP_IDS.map((app) => [app, `http://127.0.0.1:${ports.proxy(app)}`])) as Record<
    AppId,
    string
  >;
  const apiProxy = `http://127.0.0.1:${ports.proxy("api")}`;
  const shared = {
    ...process.env,
    ...BENCH_PRODUCTION_ENV,
    SESSION_SECRET: `rehearsal-${Math.random().toString(36).slice(2)}-session-secret`,
    SCHOOL_ORIGIN: origins.school,
    COORDINATOR_ORIGIN: origins.coordinator,
    PAPERSETTER_ORIGIN: origins.papersetter,
    OUTBOX_ORIGIN: origins.outbox,
    LOG_LEVEL: "warn",
  };
  const apiEnv: NodeJS.ProcessEnv = {
    ...shared,
    ...storageEnv,
    DATABASE_URL: database.url,
    ...(database.readUrl ? { DATABASE_READ_URL: database.readUrl } : {}),
    ...database.poolerEnv,
    SEED_DEMO: "false",
    SMTP_URL: options.smtpUrl,
    MAIL_FROM: "Exam Portal <no-reply@rehearsal.example.org>",
    MAIL_RATE_PER_MINUTE: String(options.mailRatePerMinute),
    MAIL_RETRY_BASE_SECONDS: "2",
    // Errors only: a production API warns at every demo payment (decision 044).
    LOG_LEVEL: "error",
  };
  const appEnv: NodeJS.ProcessEnv = { ...shared, API_URL: apiProxy };
  const api: ChildProcess[] = [];
  const startApi = async (instance: 0 | 1) => {
    const started = processes.spawn(
      `api-${instance + 1}`,
      process.execPath,
      [...API_NODE_FLAGS, "apps/api/dist/bin/server.mjs"],
      { cwd: root, env: { ...apiEnv, API_PORT: String(ports.api[instance]) } },
    );
    api[instance] = started.child;
    await waitHealthy(
      `http://127.0.0.1:${ports.api[instance]}/api/health`,
      120_000,
      started.child,
      `api-${instance + 1}`,
    );
    // With its children: the Chromium that renders certificates and admit cards is the API's work.
    cpu.track(`api-${instance + 1}`, Number(started.child.pid), true);
    return started.child;
  };
  // One after the other: the first start of each checks the migrations.
  await startApi(0);
  await startApi(1);
  const appStarts: Promise<void>[] = [];
  for (const app of apps) {
    for (const instance of [0, 1] as const) {
      const name = `${app}-${instance + 1}`;
      const started = processes.spawn(
        name,
        process.execPath,
        [path.join(root, "packages", "remix-app", "dist", "cli.mjs"), app],
        { cwd: path.join(root, "apps", app), env: { ...appEnv, PORT: String(ports.app(app, instance)) } },
      );
      appStarts.push(
        waitHealthy(`http://127.0.0.1:${ports.app(app, instance)}/healthz`, 120_000, started.child, name).then(() =>
          cpu.track(name, Number(started.child.pid)),
        ),
      );
    }
  }
  await Promise.all(appStarts);
  return { apiEnv, appEnv, api, origins, apiProxy, startApi };
}

/** Caddy's answer when it would send to no instance of a service. */
export const NO_UPSTREAM = "no upstreams available";

/**
 * The proxy's own errors in its log, by message ("no upstreams available": a moment when it would
 * send to no instance of a service; "dial tcp …": a gone instance it tried).
 */
export function proxyErrors(logDir: string): Map<string, number> {
  const counts = new Map<string, number>();
  let text = "";
  try {
    text = readFileSync(path.join(logDir, "caddy.log"), "utf8");
  } catch {
    return counts;
  }
  for (const line of text.split("\n")) {
    if (!line.includes('"level":"error"')) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string };
      // One kind per message: addresses and ports out, so that a kind counts across connections.
      const kind = String(entry.msg ?? "").replace(/\d+\.\d+\.\d+\.\d+:\d+/g, "ADDRESS");
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    } catch {
      // A line that is not Caddy's JSON (its start-up text) is not an error of a request.
    }
  }
  return counts;
}
