import { COUNTED, countOf } from "@repo/contracts/plural";
import type { DbOrTx } from "@repo/db";
import { queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import { clientNetwork } from "./http/client-ip";
import { ApiError } from "./http/errors";

export interface Limit {
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
}

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the window resets (for Retry-After). */
  retryAfter: number;
  /** When the window resets. */
  resetsAt: Date;
  /** Hits counted in the current window. */
  hits: number;
}

function resultOf(
  row: { window_start: string | Date; hits: number } | undefined,
  limit: Limit,
  now: Date,
): LimitResult {
  if (!row) return { allowed: true, retryAfter: 0, resetsAt: now, hits: 0 };
  const resetsAt = new Date(new Date(row.window_start).getTime() + limit.windowSeconds * 1000);
  const retryAfter = Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000));
  return { allowed: Number(row.hits) <= limit.max, retryAfter, resetsAt, hits: Number(row.hits) };
}

/**
 * Fixed-window counter kept in PostgreSQL so that every API instance shares it. One statement:
 * start a new window when the old one is over, otherwise count the hit.
 */
export async function hit(db: DbOrTx, key: string, limit: Limit, now = new Date()): Promise<LimitResult> {
  const cutoff = new Date(now.getTime() - limit.windowSeconds * 1000);
  const ends = new Date(now.getTime() + limit.windowSeconds * 1000);
  const [row] = await queryRows<{ window_start: string | Date; hits: number }>(
    db,
    sql`insert into rate_limits (key, window_start, hits, expires_at)
        values (${key}, ${now.toISOString()}, 1, ${ends.toISOString()})
        on conflict (key) do update set
          hits = case when rate_limits.window_start <= ${cutoff.toISOString()} then 1 else rate_limits.hits + 1 end,
          window_start = case when rate_limits.window_start <= ${cutoff.toISOString()} then excluded.window_start else rate_limits.window_start end,
          expires_at = case when rate_limits.window_start <= ${cutoff.toISOString()} then excluded.expires_at else rate_limits.expires_at end
        returning window_start, hits`,
  );
  return resultOf(row, limit, now);
}

/**
 * Whether the key's limit is spent, without counting: for limits that count failures only, read
 * before the attempt and counted (`hit`) when it fails.
 */
export async function peek(db: DbOrTx, key: string, limit: Limit, now = new Date()): Promise<LimitResult> {
  const cutoff = new Date(now.getTime() - limit.windowSeconds * 1000);
  const [row] = await queryRows<{ window_start: string | Date; hits: number }>(
    db,
    sql`select window_start, hits from rate_limits where key = ${key} and window_start > ${cutoff.toISOString()}`,
  );
  // A spent limit stays spent until its window ends: `max` hits are allowed, the next is not.
  const result = resultOf(row, limit, now);
  return { ...result, allowed: result.hits < limit.max };
}

/**
 * The key of a per-address counter: `${name}:ip:` and the caller's network (an IPv4 address or an
 * IPv6 /64, docs/decisions/048-sign-in-limits-that-spare-honest-people.md), so that hopping
 * through one's own /64 or spelling an address another way is the same client.
 */
export function perNetwork(name: string, clientIp: string): string {
  return `${name}:ip:${clientNetwork(clientIp)}`;
}

/**
 * Marks a key until a time (a pause, a device or network an account is known on); a later mark
 * moves the time. Kept in `expires_at`, so the housekeeping drops it when it lapses.
 */
export async function markUntil(db: DbOrTx, key: string, until: Date, now = new Date()): Promise<void> {
  await db.execute(
    sql`insert into rate_limits (key, window_start, hits, expires_at)
        values (${key}, ${now.toISOString()}, 1, ${until.toISOString()})
        on conflict (key) do update set window_start = excluded.window_start, expires_at = excluded.expires_at`,
  );
}

/** Until when a key is marked, or undefined when it is not (any more). */
export async function markedUntil(db: DbOrTx, key: string, now = new Date()): Promise<Date | undefined> {
  const [row] = await queryRows<{ expires_at: string | Date }>(
    db,
    sql`select expires_at from rate_limits where key = ${key} and expires_at > ${now.toISOString()}`,
  );
  return row ? new Date(row.expires_at) : undefined;
}

