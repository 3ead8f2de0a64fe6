import { execFile, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

/**
 * A PostgreSQL server of a test's own, in a temporary folder on a free port, for fault tests that
 * stop and start the server (never the machine's shared server, which other work uses). It needs
 * the server binaries (Debian's postgresql package); `privatePostgresBinaries()` says whether
 * they are there, so that a test can skip without them. PostgreSQL refuses to run as root: as
 * root, the server runs as the `postgres` user (ARCHITECTURE pitfall 12).
 */

const run = promisify(execFile);

/** Where Debian puts the server binaries; PG_BIN overrides. */
function binDir(): string | null {
  const candidates = [process.env.PG_BIN, "/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/16/bin"];
  for (const dir of candidates) if (dir && existsSync(path.join(dir, "pg_ctl"))) return dir;
  return null;
}

const isRoot = () => process.getuid?.() === 0;

/** The binaries' folder when a private server can run here, else null (and the reason is logged nowhere: tests skip). */
export function privatePostgresBinaries(): string | null {
  const dir = binDir();
  if (!dir) return null;
  if (isRoot() && spawnSync("id", ["-u", "postgres"]).status !== 0) return null;
  return dir;
}

export interface PrivatePostgres {
  readonly port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  /** Stops the server the fast way (open connections are cut, as in a restart). */
  stop(): Promise<void>;
  /** Starts it again on the same port and folder. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
}

/** A port on 127.0.0.1 nothing listens on now (the servers the tests start take one each). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Creates, starts and returns a private server (one database `postgres`, trust auth on 127.0.0.1). */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = privatePostgresBinaries();
  if (!bin) throw new Error("No PostgreSQL server binaries here (set PG_BIN to their folder)");
  const folder = mkdtempSync(path.join(tmpdir(), "portal-private-pg-"));
  // The server's user must own its folder; as root that is `postgres`.
  chmodSync(folder, 0o777);
  const data = path.join(folder, "data");
  const port = await freePort();
  const as = (command: string, args: string[]) =>
    isRoot()
      ? run("runuser", ["-u", "postgres", "--", path.join(bin, command), ...args])
      : run(path.join(bin, command), args);
  await as("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=60`;
  const start = async () => {
    await as("pg_ctl", ["-D", data, "-l", path.join(folder, "server.log"), "-o", options, "-w", "-t", "60", "start"]);
  };
  const stop = async () => {
    await as("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "60", "stop"]);
  };
  await start();
  let running = true;
  const url = (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`;
  // Wait until it takes connections (pg_ctl -w says it is up; a first connection confirms it).
  const client = new pg.Client({ connectionString: url() });
  await client.connect();
  await client.end();
  return {
    port,
    url,
    async stop() {
      await stop();
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await stop().catch(() => {});
      running = false;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
