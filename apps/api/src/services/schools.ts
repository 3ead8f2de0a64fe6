import type { SchoolToggleData } from "@repo/contracts/schools";
import { SCHOOL_TOGGLE_MESSAGES } from "@repo/contracts/schools-constants";
import type { Db } from "@repo/db";
import { schools, users } from "@repo/db/schema";
import { eq } from "drizzle-orm";
import { notFound } from "../http/errors";
import { type Actor, recordActivity } from "./activity";

/**
 * The school account deactivates itself, or activates itself again (docs/domain.md, "School
 * account"). The row is locked so that two clicks cannot both read the old state.
 */
export async function toggleOwnSchool(db: Db, actor: Actor): Promise<{ data: SchoolToggleData; message: string }> {
  const [user] = await db.select({ schoolId: users.schoolId }).from(users).where(eq(users.id, actor.userId));
  const schoolId = user?.schoolId;
  if (!schoolId) throw notFound("School");
  const isActive = await db.transaction(async (tx) => {
    const [school] = await tx
      .select({ isActive: schools.isActive })
      .from(schools)
      .where(eq(schools.id, schoolId))
      .for("update");
    if (!school) throw notFound("School");
    const next = !school.isActive;
    await tx.update(schools).set({ isActive: next, updatedAt: new Date() }).where(eq(schools.id, schoolId));
    await recordActivity(tx, {
      userId: actor.userId,
      action: next ? "school.activate" : "school.deactivate",
      entity: "schools",
      entityId: schoolId,
      before: { is_active: school.isActive },
      after: { is_active: next },
      requestId: actor.requestId,
    });
    return next;
  });
  return {
    data: { school_id: schoolId, is_active: isActive ? 1 : 0 },
    message: isActive ? SCHOOL_TOGGLE_MESSAGES.activated : SCHOOL_TOGGLE_MESSAGES.deactivated,
  };
}
