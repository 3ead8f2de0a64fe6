/**
 * Students' sign-in, as pay support keeps it: switch a student's account off with a reason (a
 * duplicate registration, a refunded payment), list every student who cannot sign in and why, and
 * switch an account on again. A student whose school deactivated itself is listed too, but only
 * the school can bring it back (from its own payment page), so reactivating it is refused.
 */
import { ROLE } from "@repo/auth/roles";
import { type Page, pageOf } from "@repo/contracts/pagination";
import type { InactiveStudentQuery, InactiveStudentRow } from "@repo/contracts/student-accounts";
import { type Db, queryRows } from "@repo/db";
import { sessions, users } from "@repo/db/schema";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { type Actor, recordActivity } from "../../kernel/activity";
import { ApiError, notFound } from "../../kernel/http/errors";
import { containing } from "../../kernel/sql";

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Students who cannot sign in: their own account is off, or their school is deactivated. */
export async function listInactiveStudents(db: Db, query: InactiveStudentQuery): Promise<Page<InactiveStudentRow>> {
  const term = query.search?.trim();
  const cause = sql`case when not u.is_active then 'account' else 'school' end`;
  const where: SQL[] = [
    sql`u.role_id = ${ROLE.student}`,
    query.cause === "account"
      ? sql`not u.is_active`
      : query.cause === "school"
        ? sql`u.is_active and not sc.is_active`
        : sql`(not u.is_active or not sc.is_active)`,
  ];
  if (term) {
    const like = containing(term);
    where.push(sql`(st.first_name || ' ' || st.last_name ilike ${like} or st.roll_number ilike ${like}
      or st.contact_phone ilike ${like} or u.username ilike ${like} or sc.name ilike ${like})`);
  }
  const condition = sql.join(where, sql` and `);
  const from = sql`from users u join students st on st.id = u.student_id left join schools sc on sc.id = st.school_id
    left join users by_user on by_user.id = u.deactivated_by`;
  const offset = (query.page - 1) * query.per_page;
  const [rows, [count]] = await Promise.all([
    queryRows<{
      student_id: number;
      user_id: number;
      username: string;
      first_name: string;
      last_name: string;
      class_level: number;
      roll_number: string | null;
      payment_status: InactiveStudentRow["payment_status"];
      school_name: string | null;
      cause: InactiveStudentRow["cause"];
      deactivated_at: Date | string | null;
      reason: string | null;
      deactivated_by: string | null;
    }>(
      db,
      sql`select st.id as student_id, u.id as user_id, u.username, st.first_name, st.last_name, st.class_level,
            st.roll_number, st.payment_status, coalesce(sc.name, st.unlisted_school_name) as school_name,
            ${cause} as cause, u.deactivated_at, u.deactivation_reason as reason, by_user.name as deactivated_by
          ${from} where ${condition}
          order by u.deactivated_at desc nulls last, st.id desc
          limit ${query.per_page} offset ${offset}`,
    ),
    queryRows<{ total: string | number }>(db, sql`select count(*) as total ${from} where ${condition}`),
  ]);
  return pageOf(
    rows.map(({ first_name, last_name, deactivated_at, ...row }) => ({
      ...row,
      name: `${first_name} ${last_name}`.trim(),
      deactivated_at: iso(deactivated_at),
    })),
    Number(count?.total ?? 0),
    query.page,
    query.per_page,
  );
}

/** The student's own sign-in account, row-locked for a change. */
async function accountOf(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], studentId: number) {
  const [account] = await tx
    .select({ id: users.id, isActive: users.isActive, reason: users.deactivationReason })
    .from(users)
    .where(and(eq(users.studentId, studentId), eq(users.roleId, ROLE.student)))
    .for("update");
  if (!account) throw notFound("Student sign-in");
  return account;
}

/** Switches a student's sign-in off at once: its sessions end and it cannot sign in again. */
export async function deactivateStudent(db: Db, actor: Actor, studentId: number, reason: string) {
  return db.transaction(async (tx) => {
    const account = await accountOf(tx, studentId);
    if (!account.isActive) throw new ApiError(409, "This student's sign-in is already switched off.");
    const now = new Date();
    await tx
      .update(users)
      .set({
        isActive: false,
        deactivatedAt: now,
        deactivationReason: reason,
        deactivatedBy: actor.userId,
        updatedAt: now,
      })
      .where(eq(users.id, account.id));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, account.id), isNull(sessions.revokedAt)));
    await recordActivity(tx, {
      userId: actor.userId,
      action: "student.deactivate",
      entity: "student",
      entityId: studentId,
      before: { is_active: true },
      after: { is_active: false, reason },
      requestId: actor.requestId,
    });
    return { student_id: studentId, user_id: account.id, is_active: false };
  });
}

/** Switches a student's sign-in on again; a student of a deactivated school waits for its school. */
export async function reactivateStudent(db: Db, actor: Actor, studentId: number) {
  return db.transaction(async (tx) => {
    const account = await accountOf(tx, studentId);
    const [school] = await queryRows<{ is_active: boolean | null }>(
      tx,
      sql`select sc.is_active from students st left join schools sc on sc.id = st.school_id where st.id = ${studentId}`,
    );
    if (account.isActive) {
      if (school?.is_active === false) {
        throw new ApiError(
          409,
          "This student's school is deactivated. The school activates itself again from its payment page; its students can then sign in.",
        );
      }
      throw new ApiError(409, "This student's sign-in is already on.");
    }
    await tx
      .update(users)
      .set({
        isActive: true,
        deactivatedAt: null,
        deactivationReason: null,
        deactivatedBy: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, account.id));
    await recordActivity(tx, {
      userId: actor.userId,
      action: "student.reactivate",
      entity: "student",
      entityId: studentId,
      before: { is_active: false, reason: account.reason },
      after: { is_active: true },
      requestId: actor.requestId,
    });
    return { student_id: studentId, user_id: account.id, is_active: true };
  });
}

/** The inactive students in batches, for the list's export (few rows: paging by the list's order is exact enough). */
export async function* inactiveStudentsForExport(db: Db, filters: Omit<InactiveStudentQuery, "page" | "per_page">) {
  for (let page = 1; ; page++) {
    const batch = await listInactiveStudents(db, { ...filters, page, per_page: 100 });
    if (batch.items.length > 0) yield batch.items;
    if (page >= batch.last_page) return;
  }
}
