import { createHash } from "node:crypto";
import { once } from "node:events";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { PGlite, type Transaction as PGliteTransaction, types as pgliteTypes } from "@electric-sql/pglite";
import { type ExtractTablesWithRelations, type RelationalSchemaConfig, type SQL, sql } from "drizzle-orm";
import {
  drizzle as drizzlePg,
  type NodePgDatabase,
  NodePgSession,
  type NodePgSessionOptions,
  NodePgTransaction,
} from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { type PgDatabase, PgDialect, type PgQueryResultHKT, type PgTransactionConfig } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import * as schema from "./schema/index";

export { schema };

import { pacer } from "./pace";

export { EVENT_LOOP_SLICE_MS, pacer } from "./pace";
export type Schema = typeof schema;
/** The query API shared by both drivers; domain code depends on this, never on a driver. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle inside `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** What a service function takes when it may run alone or inside a caller's transaction. */
export type DbOrTx = Db | Tx;
export type Driver = "pglite" | "postgres";

export interface Database {
  readonly db: Db;
  readonly driver: Driver;
  /** Round-trips `select 1`; resolves with the latency in milliseconds. */
  ping(): Promise<number>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL URL. When set, the server is used; otherwise embedded PGlite. */
  url?: string | undefined;
  /** PGlite data folder (created if missing). Defaults to `.data/pglite` in the working directory. */
  dataDir?: string | undefined;
  /** PGlite only: start from a dumped data folder (a migrated template, used by tests). */
  loadDataDir?: Blob | File | undefined;
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  /** Folder holding the SQL migrations; defaults to the package's own `migrations/`. */
  migrationsFolder?: string | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /**
   * What stands between the pool and PostgreSQL: nothing ("none", the default) or PgBouncer in
   * transaction mode ("pgbouncer"), which keeps no session state from one transaction to the next:
   * statements then go unnamed, the pool sends no startup options, and the session locks use
   * `directUrl` (docs/decisions/066-pgbouncer-transaction-mode.md).
   */
  pooler?: Pooler | undefined;
  /** PostgreSQL itself (or a session-mode pool) for what holds a session; required with a pooler. */
  directUrl?: string | undefined;
}

/** See `OpenDatabaseOptions.pooler`. */
export type Pooler = "none" | "pgbouncer";

/** Pools (and their connections) behind a transaction-mode pooler: no named statements there. */
const unnamedStatements = new WeakSet<object>();
/** The direct URL of a pool behind a transaction-mode pooler, for `sessionLock`. */
const directUrls = new WeakMap<pg.Pool, string>();

/**
 * How long a request waits for a PostgreSQL connection (a new one, or a free one of the pool)
 * before it fails as "database unavailable": without it a server that does not answer (a
 * restart, a network cut) holds every request until the client gives up.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/** SQLSTATE codes of a server that is down, starting, stopping or full (class 08 is any connection failure). */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
/** Socket errors of a server that cannot be reached. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
/** What node-postgres says when a connection breaks or cannot be had in time (these carry no code). */
const UNAVAILABLE_MESSAGES = ["Connection terminated", "not queryable", "timeout exceeded when trying to connect"];

/**
 * Whether an error means the database cannot be reached right now (down, restarting, unreachable,
 * out of connections), rather than that the query was wrong. Such a request is worth repeating in
 * a moment: the API answers 503 with Retry-After and the job queue tries the job again. Follows
 * the cause chain (drizzle wraps the driver's error) and AggregateError (a refused IPv4 and IPv6).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const e = queue.shift();
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (
      typeof code === "string" &&
      (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08") || UNAVAILABLE_SOCKET_CODES.has(code))
    )
      return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) return true;
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return false;
}

/**
 * Where the committed SQL migrations are. From source this is packages/db/migrations; a bundled
 * server (apps/api/dist/bin/server.mjs) ships a copy at dist/migrations, which is the same
 * relative place ("../migrations" from the file holding this code).
 */
