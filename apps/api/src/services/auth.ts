import type { AppId } from "@repo/auth/apps";
import { decoyHash, hashPassword, verifyPassword } from "@repo/auth/password";
import {
  type ChangePasswordBody,
  LOGIN_LIMIT_PER_ACCOUNT,
  type LoginData,
  PASSWORD_MESSAGES,
  USERNAME_CHECKS_PER_CLIENT,
} from "@repo/contracts/auth";
import type { Db } from "@repo/db";
import { users } from "@repo/db/schema";
import { eq } from "drizzle-orm";
import type { ApiConfig } from "../context";
import { ApiError, invalidField } from "../http/errors";
import { type Actor, recordActivity } from "./activity";
import { clear, enforceLimit } from "./rate-limit";
import { revokeOtherSignIns, revokeSignIn, startSignIn } from "./sessions";
import { findUserByUsername } from "./users";

const accountKey = (username: string) => `login:user:${username.toLowerCase()}`;

/**
 * Signs a user in to one app. Wrong credentials fail the same way, in the same time, whether or
 * not the account exists; attempts are limited per client address and per account.
 */
export async function signIn(
  db: Db,
  config: ApiConfig,
  input: { username: string; password: string; app: AppId; clientIp: string; requestId: string },
): Promise<LoginData> {
  await enforceLimit(db, `login:ip:${input.clientIp}`, { max: config.loginLimitPerClient, windowSeconds: 60 });
  await enforceLimit(db, accountKey(input.username), LOGIN_LIMIT_PER_ACCOUNT);

  const user = await findUserByUsername(db, input.username);
  // Verify against a real hash even for unknown usernames so timing does not reveal accounts.
  const matches = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
  if (!user || !matches || !user.isActive) throw new ApiError(401, "Login failed");

  const { token, signInId } = await startSignIn(db, user.id, input.app, config.sessionIdleHours);
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  await clear(db, accountKey(input.username));
  await recordActivity(db, {
    userId: user.id,
    action: "auth.login",
    entity: "sign_in",
    entityId: signInId,
    after: { app: input.app, ip: input.clientIp },
    requestId: input.requestId,
  });
  return {
    token,
    user: { id: user.id, username: user.username, role_id: user.roleId },
    mobile_verification_required: Boolean(user.mobile) && !user.mobileVerified,
  };
}

/** Ends a sign-in in every app it reached. */
export async function signOut(db: Db, actor: Actor & { signInId: string }): Promise<void> {
  const revoked = await revokeSignIn(db, actor.signInId);
  await recordActivity(db, {
    userId: actor.userId,
    action: "auth.logout",
    entity: "sign_in",
    entityId: actor.signInId,
    after: { sessions_revoked: revoked },
    requestId: actor.requestId,
  });
}

/** Whether a username is free (case-insensitive); limited per client address. */
export async function isUsernameAvailable(db: Db, username: string, clientIp: string): Promise<boolean> {
  await enforceLimit(db, `check-username:ip:${clientIp}`, USERNAME_CHECKS_PER_CLIENT);
  return !(await findUserByUsername(db, username));
}

/** Changes the caller's password after checking the current one; other sign-ins end. */
export async function changePassword(
  db: Db,
  actor: Actor & { signInId: string },
  body: ChangePasswordBody,
): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, actor.userId));
  if (!user || !(await verifyPassword(user.passwordHash, body.old_password))) {
    throw invalidField("old_password", "The current password is not correct");
  }
  if (await verifyPassword(user.passwordHash, body.new_password)) {
    throw invalidField("new_password", PASSWORD_MESSAGES.sameAsOld);
  }
  await db
    .update(users)
    .set({
      passwordHash: await hashPassword(body.new_password),
      passwordChangedAt: new Date(),
      mustChangePassword: false,
      updatedAt: new Date(),
    })
    .where(eq(users.id, actor.userId));
  await revokeOtherSignIns(db, actor.userId, actor.signInId);
  await recordActivity(db, {
    userId: actor.userId,
    action: "user.change-password",
    entity: "user",
    entityId: actor.userId,
    requestId: actor.requestId,
  });
}
