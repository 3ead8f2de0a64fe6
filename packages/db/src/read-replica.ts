import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { CONNECT_TIMEOUT_MS, type Database, type Db, type DbOrTx, schema } from "./client";

/**
 * The read side of the database (decision 067): a second pool on a streaming replica when
 * DATABASE_READ_URL is set, else the primary itself. Only reports read it (exports, region lists
 * and dashboards, result lists); who may see what is always read on the primary (`primaryOf`).
 */
export interface ReadReplica {
  /** Where reports read: the replica's pool, or the primary's own `db` when there is none. */
  readonly db: Db;
  /** Whether `db` is a replica (reads may lag the primary), rather than the primary itself. */
  readonly separate: boolean;
  /** Round-trips `select 1` on the replica; resolves with the latency in milliseconds. */
  ping(): Promise<number>;
  close(): Promise<void>;
}

/** Each replica handle's primary, so that an access check given a replica handle reads the primary. */
const primaries = new WeakMap<object, Db>();

/**
 * The primary behind a handle: the handle itself unless it is a replica's. Rules that decide access
 * (a coordinator's regions, the schools an account owns) read through it, so a report handed the
 * replica still decides who sees what from the primary (decision 067).
 */
export function primaryOf(db: DbOrTx): DbOrTx {
  return primaries.get(db) ?? db;
}

/** The primary alone, as reads see it when no replica is configured. */
export function noReadReplica(primary: Database): ReadReplica {
  return { db: primary.db, separate: false, ping: () => primary.ping(), close: async () => {} };
}

/**
 * Opens the replica at `url` (no migrations: it replays the primary's), or answers the primary
 * itself when `url` is unset or the primary is embedded PGlite, which has no replicas.
 */
export async function openReadReplica(
  primary: Database,
  url: string | undefined,
  options: { maxConnections?: number } = {},
): Promise<ReadReplica> {
  if (!url || primary.driver !== "postgres") return noReadReplica(primary);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // As the primary's pool (client.ts); read-only too, so a URL pointing at a primary by mistake
    // still cannot take a write.
    options: "-c jit=off -c default_transaction_read_only=on",
  });
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  primaries.set(db, primary.db);
  return {
    db,
    separate: true,
    async ping() {
      const started = performance.now();
      await db.execute(sql`select 1`);
      return Math.round((performance.now() - started) * 100) / 100;
    },
    close: () => pool.end(),
  };
}