export function defaultMigrationsFolder(): string {
  const fromEnv = process.env.DB_MIGRATIONS_DIR;
  if (fromEnv) return fromEnv;
  return fileURLToPath(new URL("../migrations", import.meta.url));
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  if (options.migrate !== false && !existsSync(path.join(migrationsFolder, "meta", "_journal.json"))) {
    throw new Error(`No migrations found in ${migrationsFolder} (set DB_MIGRATIONS_DIR)`);
  }

  if (options.url) {
    const pooled = options.pooler === "pgbouncer";
    if (pooled && !options.directUrl) {
      throw new Error(
        "A pool behind PgBouncer in transaction mode needs a direct URL to PostgreSQL for its session locks",
      );
    }
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // No JIT: the portal's statements are short, and a plan whose estimate passes jit_above_cost
      // (a list with a subquery per row) spent 100-160 ms compiling to save nothing
      // (docs/decisions/037-list-latency.md). A URL's own `options` still wins. PgBouncer refuses
      // startup options: there the pooler's connect_query or the role turns JIT off (decision 066).
      ...(pooled ? {} : { options: "-c jit=off" }),
    });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    // Nor one lost while checked out between two statements (pg-pool takes its idle listener off
    // while it is lent): its holder's next statement fails, and the release drops it (a database
    // restart ended every API instance: packages/db/test/connection-lost.test.ts).
    pool.on("connect", (client) => client.on("error", () => {}));
    if (pooled) {
      unnamedStatements.add(pool);
      pool.on("connect", (client) => unnamedStatements.add(client));
      directUrls.set(pool, options.directUrl as string);
    }
    const db = drizzlePg(pool, { schema });
    transactionsGiveBack(db, pool);
    if (options.migrate !== false) await migratePg(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      driver: "postgres",
      ping: () => timed(() => db.execute(sql`select 1`)),
      close: () => pool.end(),
    };
  }

  let dataDir: string | undefined;
  let unlock = () => {};
  if (!options.loadDataDir) {
    dataDir = path.resolve(options.dataDir ?? path.join(".data", "pglite"));
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  try {
    const client = await PGlite.create({
      dataDir,
      loadDataDir: options.loadDataDir,
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    });
    pacedStatements(client);
    const db = drizzlePglite(client, { schema });
    if (options.migrate !== false) await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      driver: "pglite",
      ping: () => timed(() => db.execute(sql`select 1`)),
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * drizzle-orm's node-postgres transaction (0.45) takes a pooled connection and sends BEGIN outside
 * the block that gives it back: when BEGIN fails (behind PgBouncer while PostgreSQL restarts,
 * "server login has been failing"), the connection stays lent for good, and after as many failures
 * as the pool holds its process answers 503 until restarted (the season rehearsal, issue 38). The
 * same transaction, with the connection given back whatever fails, and dropped when a statement
 * of the transaction's own (BEGIN, COMMIT, ROLLBACK) failed.
 */
/** drizzle's own words for a transaction's settings (isolation level, access mode). */
const configSql = (tx: unknown, config: PgTransactionConfig): SQL =>
  (tx as { getTransactionConfigSQL(config: PgTransactionConfig): SQL }).getTransactionConfigSQL(config);

export function transactionsGiveBack(db: NodePgDatabase<Schema>, pool: pg.Pool): void {
  const session = (db as unknown as { session: NodePgSession<Schema, ExtractTablesWithRelations<Schema>> }).session;
  const {
    dialect,
    schema: tables,
    options,
  } = session as unknown as {
    dialect: PgDialect;
    schema: RelationalSchemaConfig<ExtractTablesWithRelations<Schema>> | undefined;
    options: NodePgSessionOptions;
  };
  session.transaction = async (transaction, config) => {
    const client = await pool.connect();
    const tx = new NodePgTransaction<Schema, ExtractTablesWithRelations<Schema>>(
      dialect,
      new NodePgSession(client, dialect, tables, options),
      tables,
    );
    let broken: Error | undefined;
    const own = async (statement: SQL) => {
      try {
        await tx.execute(statement);
      } catch (error) {
        broken = error as Error;
        throw error;
      }
    };
    try {
      await own(sql`begin${config ? sql` ${configSql(tx, config)}` : undefined}`);
      try {
        const result = await transaction(tx);
        await own(sql`commit`);
        return result;
      } catch (error) {
        if (!broken) await own(sql`rollback`).catch(() => {});
        throw error;
      }
    } finally {
      client.release(broken);
    }
  };
}

/**
 * PGlite runs each statement on this thread, and awaiting one gives the event loop no turn: a job
 * or request running a thousand short statements held every other request 1.5 s. Each statement
 * (of a transaction too) first lets waiting requests in once 5 ms of work has passed since the last
 * pause (pacer, decision 047 "The event loop"); one long statement still holds the loop.
 */
function pacedStatements(client: PGlite): void {
  const pace = pacer();
  const paced =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await pace();
      return run(...args);
    };
  client.query = paced(client.query.bind(client)) as PGlite["query"];
  client.exec = paced(client.exec.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      tx.query = paced(tx.query) as PGliteTransaction["query"];
      tx.exec = paced(tx.exec);
      return callback(tx);
    });
}