/**
 * Marks a key until a time only if it is not marked now, in one statement: of parallel callers
 * exactly one claims it. Returns the mark in force when another holds it.
 */
export async function claimUntil(
  db: DbOrTx,
  key: string,
  until: Date,
  now = new Date(),
): Promise<{ claimed: true } | { claimed: false; until: Date }> {
  const [row] = await queryRows<{ key: string }>(
    db,
    sql`insert into rate_limits (key, window_start, hits, expires_at)
        values (${key}, ${now.toISOString()}, 1, ${until.toISOString()})
        on conflict (key) do update set window_start = excluded.window_start, expires_at = excluded.expires_at
        where rate_limits.expires_at <= ${now.toISOString()}
        returning key`,
  );
  if (row) return { claimed: true };
  return { claimed: false, until: (await markedUntil(db, key, now)) ?? now };
}

/** Takes back one hit (an attempt counted in advance that turned out to succeed). */
export async function unhit(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${key}`);
}

/** Forgets a key's hits (after a successful sign-in). */
export async function clear(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Counts a hit and refuses with 429 and Retry-After when the limit is spent. */
export async function enforceLimit(db: DbOrTx, key: string, limit: Limit): Promise<void> {
  const result = await hit(db, key, limit);
  if (!result.allowed) throw tooMany(`Too many attempts. ${tryAgain(result)}`, result);
}

const istTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Kolkata",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "14:35" in India Standard Time (the programme's clock), rounded up to the next minute. */
function untilIst(when: Date): string {
  const rounded = new Date(Math.ceil(when.getTime() / 60_000) * 60_000);
  return istTime.format(rounded);
}

/**
 * How long a refusal lasts, in the words every limit uses: "Try again in 3 minutes, after 14:35
 * (IST)." The minutes are what a person can act on whatever their clock says (decision 048).
 */
export function tryAgain(result: Pick<LimitResult, "resetsAt">, now = new Date()): string {
  const minutes = Math.max(1, Math.ceil((result.resetsAt.getTime() - now.getTime()) / 60_000));
  return `Try again in ${countOf(minutes, COUNTED.minute)}, after ${untilIst(result.resetsAt)} (IST).`;
}

/** A refusal lasting until `resetsAt` (a pause, a mark), in the shape `tooMany` takes. */
export function refusalUntil(resetsAt: Date, now = new Date()): Pick<LimitResult, "resetsAt" | "retryAfter"> {
  return { resetsAt, retryAfter: Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000)) };
}

/** 429 with Retry-After. */
export function tooMany(message: string, result: Pick<LimitResult, "retryAfter">): ApiError {
  return new ApiError(429, message, undefined, { "Retry-After": String(result.retryAfter) });
}

/**
 * A public form limited the way schools use it (decision 027): its successes per address, for
 * what they cost (accounts, mail), and separately its failures (a taken username, an unknown
 * code: guessing and enumeration). Only the caller's mistakes count towards the second, so a
 * school lab's many good registrations are not refused for a few typos, nor the other way round.
 */
export async function limitedAttempt<T>(
  db: DbOrTx,
  limits: { successes?: { key: string; limit: Limit }; failures: { key: string; limit: Limit }; what: string },
  attempt: () => Promise<T>,
): Promise<T> {
  const { successes, failures } = limits;
  const failed = await peek(db, failures.key, failures.limit);
  if (!failed.allowed) {
    throw tooMany(`Too many failed ${limits.what} from your network. ${tryAgain(failed)}`, failed);
  }
  if (successes) {
    const done = await peek(db, successes.key, successes.limit);
    if (!done.allowed) {
      throw tooMany(`Too many ${limits.what} from your network. ${tryAgain(done)}`, done);
    }
  }
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    // The caller's mistake (4xx) counts; a server error is not the caller's.
    if (error instanceof ApiError && error.status < 500 && error.status !== 429) {
      await hit(db, failures.key, failures.limit);
    }
    throw error;
  }
  if (successes) await hit(db, successes.key, successes.limit);
  return result;
}
