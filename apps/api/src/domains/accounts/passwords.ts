/**
 * Password management (issue 13, `password/update-password`): Admin and Sub Admin reset the
 * password of anyone but an admin; a zonal, state or prant coordinator that of the coordinators it
 * manages (the levels below its own, in its region: the coordinator list's own condition). The
 * portal makes the password and mails it; the person's sessions end and it must choose its own
 * password at its next sign-in. Nobody else ever sees the password.
 */
import { hashPassword } from "@repo/auth/password";
import { findRole, ROLE } from "@repo/auth/roles";
import { type Page, pageOf } from "@repo/contracts/pagination";
import type { PasswordUserItem, PasswordUserListBody } from "@repo/contracts/passwords";
import { type Db, type DbOrTx, queryRows } from "@repo/db";
import { users } from "@repo/db/schema";
import { eq, type SQL, sql } from "drizzle-orm";
import { type Actor, recordActivity } from "../../kernel/activity";
import { revokeAllSignIns } from "../../kernel/auth/sessions";
import { ApiError, notFound } from "../../kernel/http/errors";
import { containing } from "../../kernel/sql";
import type { RegionScope } from "../geography/scope";
import { addressProblem, enqueueMail } from "../mail/index";
import { temporaryPassword } from "../students/students";
import { coordinatorCondition } from "./coordinators";

type Viewer = Actor & { roleId: number };

/** Whose password the viewer may reset, as a condition on `users u`. */
function manageable(viewer: Viewer, scope: RegionScope, roleId?: number): SQL {
  if (viewer.roleId === ROLE.admin || viewer.roleId === ROLE.subAdmin) {
    return sql.join(
      [
        sql`u.role_id not in (${ROLE.admin}, ${ROLE.subAdmin})`,
        sql`u.id <> ${viewer.userId}`,
        ...(roleId === undefined ? [] : [sql`u.role_id = ${roleId}`]),
      ],
      sql` and `,
    );
  }
  return coordinatorCondition({ ...(roleId === undefined ? {} : { role_id: roleId }) }, viewer, scope);
}

export async function listPasswordUsers(
  db: DbOrTx,
  viewer: Viewer,
  scope: RegionScope,
  body: PasswordUserListBody,
): Promise<Page<PasswordUserItem>> {
  const where = [manageable(viewer, scope, body.role_id)];
  if (body.search) {
    const like = containing(body.search);
    where.push(sql`(u.username ilike ${like} or u.name ilike ${like} or u.email ilike ${like})`);
  }
  const condition = sql.join(where, sql` and `);
  const [counted] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users u where ${condition}`);
  const rows = await queryRows<{
    id: number;
    username: string;
    name: string;
    email: string;
    role_id: number;
    is_active: boolean;
    last_login_at: Date | string | null;
    must_change_password: boolean;
  }>(
    db,
    sql`select u.id, u.username, u.name, u.email, u.role_id, u.is_active, u.last_login_at, u.must_change_password
        from users u where ${condition}
        order by lower(u.username), u.id
        limit ${body.per_page} offset ${(body.page - 1) * body.per_page}`,
  );
  const items = rows.map((row) => ({
    id: Number(row.id),
    username: row.username,
    name: row.name,
    email: row.email,
    role_id: Number(row.role_id),
    role_name: findRole(Number(row.role_id))?.name ?? "Unknown role",
    is_active: row.is_active,
    last_login_at: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
    must_change_password: row.must_change_password,
  }));
  return pageOf(items, Number(counted?.n ?? 0), body.page, body.per_page);
}

/**
 * Gives a user the viewer manages a new password, made here and mailed to the user's address; its
 * sessions end, and it must choose its own password when it next signs in. 404 for anyone else.
 */
export async function resetPassword(
  db: Db,
  viewer: Viewer,
  scope: RegionScope,
  userId: number,
  loginUrl: string,
): Promise<{ username: string; email: string }> {
  return db.transaction(async (tx) => {
    const [user] = await queryRows<{ id: number; username: string; name: string; email: string }>(
      tx,
      sql`select u.id, u.username, u.name, u.email from users u
          where u.id = ${userId} and ${manageable(viewer, scope)} for update of u`,
    );
    if (!user) throw notFound("User");
    const problem = addressProblem(user.email);
    if (problem) {
      throw new ApiError(
        409,
        `${user.username} has no usable e-mail address (${problem}): correct it first, as the new password is mailed.`,
      );
    }
    const password = temporaryPassword();
    const now = new Date();
    await tx
      .update(users)
      .set({
        passwordHash: await hashPassword(password),
        mustChangePassword: true,
        passwordChangedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await revokeAllSignIns(tx, userId);
    const [by] = await tx.select({ name: users.name }).from(users).where(eq(users.id, viewer.userId));
    await enqueueMail(tx, {
      templateKey: "password-set",
      language: "en",
      to: user.email,
      variables: {
        name: user.name,
        set_by: by?.name ?? "The programme office",
        username: user.username,
        password,
        login_url: loginUrl,
      },
      queuedBy: viewer.userId,
    });
    await recordActivity(tx, {
      userId: viewer.userId,
      action: "user.reset-password",
      entity: "users",
      entityId: userId,
      after: { mailed_to: user.email, must_change_password: true },
      requestId: viewer.requestId,
    });
    return { username: user.username, email: user.email };
  });
}
