import { COUNTED, countOf } from "@repo/contracts/plural";
import type { SchoolDeleteData, SchoolToggleData } from "@repo/contracts/schools";
import { SCHOOL_TOGGLE_MESSAGES } from "@repo/contracts/schools-constants";
import { type Db, queryRows } from "@repo/db";
import { schools, users } from "@repo/db/schema";
import { eq, inArray, sql } from "drizzle-orm";
import { type Actor, recordActivity } from "../../kernel/activity";
import { notFound } from "../../kernel/http/errors";
import { ownSchoolId } from "./ownership";

/**
 * The school account deactivates itself, or activates itself again (docs/domain.md, "School
 * account"). The row is locked so that two clicks cannot both read the old state.
 */
export async function toggleOwnSchool(db: Db, actor: Actor): Promise<{ data: SchoolToggleData; message: string }> {
  const schoolId = await ownSchoolId(db, actor);
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

/**
 * Admins delete schools registered by mistake (a duplicate, a test). A school that has students
 * in any year, or that referred students, is kept with the reason: its history must stay (it can
 * be deactivated instead). With a school go its own accounts, links and bank details.
 */
export async function deleteSchools(db: Db, actor: Actor, ids: number[]): Promise<SchoolDeleteData> {
  return db.transaction(async (tx) => {
    const wanted = [...new Set(ids)];
    const found = await queryRows<{ id: number; name: string; students: number; referred: number }>(
      tx,
      sql`select sc.id, sc.name,
            (select count(*)::int from students s where s.school_id = sc.id) as students,
            (select count(*)::int from students s where s.referred_by_school_id = sc.id) as referred
          from schools sc where sc.id in (select jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb)::int)
          for update of sc`,
    );
    const byId = new Map(found.map((row) => [Number(row.id), row]));
    const result: SchoolDeleteData = { deleted: [], kept: [] };
    for (const id of wanted) {
      const school = byId.get(id);
      if (!school) result.kept.push({ id, reason: "No such school" });
      else if (Number(school.students) > 0)
        result.kept.push({
          id,
          reason: `${school.name} has ${countOf(school.students, COUNTED.student)}: deactivate it instead`,
        });
      else if (Number(school.referred) > 0)
        result.kept.push({
          id,
          reason: `${school.name} referred ${countOf(school.referred, COUNTED.student)}: deactivate it instead`,
        });
      else result.deleted.push(id);
    }
    if (result.deleted.length > 0) {
      await tx.delete(users).where(inArray(users.schoolId, result.deleted));
      await tx.delete(schools).where(inArray(schools.id, result.deleted));
      for (const id of result.deleted) {
        const school = byId.get(id);
        await recordActivity(tx, {
          userId: actor.userId,
          action: "school.delete",
          entity: "schools",
          entityId: id,
          before: { name: school?.name },
          requestId: actor.requestId,
        });
      }
    }
    return result;
  });
}
