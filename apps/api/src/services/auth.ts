import type { AppId } from "@repo/auth/apps";
import { decoyHash, hashPassword, verifyPassword } from "@repo/auth/password";
import {
  type ChangePasswordBody,
  LOGIN_FAILURES_PER_CLIENT,
  LOGIN_KNOWN_ADDRESS_DAYS,
  LOGIN_LIMIT_PER_ACCOUNT,
  LOGIN_LOCKOUT,
  LOGIN_SLOWDOWN,
  type LoginData,
  PASSWORD_MESSAGES,
  PASSWORD_RECHECKS_PER_ACCOUNT,
  USERNAME_CHECKS_PER_CLIENT,
  USERNAMES_TAKEN_PER_CLIENT,
} from "@repo/contracts/auth";
import type { Db, DbOrTx } from "@repo/db";
import { users } from "@repo/db/schema";
import { eq } from "drizzle-orm";
import type { ApiConfig } from "../context";
import { ApiError, invalidField } from "../http/errors";
import { type Actor, recordActivity } from "./activity";
import { clear, enforceLimit, hit, peek, tooMany, unhit, untilIst } from "./rate-limit";
import { revokeOtherSignIns, revokeSignIn, startSignIn } from "./sessions";
import { findUserByUsername } from "./users";

/** The counters of one sign-in attempt (docs/decisions/027-limits-that-fit-schools.md). */
function loginKeys(username: string, clientIp: string) {
  const user = username.toLowerCase();
  return {
    client: `login-fail:ip:${clientIp}`,
    slowdown: `login-fail:slow:${user}@${clientIp}`,
    lockout: `login-fail:lock:${user}@${clientIp}`,
    account: `login-fail:user:${user}`,
    known: `login-known:${user}@${clientIp}`,
  };
}

const KNOWN_ADDRESS = { max: Number.MAX_SAFE_INTEGER, windowSeconds: LOGIN_KNOWN_ADDRESS_DAYS * 86_400 };

/**
 * Signs a user in to one app. Wrong credentials fail the same way, in the same time, whether or
 * not the account exists. Only wrong passwords are counted (decision 027): per address across
 * accounts; per account and address (a pause, then a lock for that address only); and per
 * account across addresses, past which only addresses the account signed in from before may try.
 */
export async function signIn(
  db: Db,
  config: ApiConfig,
  input: { username: string; password: string; app: AppId; clientIp: string; requestId: string },
): Promise<LoginData> {
  const keys = loginKeys(input.username, input.clientIp);
  const clientLimit = { ...LOGIN_FAILURES_PER_CLIENT, max: config.loginLimitPerClient };
  const client = await peek(db, keys.client, clientLimit);
  if (!client.allowed) {
    throw tooMany(
      `Too many failed sign-ins from your network. Try again after ${untilIst(client.resetsAt)} (IST).`,
      client,
    );
  }
  // Counted before the password is checked, so that parallel guesses cannot slip past the
  // limit; a successful sign-in takes its hit back.
  const lockout = await hit(db, keys.lockout, LOGIN_LOCKOUT);
  const slowdown = await hit(db, keys.slowdown, LOGIN_SLOWDOWN);
  const account = await hit(db, keys.account, LOGIN_LIMIT_PER_ACCOUNT);
  const undo = () => Promise.all([unhit(db, keys.lockout), unhit(db, keys.slowdown), unhit(db, keys.account)]);
  if (!lockout.allowed) {
    await undo();
    throw tooMany(
      `Too many wrong passwords for this account. Signing in to it from here is locked until ${untilIst(lockout.resetsAt)} (IST).`,
      lockout,
    );
  }
  if (!slowdown.allowed) {
    await undo();
    throw tooMany(
      `Too many wrong passwords in a row. Wait until ${untilIst(slowdown.resetsAt)} (IST), ${slowdown.retryAfter} seconds, and try again.`,
      slowdown,
    );
  }
  if (!account.allowed && (await peek(db, keys.known, KNOWN_ADDRESS)).hits === 0) {
    await undo();
    throw tooMany(
      `This account has had too many wrong passwords. Signing in to it from a new network is paused until ${untilIst(account.resetsAt)} (IST); networks it was used from before still work.`,
      account,
    );
  }

  const user = await findUserByUsername(db, input.username);
  // Verify against a real hash even for unknown usernames so timing does not reveal accounts.
  const matches = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
  if (!user || !matches || !user.isActive) {
    await hit(db, keys.client, clientLimit);
    throw new ApiError(401, "Login failed");
  }
  // Right password: this address's own failures are forgiven, the account-wide count keeps the
  // others' (a guesser elsewhere stays limited), and the address becomes known to the account.
  await Promise.all([clear(db, keys.lockout), clear(db, keys.slowdown), unhit(db, keys.account)]);
  await hit(db, keys.known, KNOWN_ADDRESS);

  const { token, signInId } = await startSignIn(db, user.id, input.app, config.sessionIdleHours);
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
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

/**
 * Whether a username is free (case-insensitive). Per client address, floods are limited, and the
 * look-ups that find a taken name (what enumerating accounts is after) much more tightly.
 */
export async function isUsernameAvailable(db: Db, username: string, clientIp: string): Promise<boolean> {
  await enforceLimit(db, `check-username:ip:${clientIp}`, USERNAME_CHECKS_PER_CLIENT);
  const takenKey = `check-username-taken:ip:${clientIp}`;
  const taken = await peek(db, takenKey, USERNAMES_TAKEN_PER_CLIENT);
  if (!taken.allowed) {
    throw tooMany(
      `Too many taken usernames were looked up from your network. Try again after ${untilIst(taken.resetsAt)} (IST).`,
      taken,
    );
  }
  const free = !(await findUserByUsername(db, username));
  if (!free) await hit(db, takenKey, USERNAMES_TAKEN_PER_CLIENT);
  return free;
}

/** Changes the caller's password after checking the current one; other sign-ins end. */
export async function changePassword(
  db: Db,
  actor: Actor & { signInId: string },
  body: ChangePasswordBody,
): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, actor.userId));
  if (!user) throw invalidField("old_password", "The current password is not correct");
  await recheckPassword(db, user.id, user.passwordHash, body.old_password, {
    field: "old_password",
    message: "The current password is not correct",
  });
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

/**
 * Checks the signed-in user's own password again before a sensitive change (change password,
 * bank details). Whoever holds a session may guess it: wrong guesses are limited per account,
 * counted before the check so that parallel guesses cannot slip past.
 */
export async function recheckPassword(
  db: DbOrTx,
  userId: number,
  passwordHash: string,
  password: string,
  wrong: { field: string; message: string },
): Promise<void> {
  const key = `password-recheck:user:${userId}`;
  const counted = await hit(db, key, PASSWORD_RECHECKS_PER_ACCOUNT);
  if (!counted.allowed) {
    await unhit(db, key);
    throw tooMany(`Too many wrong passwords. You can try again after ${untilIst(counted.resetsAt)} (IST).`, counted);
  }
  if (!(await verifyPassword(passwordHash, password))) throw invalidField(wrong.field, wrong.message);
  await clear(db, key);
}