/**
 * PGlite's buffer cache is the API process's own memory and never shrinks, and its files are in
 * the operating system's cache too: 32 MB instead of PostgreSQL's 128 MB (decision 047).
 */
const PGLITE_SETTINGS = ["-c", "shared_buffers=32MB"];

/** Thrown when another live process holds an embedded database folder. */
export class DataDirInUseError extends Error {}

/** The lock files this process holds. */
const heldHere = new Set<string>();

/**
 * Holds an embedded database folder for this process: `<folder>.lock` names the holder. PGlite
 * is one process's database; a second process opening the same folder (a second API, a backup or
 * a restore while the portal runs) would corrupt it, so it is refused. A lock left by a process
 * that died is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = `${path.resolve(dataDir)}.lock`;
  if (heldHere.has(file)) {
    throw new DataDirInUseError(
      `The embedded database in ${dataDir} is already open in this process (pid ${process.pid}).`,
    );
  }
  const me = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(me), { flag: "wx" });
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        // Only our own lock: a folder taken over after we were presumed dead is not ours to free.
        if (readLock(file)?.pid === me.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = readLock(file);
    // Our own pid in a lock we do not hold is a previous run's (a container restarts as pid 1).
    if (holder && holder.pid !== process.pid && (holder.host !== me.host || isAlive(holder.pid))) {
      throw new DataDirInUseError(
        `The embedded database in ${dataDir} is in use by process ${holder.pid} on ${holder.host} (since ${holder.since}): ` +
          "the portal is running. Stop it (Ctrl-C, or stop the API) and try again.",
      );
    }
    rmSync(file, { force: true }); // left by a process that died
  }
  throw new DataDirInUseError(`Could not lock ${dataDir}: another process took it at the same moment. Try again.`);
}

function readLock(file: string): { pid: number; host: string; since: string } | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return Math.round((performance.now() - started) * 100) / 100;
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`, which drizzle types loosely. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** What queryRowsPrepared reaches of drizzle's database object (its dialect and session). */
interface DrizzleInternals {
  dialect: PgDialect;
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: false,
    ): { execute(): Promise<unknown> };
  };
}

/**
 * `queryRows` as a named prepared statement, named by its text: each pooled PostgreSQL
 * connection parses and plans it once, then reuses the plan (PostgreSQL's plan cache switches to
 * a generic plan after five runs when it is no worse). For the hot lists over small tables
 * (regions, coordinators), whose planning cost as much as running them (decision 042). The text
 * must not vary with the data, or every connection keeps a plan per variant: bind lists as one
 * array (`idsAny`), not as one parameter per id. Rows come out as `queryRows` gives them (the
 * same drizzle session parses them); PGlite runs it as a plain query.
 */
