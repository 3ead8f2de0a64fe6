import type { DbOrTx } from "@repo/db";
import { queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import { ApiError } from "../http/errors";

export interface Limit {
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
}

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the window resets (for Retry-After). */
  retryAfter: number;
}

/**
 * Fixed-window counter kept in PostgreSQL so that every API instance shares it. One statement:
 * start a new window when the old one is over, otherwise count the hit.
 */
export async function hit(db: DbOrTx, key: string, limit: Limit, now = new Date()): Promise<LimitResult> {
  const windowMs = limit.windowSeconds * 1000;
  const cutoff = new Date(now.getTime() - windowMs);
  const [row] = await queryRows<{ window_start: string | Date; hits: number }>(
    db,
    sql`insert into rate_limits (key, window_start, hits) values (${key}, ${now.toISOString()}, 1)
        on conflict (key) do update set
          hits = case when rate_limits.window_start <= ${cutoff.toISOString()} then 1 else rate_limits.hits + 1 end,
          window_start = case when rate_limits.window_start <= ${cutoff.toISOString()} then excluded.window_start else rate_limits.window_start end
        returning window_start, hits`,
  );
  if (!row) return { allowed: true, retryAfter: 0 };
  const started = new Date(row.window_start).getTime();
  const retryAfter = Math.max(1, Math.ceil((started + windowMs - now.getTime()) / 1000));
  return { allowed: Number(row.hits) <= limit.max, retryAfter };
}

/** Forgets an account's failures (after a successful sign-in). */
export async function clear(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Counts a hit and refuses with 429 and Retry-After when the limit is spent. */
export async function enforceLimit(db: DbOrTx, key: string, limit: Limit): Promise<void> {
  const result = await hit(db, key, limit);
  if (!result.allowed) {
    throw new ApiError(429, `Too many attempts. Please wait ${result.retryAfter} seconds and try again.`, undefined, {
      "Retry-After": String(result.retryAfter),
    });
  }
}
