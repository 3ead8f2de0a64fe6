import { type Db, type SessionLock, sessionLock } from "@repo/db";
import { type SQL, sql } from "drizzle-orm";

/**
 * Who is still alive among the job runners and mail workers (docs/decisions/032-faults.md).
 *
 * Each runner or worker holds a PostgreSQL advisory lock named after its id for as long as it
 * runs. When its process is killed, the kernel closes its connection and PostgreSQL lets go of
 * the lock at once; so a runner starting up can tell the work of a dead one (lock free) from the
 * work of a live one on another instance (lock taken) without waiting for the lease to run out.
 * The lease stays the fallback (a machine that vanished without closing its sockets).
 *
 * On PGlite there is one process: every holder not in this process's own list is dead.
 */

/** The advisory-lock namespace of presence locks (the mail claim uses the single-key form). */
export const PRESENCE_LOCKS = 727_002;

/** Ids of this process's live runners and workers. */
const localHolders = new Set<string>();

export interface Presence {
  /** Holds the presence lock (again, after a database restart cut its connection). */
  hold(): Promise<void>;
  close(): Promise<void>;
}

/** Marks `id` as alive until `close()`. */
export function holdPresence(db: Db, id: string): Presence {
  localHolders.add(id);
  const lock: SessionLock = sessionLock(db, PRESENCE_LOCKS, id);
  return {
    hold: () => lock.hold(),
    async close() {
      localHolders.delete(id);
      await lock.close();
    },
  };
}

/**
 * A condition on a `locked_by` column: true when its holder is gone (not one of this process's,
 * and its presence lock is free). Use it in one statement: the probe takes the holder's lock for
 * that transaction only.
 */
export function holderIsGone(column: SQL): SQL {
  const live = [...localHolders];
  return sql`(${column} is not null
    and not (${column} = any(${`{${live.map((id) => `"${id.replace(/["\\]/g, "\\$&")}"`).join(",")}}`}::text[]))
    and pg_try_advisory_xact_lock(${PRESENCE_LOCKS}, hashtext(${column})))`;
}