export async function queryRowsPrepared<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const { dialect, session } = db as unknown as DrizzleInternals;
  const built = dialect.sqlToQuery(query);
  const name = statementName(db, `q_${createHash("sha1").update(built.sql).digest("hex").slice(0, 30)}`);
  const result = (await session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}

/**
 * The name to prepare a statement under on this database or transaction: `name`, or "" (an
 * unnamed statement, parsed again each time) behind PgBouncer in transaction mode, where the next
 * transaction may run on a server connection that never saw the name (decision 066).
 */
export function statementName(db: DbOrTx, name: string): string {
  const client = (db as unknown as { session?: { client?: object } }).session?.client;
  return client && unnamedStatements.has(client) ? "" : name;
}

/**
 * `COPY (query) TO STDOUT WITH (FORMAT csv)` as a byte stream, on the PostgreSQL server only
 * (null on PGlite, whose COPY writes to a blob in memory). The server formats and quotes every
 * field, so a million-row export costs Node next to nothing (docs/decisions/019-region-lists.md).
 * COPY takes no bind parameters: the query's are inlined as literals, which is safe only with
 * standard_conforming_strings on (set here for its transaction, as PostgreSQL has it by default; DateStyle ISO too). Resolves once the
 * first bytes arrive, so a failing query rejects instead of breaking a download half-way; the
 * connection goes back to the pool at the end, and is closed if the reader stops early.
 */
export async function copyCsvOut(db: DbOrTx, query: SQL): Promise<Readable | null> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return null;
  const text = new PgDialect().sqlToQuery(query.inlineParams()).sql;
  const connection = await client.connect();
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    connection.release(error);
  };
  try {
    // Dates print as yyyy-mm-dd under DateStyle ISO, as the export's columns expect. In a
    // transaction of its own, so that the settings hold for the COPY behind PgBouncer in
    // transaction mode too and stay off the pooled connection (decision 066).
    await connection.query(
      "begin read only; set local standard_conforming_strings = on; set local datestyle = 'ISO, YMD'",
    );
  } catch (error) {
    release(error as Error);
    throw error;
  }
  const stream = connection.query(copyTo(`copy (${text}) to stdout with (format csv)`));
  stream.on("end", () => {
    connection.query("commit").then(
      () => release(),
      (error: Error) => release(error),
    );
  });
  // Destroyed before its end (the reader went away): the connection is mid-COPY, so it is closed.
  stream.on("close", () => {
    if (!stream.readableEnded) release(new Error("COPY stopped early"));
  });
  await new Promise<void>((resolve, reject) => {
    const settle = () => {
      stream.off("readable", settle);
      stream.off("error", fail);
      resolve();
    };
    const fail = (error: Error) => {
      stream.off("readable", settle);
      release(error);
      reject(error);
    };
    stream.once("readable", settle);
    stream.once("error", fail);
  });
  return stream;
}

/**
 * `COPY table (columns) FROM STDIN` in PostgreSQL's text format, on both drivers: a million rows
 * load in seconds where row inserts take minutes. `rows` yields chunks of ready lines (tab between
 * fields, `\\N` for null, each line ending in a newline; escape text with `copyText`). On the server
 * the chunks stream through one pooled connection outside any transaction; PGlite reads them as one
 * blob. Call it with the database itself, not inside a transaction.
 */
export async function copyRowsIn(
  db: Db,
  table: string,
  columns: readonly string[],
  rows: Iterable<string> | AsyncIterable<string>,
): Promise<void> {
  const target = `${table} (${columns.join(", ")})`;
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    try {
      await copyInOn(connection, target, rows);
      connection.release();
    } catch (error) {
      // The connection may be mid-COPY: close it rather than give it back.
      connection.release(error as Error);
      throw error;
    }
    return;
  }
  if (!(client instanceof PGlite)) throw new Error("copyRowsIn needs the database, not a transaction");
  await copyInOn(client, target, rows);
}

