import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { CONNECT_TIMEOUT_MS, type Database, type Db, type DbOrTx, schema, transactionsGiveBack } from "./client";

/**
 * The read side of the database (decision 067): a second pool on a streaming replica when
 * DATABASE_READ_URL is set, else the primary itself. Only reports read it (exports, region lists
 * and dashboards, result lists); who may see what is always read on the primary (`primaryOf`).
 * A replica that is down or too far behind is left aside until it answers and catches up.
 */
export interface ReadReplica {
  /** Where reports read: the replica's pool, or the primary's own `db` when there is none. */
  readonly db: Db;
  /** Whether `db` is a replica (reads may lag the primary), rather than the primary itself. */
  readonly separate: boolean;
  /**
   * Whether reports may read the replica now: it answered its last probe and is less than
   * `maxLagMs` behind the primary. False sends reports to the primary (always true without a replica).
   */
  usable(): boolean;
  /** Milliseconds the replica was behind at its last probe; null when it did not answer (or there is none). */
  lagMs(): number | null;
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
  return {
    db: primary.db,
    separate: false,
    usable: () => true,
    lagMs: () => null,
    ping: () => primary.ping(),
    close: async () => {},
  };
}

/** Past this lag reports read the primary until the replica catches up (decision 067). */
export const MAX_REPLICA_LAG_MS = 30_000;
/** How often the lag is measured. */
export const REPLICA_PROBE_MS = 1_000;

/** WAL positions as bytes from 0/0 (text, since they pass 2^53 in time). */
const lsnBytes = (db: Db, position: "pg_current_wal_lsn()" | "pg_last_wal_replay_lsn()") =>
  db.execute(sql.raw(`select pg_wal_lsn_diff(${position}, '0/0')::text as at`)) as unknown as Promise<{
    rows: { at: string | null }[];
  }>;

/**
 * Measures how far the replica is behind, in time: every probe notes the primary's WAL position
 * and the time; the replica is as far behind as the oldest noted position it has not yet applied.
 * An idle primary writes nothing, so an idle replica is 0 behind however old its last record is.
 */
function lagProbe(primary: Db, replica: Db, maxLagMs: number, everyMs: number) {
  const noted: { at: bigint; time: number }[] = [];
  let lag: number | null = null;
  const probe = async () => {
    try {
      const head = (await lsnBytes(primary, "pg_current_wal_lsn()")).rows[0]?.at;
      const now = Date.now();
      if (head != null) noted.push({ at: BigInt(head.split(".")[0] ?? "0"), time: now });
      const replayed = (await lsnBytes(replica, "pg_last_wal_replay_lsn()")).rows[0]?.at;
      if (replayed == null) throw new Error("not a replica: no replay position");
      const applied = BigInt(replayed.split(".")[0] ?? "0");
      while (noted.length > 0 && (noted[0]?.at ?? 0n) <= applied) noted.shift();
      // Keep what decides the lag: the oldest unapplied position, and not more than a few minutes.
      if (noted.length > 600) noted.splice(1, noted.length - 600);
      lag = noted.length === 0 ? 0 : Date.now() - (noted[0]?.time ?? now);
    } catch {
      lag = null;
    }
  };
  const timer = setInterval(() => void probe(), everyMs);
  timer.unref();
  return {
    first: probe(),
    usable: () => lag !== null && lag < maxLagMs,
    lagMs: () => lag,
    stop: () => clearInterval(timer),
  };
}

/**
 * Opens the replica at `url` (no migrations: it replays the primary's), or answers the primary
 * itself when `url` is unset or the primary is embedded PGlite, which has no replicas.
 */
export async function openReadReplica(
  primary: Database,
  url: string | undefined,
  options: { maxConnections?: number; maxLagMs?: number; probeMs?: number } = {},
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
  // A connection lost while lent out fails its holder's next statement, not the process (client.ts).
  pool.on("connect", (client) => client.on("error", () => {}));
  const pooled = drizzlePg(pool, { schema });
  transactionsGiveBack(pooled, pool);
  const db = pooled as unknown as Db;
  primaries.set(db, primary.db);
  const lag = lagProbe(primary.db, db, options.maxLagMs ?? MAX_REPLICA_LAG_MS, options.probeMs ?? REPLICA_PROBE_MS);
  // A replica that does not answer yet is not an error: reports read the primary until it does.
  await lag.first;
  return {
    db,
    separate: true,
    usable: lag.usable,
    lagMs: lag.lagMs,
    async ping() {
      const started = performance.now();
      await db.execute(sql`select 1`);
      return Math.round((performance.now() - started) * 100) / 100;
    },
    async close() {
      lag.stop();
      await pool.end();
    },
  };
}
