import type { AppId } from "@repo/auth/apps";
import { decoyHash, hashPassword, verifyPassword } from "@repo/auth/password";
import {
  type ChangePasswordBody,
  LOGIN_FAILURES_PER_CLIENT,
  LOGIN_KNOWN_DAYS,
  LOGIN_LIMIT_PER_ACCOUNT,
  LOGIN_PAUSES,
  type LoginData,
  loginPauseMinutes,
  normalUsername,
  PASSWORD_MESSAGES,
  PASSWORD_RECHECKS_PER_ACCOUNT,
  USERNAME_CHECKS_PER_CLIENT,
  USERNAMES_TAKEN_PER_CLIENT,
} from "@repo/contracts/auth";
import type { Db, DbOrTx } from "@repo/db";
import { users } from "@repo/db/schema";
import { eq, sql } from "drizzle-orm";
import type { ApiConfig } from "../../context";
import { type Actor, recordActivity } from "../../kernel/activity";
import { revokeOtherSignIns, revokeSignIn, startSignIn } from "../../kernel/auth/sessions";
import { sha256 } from "../../kernel/auth/tokens";
import { clientNetwork } from "../../kernel/http/client-ip";
import { ApiError, invalidField } from "../../kernel/http/errors";
import {
  claimUntil,
  clear,
  enforceLimit,
  hit,
  markedUntil,
  markUntil,
  peek,
  perNetwork,
  refusalUntil,
  tooMany,
  tryAgain,
  unhit,
} from "../../kernel/rate-limit";
import { findUserByUsername } from "./users";

/**
 * Where a sign-in attempt comes from, for its counters (docs/decisions/048-sign-in-limits-that-spare-honest-people.md):
 * a device the account signed in on before (the app's device cookie), else the caller's network
 * (IPv4 address or IPv6 /64), known when the account signed in from it before.
 */
async function signInOrigin(db: Db, user: string, clientIp: string, device: string | undefined) {
  const network = clientNetwork(clientIp);
  const knownNetworkKey = `login-known:${user}@${network}`;
  const deviceId = device ? sha256(device) : undefined;
  const knownDeviceKey = deviceId ? `login-known:${user}#device:${deviceId}` : undefined;
  const knownDevice = knownDeviceKey ? Boolean(await markedUntil(db, knownDeviceKey)) : false;
  const known = knownDevice || Boolean(await markedUntil(db, knownNetworkKey));
  const place = knownDevice ? `device:${deviceId}` : network;
  return {
    known,
    knownNetworkKey,
    knownDeviceKey,
    client: perNetwork("login-fail", clientIp),
    failures: `login-fail:pair:${user}@${place}`,
    pause: `login-pause:${user}@${place}`,
    account: `login-fail:user:${user}`,
  };
}

/**
 * Forgets an account's runs of wrong passwords and their pauses, from every network and device
 * (decision 052): its owner just chose a new password, so the guesses were at an old one. The
 * account-wide count of failures from new places stays.
 */
export async function forgiveSignInFailures(db: DbOrTx, username: string): Promise<void> {
  const user = normalUsername(username);
  // A place (a network or `device:…`) has no "@", so `a@` never reaches the keys of user `a@b`.
  const ofAccount = (prefix: string) =>
    sql`(left(key, ${prefix.length}) = ${prefix} and strpos(substr(key, ${prefix.length + 1}), '@') = 0)`;
  await db.execute(
    sql`delete from rate_limits where ${ofAccount(`login-fail:pair:${user}@`)} or ${ofAccount(`login-pause:${user}@`)}`,
  );
}

const FAILURES_IN_A_ROW = { max: Number.MAX_SAFE_INTEGER, windowSeconds: LOGIN_PAUSES.windowSeconds };