/** The COPY of `copyRowsIn` on one connection: streamed to the server, one blob to PGlite. */
async function copyInOn(
  client: pg.ClientBase | PGlite | PGliteTransaction,
  target: string,
  rows: Iterable<string> | AsyncIterable<string>,
): Promise<void> {
  if (isServerClient(client)) {
    const stream = client.query(copyFrom(`copy ${target} from stdin`));
    for await (const chunk of rows) {
      if (!stream.write(chunk)) await once(stream, "drain");
    }
    stream.end();
    await finished(stream);
    return;
  }
  // PGlite runs in this process and copies a blob into its own memory, which never shrinks: the
  // rows go in blobs of a few megabytes, so that loading a 250 MB file holds no more (decision 047).
  let parts: string[] = [];
  let size = 0;
  const flush = async () => {
    if (parts.length === 0) return;
    const blob = new Blob(parts);
    parts = [];
    size = 0;
    await client.query(`copy ${target} from '/dev/blob'`, [], { blob });
  };
  for await (const chunk of rows) {
    parts.push(chunk);
    size += chunk.length;
    if (size >= PGLITE_COPY_BLOB_CHARS) await flush();
  }
  await flush();
}

/** The most of a COPY that PGlite is given at once (UTF-16 units of the lines, about as many bytes). */
const PGLITE_COPY_BLOB_CHARS = 4 * 1024 * 1024;

/**
 * Whether the database runs inside this process (PGlite): its memory is the process's own and
 * never shrinks, so large sorts are left to spill to disk there (decision 047).
 */
export function runsInProcess(db: DbOrTx): boolean {
  const client =
    (db as unknown as { $client?: unknown }).$client ??
    (db as unknown as { session?: { client?: unknown } }).session?.client;
  return !(client instanceof pg.Pool || client instanceof pg.Client);
}

/** A node-postgres connection (a pool's clients are pg.Client too; pg exports no ClientBase at run time). */
const isServerClient = (client: unknown): client is pg.ClientBase => client instanceof pg.Client;

/** The connection a transaction runs on: a node-postgres client, or PGlite's transaction. */
function transactionClient(tx: Tx): pg.Client | PGliteTransaction {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (client instanceof pg.Client) return client;
  if (client && typeof (client as PGliteTransaction).query === "function" && !(client instanceof pg.Pool)) {
    return client as PGliteTransaction;
  }
  throw new Error("A COPY in a transaction needs the transaction's handle, not the database");
}

/**
 * `COPY table (columns) FROM STDIN` inside the caller's transaction, on both drivers: rows it
 * loads are committed or rolled back with the rest of it (`copyRowsIn` runs outside any). `rows`
 * as for `copyRowsIn`.
 */
export async function copyRowsInTransaction(
  tx: Tx,
  table: string,
  columns: readonly string[],
  rows: Iterable<string> | AsyncIterable<string>,
): Promise<void> {
  await copyInOn(transactionClient(tx), `${table} (${columns.join(", ")})`, rows);
}

/**
 * The rows of `query` inside the caller's transaction (it sees the transaction's own uncommitted
 * rows), in PostgreSQL's COPY text format (fields split by tabs, `\N` for null), `batch` rows
 * at a time from a cursor, on both drivers: neither side holds more than a batch, whatever the
 * query returns (decision 047), and the caller may run other statements, a COPY in among them,
 * on the transaction between two batches. Its parameters are inlined, as in `copyCsvOut`.
 */
