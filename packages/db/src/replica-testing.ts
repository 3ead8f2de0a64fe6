import { execFile } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { privatePostgresBinaries } from "./private-server";

export { privatePostgresBinaries };

/**
 * A PostgreSQL primary and a streaming replica of a test's own (decision 067): the primary from
 * `initdb` in a temporary folder on a free port, the replica from `pg_basebackup -R` of it on
 * another port, streaming before this resolves. As root both run as the `postgres` user
 * (PostgreSQL refuses root). `pauseReplay` holds the replica at what it has applied, so a test
 * can write on the primary and see which reads still get the old rows.
 */
export interface ReplicaPair {
  /** postgres://postgres@127.0.0.1:<port>/<database> of the primary. */
  primaryUrl(database?: string): string;
  /** The same database on the replica (read-only). */
  replicaUrl(database?: string): string;
  /** Milliseconds from the first initdb to a streaming replica (the harness's cost). */
  readonly startedInMs: number;
  /** Stops applying WAL on the replica (`pg_wal_replay_pause()`); it still receives it. */
  pauseReplay(): Promise<void>;
  /** Applies WAL again. */
  resumeReplay(): Promise<void>;
  /** Resolves once the replica has applied everything the primary has written so far. */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** Stops both servers and removes their folders. */
  stop(): Promise<void>;
}

const run = promisify(execFile);
const isRoot = () => process.getuid?.() === 0;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function one<T>(url: string, text: string): Promise<T | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows[0] as T | undefined;
  } finally {
    await client.end();
  }
}

export async function startReplicaPair(): Promise<ReplicaPair> {
  const started = performance.now();
  const bin = privatePostgresBinaries();
  if (!bin) throw new Error("No PostgreSQL server binaries here (set PG_BIN to their folder)");
  const folder = mkdtempSync(path.join(tmpdir(), "portal-replica-pg-"));
  chmodSync(folder, 0o777);
  const primaryData = path.join(folder, "primary");
  const replicaData = path.join(folder, "replica");
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const as = (command: string, args: string[]) =>
    isRoot()
      ? run("runuser", ["-u", "postgres", "--", path.join(bin, command), ...args])
      : run(path.join(bin, command), args);
  const options = (port: number) =>
    `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=40`;
  const start = (data: string, port: number, log: string) =>
    as("pg_ctl", ["-D", data, "-l", path.join(folder, log), "-o", options(port), "-w", "-t", "60", "start"]);
  const stopServer = (data: string) => as("pg_ctl", ["-D", data, "-m", "immediate", "-w", "-t", "60", "stop"]);
  const url =
    (port: number) =>
    (database = "postgres") =>
      `postgres://postgres@127.0.0.1:${port}/${database}`;
  const primaryUrl = url(primaryPort);
  const replicaUrl = url(replicaPort);
  const running: string[] = [];

  try {
    // Trust on 127.0.0.1 covers replication connections too (initdb's default pg_hba has them).
    await as("initdb", ["-D", primaryData, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
    await start(primaryData, primaryPort, "primary.log");
    running.push(primaryData);
    // -R writes standby.signal and primary_conninfo; -X stream copies the WAL made meanwhile.
    await as("pg_basebackup", [
      "-h",
      "127.0.0.1",
      "-p",
      String(primaryPort),
      "-U",
      "postgres",
      "-D",
      replicaData,
      "-R",
      "-X",
      "stream",
      "-c",
      "fast",
      "--no-sync",
    ]);
    await start(replicaData, replicaPort, "replica.log");
    running.push(replicaData);
  } catch (error) {
    for (const data of running.reverse()) await stopServer(data).catch(() => {});
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }

  const replica = (text: string) => one(replicaUrl(), text);
  async function caughtUp(timeoutMs = 15_000) {
    const target = await one<{ lsn: string }>(primaryUrl(), "select pg_current_wal_lsn()::text as lsn");
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = await replica(
        `select pg_last_wal_replay_lsn() >= '${target?.lsn}'::pg_lsn as done, (select count(*) from pg_stat_wal_receiver where status = 'streaming')::int as streaming`,
      );
      const { done, streaming } = row as { done: boolean; streaming: number };
      if (done && streaming === 1) return;
      if (Date.now() > deadline) throw new Error("The replica did not catch up with the primary");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await caughtUp();

  return {
    primaryUrl,
    replicaUrl,
    startedInMs: Math.round(performance.now() - started),
    async pauseReplay() {
      await replica("select pg_wal_replay_pause()");
      // Paused means no record is applied after this answer, not merely that a pause was asked.
      for (;;) {
        const row = await replica("select pg_get_wal_replay_pause_state() as state");
        if ((row as { state: string }).state === "paused") return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async resumeReplay() {
      await replica("select pg_wal_replay_resume()");
    },
    caughtUp,
    async stop() {
      for (const data of [replicaData, primaryData]) await stopServer(data).catch(() => {});
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
