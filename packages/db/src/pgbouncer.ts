import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./private-server";

/**
 * PgBouncer in transaction mode in front of a PostgreSQL database, in a temporary folder on a free
 * port: for the tests and the bench that run the API through a pooler (decision 066). It needs
 * Debian's `pgbouncer` package; without it `startPgBouncer` fails saying so (no silent skip).
 * PgBouncer refuses to run as root: as root it runs as `nobody`.
 */

/** Where Debian installs it; PGBOUNCER_BIN overrides. */
export function pgBouncerBinary(): string | null {
  for (const file of [process.env.PGBOUNCER_BIN, "/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"]) {
    if (file && existsSync(file)) return file;
  }
  return null;
}

export const PGBOUNCER_MISSING =
  "PgBouncer is not installed: `apt-get install -y pgbouncer` (Debian's package, 1.18 or newer), or set PGBOUNCER_BIN";

export interface PgBouncer {
  /** The database's URL through PgBouncer. */
  readonly url: string;
  readonly port: number;
  /** What PgBouncer wrote (connections it opened and closed, errors). */
  log(): string;
  stop(): Promise<void>;
}

export interface PgBouncerOptions {
  /** Server connections per database and user (PgBouncer's default_pool_size). */
  poolSize?: number;
  /** Seconds before PgBouncer logs in to PostgreSQL again after a failed login (server_login_retry). */
  serverLoginRetrySeconds?: number;
  /** Seconds a client's query may wait for a server connection before it is refused (query_wait_timeout). */
  queryWaitTimeoutSeconds?: number;
}

const quoted = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * Starts PgBouncer (pool_mode = transaction) in front of `databaseUrl` and resolves once it
 * answers. Its configuration is what decision 066 asks of a deployment: no startup options
 * taken (the API sends none behind it), and `connect_query` turns JIT off on each server
 * connection, where the API's pool would have said `-c jit=off`.
 */
export async function startPgBouncer(databaseUrl: string, options: PgBouncerOptions = {}): Promise<PgBouncer> {
  const binary = pgBouncerBinary();
  if (!binary) throw new Error(PGBOUNCER_MISSING);
  const target = new URL(databaseUrl);
  const database = decodeURIComponent(target.pathname.slice(1));
  const user = decodeURIComponent(target.username || "postgres");
  const password = decodeURIComponent(target.password);
  const folder = mkdtempSync(path.join(tmpdir(), "portal-pgbouncer-"));
  const port = await freePort();
  const server = [
    `host=${target.hostname}`,
    `port=${target.port || "5432"}`,
    `dbname=${database}`,
    `user=${user}`,
    ...(password ? [`password=${password}`] : []),
    `connect_query=${quoted("set jit = off")}`,
  ].join(" ");
  writeFileSync(path.join(folder, "users.txt"), `"${user}" "${password}"\n`);
  writeFileSync(
    path.join(folder, "pgbouncer.ini"),
    [
      "[databases]",
      `${database} = ${server}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${path.join(folder, "users.txt")}`,
      "pool_mode = transaction",
      `default_pool_size = ${options.poolSize ?? 2}`,
      `server_login_retry = ${options.serverLoginRetrySeconds ?? 2}`,
      ...(options.queryWaitTimeoutSeconds ? [`query_wait_timeout = ${options.queryWaitTimeoutSeconds}`] : []),
      "max_client_conn = 200",
      // node-postgres sends none of these; psql and pg_dump send extra_float_digits.
      "ignore_startup_parameters = extra_float_digits",
      "",
    ].join("\n"),
  );
  // As root PgBouncer runs as nobody, who must read its folder.
  const root = process.getuid?.() === 0;
  if (root) chmodSync(folder, 0o755);
  const child: ChildProcess = spawn(binary, [...(root ? ["-u", "nobody"] : []), path.join(folder, "pgbouncer.ini")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`PgBouncer stopped at start:\n${output}`);
    }
    const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.query("select 1");
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`PgBouncer did not answer within 10 s: ${(error as Error).message}\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { url: url.toString(), port, log: () => output, stop };
}