export async function* copyRowsOutTransaction(tx: Tx, query: SQL, batch = 20_000): AsyncGenerator<string> {
  const client = transactionClient(tx);
  const text = new PgDialect().sqlToQuery(query.inlineParams()).sql;
  const cursor = `rows_out_${++cursors}`;
  const pace = pacer();
  const run = (statement: string): Promise<unknown> =>
    client instanceof pg.Client ? client.query(statement) : client.query(statement);
  if (client instanceof pg.Client) await client.query("set local standard_conforming_strings = on");
  await run(`declare ${cursor} no scroll cursor for ${text}`);
  try {
    for (;;) {
      const fetch = `fetch forward ${batch} from ${cursor}`;
      // Every value as the text PostgreSQL sent: what COPY would have written, before its escapes.
      const rows: unknown[][] =
        client instanceof pg.Client
          ? (await client.query<unknown[]>({ text: fetch, rowMode: "array", types: RAW_PG_TYPES })).rows
          : (
              await (client as PGliteTransaction).query<unknown[]>(fetch, [], {
                rowMode: "array",
                parsers: RAW_PGLITE_PARSERS,
              })
            ).rows;
      if (rows.length === 0) break;
      let lines = "";
      for (const row of rows) {
        lines += `${row.map((value) => (value === null ? "\\N" : copyText(String(value)))).join("\t")}\n`;
        // A batch of 20,000 rows took 100-200 ms to write out on a busy machine (decision 047).
        await pace();
      }
      yield lines;
      if (rows.length < batch) break;
    }
  } finally {
    await run(`close ${cursor}`).catch(() => {});
  }
}

let cursors = 0;
const asText = (value: string) => value;
const RAW_PG_TYPES = { getTypeParser: () => asText };
/** PGlite's parsers, each replaced by one that keeps the text (and the usual array types too). */
const RAW_PGLITE_PARSERS = Object.fromEntries(
  [...Object.keys(pgliteTypes.parsers), "1000", "1005", "1007", "1009", "1016", "1021", "1022", "1231"].map((oid) => [
    oid,
    asText,
  ]),
);

/** A text field for `copyRowsIn`: backslash, tab, newline and carriage return escaped. */
export function copyText(value: string): string {
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r"))
    : value;
}

/** A session advisory lock held on a connection of its own (PostgreSQL), taken again when that connection breaks. */
export interface SessionLock {
  /** Holds the lock, reconnecting first when the connection was lost (a database restart ends it). */
  hold(): Promise<void>;
  /** Lets go of the lock and closes its connection. */
  close(): Promise<void>;
}

/**
 * Holds `pg_advisory_lock(namespace, hashtext(name))` for as long as this process lives: while
 * the lock is taken, its holder is alive, and PostgreSQL lets go of it the moment the holder's
 * connection ends (a killed process's socket is closed by its kernel). Other processes ask
 * `pg_try_advisory_xact_lock(namespace, hashtext(name))` to learn whether the holder is gone.
 * On PGlite (one process, one session) there is nothing to hold: it answers a no-op lock.
 */
export function sessionLock(db: Db, namespace: number, name: string): SessionLock {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return { hold: async () => {}, close: async () => {} };
  let client: pg.Client | null = null;
  let taking: Promise<void> | null = null;
  const drop = () => {
    const lost = client;
    client = null;
    void lost?.end().catch(() => {});
  };
  return {
    hold() {
      if (client) return Promise.resolve();
      taking ??= (async () => {
        // Behind a transaction-mode pooler the lock would stay on a server connection that others
        // then use: it is held on a connection straight to PostgreSQL (decision 066).
        const direct = directUrls.get(pool as pg.Pool);
        const fresh = new pg.Client(
          direct
            ? { connectionString: direct, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true }
            : { ...(pool as pg.Pool).options, keepAlive: true },
        );
        // A broken connection means the lock is gone too: take it again at the next hold().
        fresh.on("error", () => {
          if (client === fresh) drop();
        });
        fresh.on("end", () => {
          if (client === fresh) client = null;
        });
        try {
          await fresh.connect();
          await fresh.query("select pg_advisory_lock($1, hashtext($2))", [namespace, name]);
          client = fresh;
        } catch (error) {
          await fresh.end().catch(() => {});
          throw error;
        }
      })().finally(() => {
        taking = null;
      });
      return taking;
    },
    async close() {
      await taking?.catch(() => {});
      const held = client;
      client = null;
      await held?.end().catch(() => {});
    },
  };
}