/**
 * Signs a user in to one app. Wrong credentials fail the same way, in the same time, whether or
 * not the account exists. Only wrong passwords are counted (decisions 027 and 048): per network
 * across accounts; per account and network (or known device), a few free, then pauses that
 * double; and per account across networks and devices it never used. The right password from a
 * device or network the account signed in from before passes the first and the last, whoever
 * failed there.
 */
export async function signIn(
  db: Db,
  config: ApiConfig,
  input: { username: string; password: string; app: AppId; clientIp: string; requestId: string; device?: string },
): Promise<LoginData> {
  const username = normalUsername(input.username);
  const keys = await signInOrigin(db, username, input.clientIp, input.device);
  const clientLimit = { ...LOGIN_FAILURES_PER_CLIENT, max: config.loginLimitPerClient };
  if (!keys.known) {
    const client = await peek(db, keys.client, clientLimit);
    if (!client.allowed) {
      throw tooMany(`Too many failed sign-ins from your network. ${tryAgain(client)}`, client);
    }
  }
  const paused = await markedUntil(db, keys.pause);
  if (paused) throw pausedSignIn(paused);
  // Counted before the password is checked, so that parallel guesses cannot slip past; the
  // right password takes them back.
  const inARow = await hit(db, keys.failures, FAILURES_IN_A_ROW);
  const account = keys.known ? undefined : await hit(db, keys.account, LOGIN_LIMIT_PER_ACCOUNT);
  const undo = () => Promise.all([unhit(db, keys.failures), account ? unhit(db, keys.account) : undefined]);
  if (account && !account.allowed) {
    await undo();
    throw tooMany(
      `This account has had too many wrong passwords from new places. Signing in to it from a device or network it was not used from before is paused. ${tryAgain(account)} Devices and networks it was used from before still work.`,
      account,
    );
  }
  const pauseMinutes = loginPauseMinutes(inARow.hits);
  if (pauseMinutes > 0) {
    // Past the free tries each attempt starts the pause that follows it; of parallel attempts
    // one claims it and the others wait.
    const claim = await claimUntil(db, keys.pause, new Date(Date.now() + pauseMinutes * 60_000));
    if (!claim.claimed) {
      await undo();
      throw pausedSignIn(claim.until);
    }
  }

  const user = await findUserByUsername(db, username);
  // Verify against a real hash even for unknown usernames so timing does not reveal accounts.
  const matches = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
  if (!user || !matches || !user.isActive) {
    await hit(db, keys.client, clientLimit);
    throw new ApiError(401, "Login failed");
  }
  // Right password: this place's own failures are forgiven, the account-wide count keeps the
  // others' (a guesser elsewhere stays limited), and the network and device become known.
  const knownUntil = new Date(Date.now() + LOGIN_KNOWN_DAYS * 86_400_000);
  await Promise.all([
    clear(db, keys.failures),
    clear(db, keys.pause),
    account ? unhit(db, keys.account) : undefined,
    markUntil(db, keys.knownNetworkKey, knownUntil),
    keys.knownDeviceKey ? markUntil(db, keys.knownDeviceKey, knownUntil) : undefined,
  ]);

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

/** The refusal of a sign-in during its pause: how long, in minutes (decision 048). */
function pausedSignIn(until: Date) {
  const refusal = refusalUntil(until);
  return tooMany(`Too many wrong passwords for this account from here. ${tryAgain(refusal)}`, refusal);
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
  await enforceLimit(db, perNetwork("check-username", clientIp), USERNAME_CHECKS_PER_CLIENT);
  const takenKey = perNetwork("check-username-taken", clientIp);
  const taken = await peek(db, takenKey, USERNAMES_TAKEN_PER_CLIENT);
  if (!taken.allowed) {
    throw tooMany(`Too many taken usernames were looked up from your network. ${tryAgain(taken)}`, taken);
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
    throw tooMany(`Too many wrong passwords. ${tryAgain(counted)}`, counted);
  }
  if (!(await verifyPassword(passwordHash, password))) throw invalidField(wrong.field, wrong.message);
  await clear(db, key);
}
