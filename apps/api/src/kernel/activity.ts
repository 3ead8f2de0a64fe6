import type { DbOrTx } from "@repo/db";
import { activityLog } from "@repo/db/schema";
import type { SQL } from "drizzle-orm";

/** Who is acting, for the activity log: the signed-in user and the request that carried it. */
export interface Actor {
  userId: number;
  requestId: string;
}

export interface Activity {
  userId: number | null;
  /** `resource.verb`, e.g. `zone.create`, `auth.login`. */
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  requestId?: string | null;
}

function activityInsert(db: DbOrTx, activity: Activity) {
  return db.insert(activityLog).values({
    userId: activity.userId,
    action: activity.action,
    entity: activity.entity,
    entityId: activity.entityId == null ? null : String(activity.entityId),
    before: activity.before ?? null,
    after: activity.after ?? null,
    requestId: activity.requestId ?? null,
  });
}

/** Appends to the activity log. Every state-changing endpoint calls this in its transaction. */
export async function recordActivity(db: DbOrTx, activity: Activity): Promise<void> {
  await activityInsert(db, activity);
}

/**
 * The activity log's insert as a statement to run with another (`with logged as (…) update …`),
 * where a hot path saves the round trip.
 */
export function activityInsertSql(db: DbOrTx, activity: Activity): SQL {
  return activityInsert(db, activity).getSQL();
}
