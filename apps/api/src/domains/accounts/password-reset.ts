/**
 * Forgotten passwords for every role (docs/decisions/052-forgotten-passwords.md): a single-use
 * link by mail, or a code texted to the account's known mobile, exchanged for the same kind of
 * link. Only SHA-256 digests of links and codes are stored. A request answers the same, in the
 * same time, whether or not the account exists.
 */
import { randomInt } from "node:crypto";
import type { AppId } from "@repo/auth/apps";
import { hashPassword } from "@repo/auth/password";
import { ROLE } from "@repo/auth/roles";
import { normalUsername, OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from "@repo/contracts/auth";
import type { PasswordResetBody, PasswordResetRequestBody } from "@repo/contracts/password-reset";
import {
  PASSWORD_RESET_ACCOUNTS_PER_ADDRESS,
  PASSWORD_RESET_ANSWER_MS,
  PASSWORD_RESET_CODE_FAILURES_PER_CLIENT,
  PASSWORD_RESET_LINK_TTL_MINUTES,
  PASSWORD_RESET_MESSAGES,
  PASSWORD_RESET_REQUESTS_PER_CLIENT,
  PASSWORD_RESET_SENDS_PER_ACCOUNT,
  type PasswordResetChannel,
  type PasswordResetLinkState,
  RESET_PASSWORD_PATH,
} from "@repo/contracts/password-reset-constants";
import type { Db, DbOrTx } from "@repo/db";
import { passwordResets, students, users } from "@repo/db/schema";
import { and, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { ApiConfig } from "../../context";
import { recordActivity } from "../../kernel/activity";
import { revokeAllSignIns } from "../../kernel/auth/sessions";
import { randomToken, safeEqual, sha256 } from "../../kernel/auth/tokens";
import { ApiError, invalidField } from "../../kernel/http/errors";
import { wakeJobRunners } from "../../kernel/jobs/jobs";
import { hit, peek, perNetwork, tooMany, tryAgain } from "../../kernel/rate-limit";
import { addressProblem, enqueueMail } from "../mail/index";
import type { SmsService } from "../sms/index";
import { forgiveSignInFailures } from "./auth";
import { findUserByUsername } from "./users";

type User = typeof users.$inferSelect;
interface Caller {
  clientIp: string;
  requestId: string;
}

/** Where a link for `app` opens (the app the person asked from). */
export function appOrigin(config: ApiConfig, app: AppId): string {
  return app === "school" ? config.schoolOrigin : config.otherAppOrigins[app];
}

/**
 * The one place a reset code leaves as a text message: the registered "password-reset-code"
 * template (decision 051), queued in the caller's transaction so code and text commit together.
 */
export async function textResetCode(sms: SmsService, tx: DbOrTx, userId: number, mobile: string, code: string) {
  await sms.send(
    { kind: "password-reset-code", to: mobile, vars: { code, minutes: String(OTP_TTL_MINUTES) }, queuedBy: userId },
    tx,
  );
}

/** The account's own activity entry: forgotten-password steps have no signed-in actor. */
const recordOwn = (tx: DbOrTx, userId: number, action: string, after: Record<string, unknown>, requestId: string) =>
  recordActivity(tx, { userId, action, entity: "user", entityId: userId, after, requestId });

const recordRequest = (
  tx: DbOrTx,
  userId: number,
  channel: PasswordResetChannel,
  input: PasswordResetRequestBody & Caller,
) => recordOwn(tx, userId, "user.forgot-password", { channel, app: input.app, ip: input.clientIp }, input.requestId);

/** Codes are hashed with the account, so a stored digest is useless for any other. */
const codeDigest = (userId: number, code: string) => sha256(`${userId}:${code}`);

/** Waits until `ms` after `started`: unknown accounts answer no sooner than known ones. */
async function answerNoSoonerThan<T>(started: number, ms: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    const left = started + ms - Date.now();
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}

/**
 * The active accounts a request names: by username, or (for links) every account with that
 * e-mail address, up to PASSWORD_RESET_ACCOUNTS_PER_ADDRESS.
 */
async function accountsNamed(db: DbOrTx, login: string, byAddress: boolean): Promise<User[]> {
  const byName = sql`lower(${users.username}) = ${normalUsername(login)}`;
  const where = byAddress && login.includes("@") ? or(byName, sql`lower(${users.email}) = lower(${login})`) : byName;
  return db
    .select()
    .from(users)
    .where(and(where, eq(users.isActive, true)))
    .orderBy(users.id)
    .limit(PASSWORD_RESET_ACCOUNTS_PER_ADDRESS);
}

/** The mobile number a code may go to: the account's verified one, else a student's contact phone. */
async function knownMobile(db: DbOrTx, user: User): Promise<string | null> {
  if (user.mobile && user.mobileVerified) return user.mobile;
  if (user.roleId !== ROLE.student || !user.studentId) return null;
  const [student] = await db
    .select({ phone: students.contactPhone })
    .from(students)
    .where(eq(students.id, user.studentId));
  return student?.phone?.trim() || null;
}

/** Retires the account's unused secrets of one kind, so only the newest works. */
async function retireOlder(tx: DbOrTx, userId: number, kind: "link" | "code", now: Date): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ retiredAt: now })
    .where(
      and(
        eq(passwordResets.userId, userId),
        eq(passwordResets.kind, kind),
        isNull(passwordResets.usedAt),
        isNull(passwordResets.retiredAt),
      ),
    );
}

/** A fresh link secret for an account (the older ones retire); answers the secret, stored only hashed. */
async function issueLink(tx: DbOrTx, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const now = new Date();
  await retireOlder(tx, userId, "link", now);
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_LINK_TTL_MINUTES * 60_000);
  await tx.insert(passwordResets).values({ userId, kind: "link", secretHash: sha256(token), expiresAt });
  return { token, expiresAt };
}

/**
 * "Forgot your password?": mails a link to each account the login names, or texts a code to the
 * account's known mobile. Always the same answer and no sooner than PASSWORD_RESET_ANSWER_MS;
 * only the per-network limit refuses, since it says nothing about any account. Past the
 * per-account limit nothing more is sent, silently.
 */
export async function requestPasswordReset(
  db: Db,
  sms: SmsService,
  config: ApiConfig,
  input: PasswordResetRequestBody & Caller,
): Promise<void> {
  const started = Date.now();
  const fromHere = await hit(db, perNetwork("password-reset", input.clientIp), PASSWORD_RESET_REQUESTS_PER_CLIENT);
  if (!fromHere.allowed) {
    throw tooMany(`Too many password requests from your network. ${tryAgain(fromHere)}`, fromHere);
  }
  await answerNoSoonerThan(started, config.passwordResetAnswerMs ?? PASSWORD_RESET_ANSWER_MS, async () => {
    const accounts = await accountsNamed(db, input.login, input.channel === "email");
    for (const user of accounts) {
      const sends = await hit(db, `password-reset:user:${user.id}`, PASSWORD_RESET_SENDS_PER_ACCOUNT);
      if (!sends.allowed) continue;
      if (input.channel === "email") await mailLink(db, config, user, input);
      else await textCode(db, sms, user, input);
    }
  });
}

async function mailLink(db: Db, config: ApiConfig, user: User, input: PasswordResetRequestBody & Caller) {
  if (addressProblem(user.email)) return;
  await db.transaction(async (tx) => {
    const { token } = await issueLink(tx, user.id);
    await enqueueMail(tx, {
      templateKey: "password-reset-link",
      language: "en",
      to: user.email,
      variables: {
        name: user.name,
        username: user.username,
        reset_url: `${appOrigin(config, input.app)}${RESET_PASSWORD_PATH}?${new URLSearchParams({ token })}`,
        expires_minutes: String(PASSWORD_RESET_LINK_TTL_MINUTES),
      },
      queuedBy: null,
    });
    await recordRequest(tx, user.id, "email", input);
  });
}

async function textCode(db: Db, sms: SmsService, user: User, input: PasswordResetRequestBody & Caller) {
  const mobile = await knownMobile(db, user);
  if (!mobile) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await db
    .transaction(async (tx) => {
      const now = new Date();
      await retireOlder(tx, user.id, "code", now);
      await tx.insert(passwordResets).values({
        userId: user.id,
        kind: "code",
        secretHash: codeDigest(user.id, code),
        expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000),
      });
      await recordRequest(tx, user.id, "sms", input);
      await textResetCode(sms, tx, user.id, mobile, code);
    })
    .catch((error: unknown) => {
      // A number over its texts this hour gets nothing, silently, like an account over its limit:
      // the answer must not tell which accounts have a mobile (decision 052).
      if (!(error instanceof ApiError && error.status === 429)) throw error;
    });
  wakeJobRunners();
}

/** What a link is now, without using it (its page opens it; mail scanners open it too, decision 009). */
export async function checkResetLink(
  db: DbOrTx,
  token: string,
): Promise<{ state: PasswordResetLinkState; username: string | null; expires_at: string | null }> {
  const [row] = await db
    .select({ reset: passwordResets, username: users.username })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.kind, "link"), eq(passwordResets.secretHash, sha256(token))));
  const state = row ? linkState(row.reset) : "unknown";
  return state === "valid" && row
    ? { state, username: row.username, expires_at: row.reset.expiresAt.toISOString() }
    : { state, username: null, expires_at: null };
}

function linkState(row: typeof passwordResets.$inferSelect, now = new Date()): PasswordResetLinkState {
  if (row.usedAt) return "used";
  if (row.retiredAt) return "superseded";
  if (row.expiresAt <= now) return "expired";
  return "valid";
}

/** The refusal of a link that is not usable, by state (the page tells them apart by status). */
export const LINK_REFUSAL_STATUS = { unknown: 404, used: 409, superseded: 410, expired: 422 } as const;

function refusedLink(state: Exclude<PasswordResetLinkState, "valid">): ApiError {
  return new ApiError(LINK_REFUSAL_STATUS[state], PASSWORD_RESET_MESSAGES[state]);
}

/**
 * A texted code, checked once: OTP_MAX_ATTEMPTS wrong tries end it, wrong codes are counted per
 * network too. Every failure reads the same, so the check does not tell which accounts have a
 * mobile number. A right code answers a link secret for the new-password form.
 */
export async function redeemResetCode(
  db: Db,
  input: { login: string; code: string } & Caller,
): Promise<{ token: string; username: string }> {
  const failuresKey = perNetwork("password-reset-code-fail", input.clientIp);
  const failures = await peek(db, failuresKey, PASSWORD_RESET_CODE_FAILURES_PER_CLIENT);
  if (!failures.allowed) throw tooMany(`Too many wrong codes from your network. ${tryAgain(failures)}`, failures);
  const wrong = async () => {
    await hit(db, failuresKey, PASSWORD_RESET_CODE_FAILURES_PER_CLIENT);
    return invalidField("code", PASSWORD_RESET_MESSAGES.wrongCode);
  };
  const user = await findUserByUsername(db, input.login);
  if (!user?.isActive) throw await wrong();
  const [pending] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.userId, user.id),
        eq(passwordResets.kind, "code"),
        isNull(passwordResets.usedAt),
        isNull(passwordResets.retiredAt),
        gt(passwordResets.expiresAt, new Date()),
        lt(passwordResets.attempts, OTP_MAX_ATTEMPTS),
      ),
    )
    .orderBy(desc(passwordResets.createdAt))
    .limit(1);
  if (!pending) throw await wrong();
  if (!safeEqual(pending.secretHash, codeDigest(user.id, input.code))) {
    await db
      .update(passwordResets)
      .set({ attempts: sql`${passwordResets.attempts} + 1` })
      .where(eq(passwordResets.id, pending.id));
    throw await wrong();
  }
  return db.transaction(async (tx) => {
    // Single use: only the first of two concurrent right answers gets the row.
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.id, pending.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (!claimed) throw invalidField("code", PASSWORD_RESET_MESSAGES.wrongCode);
    const { token } = await issueLink(tx, user.id);
    await recordOwn(tx, user.id, "user.forgot-password-code", { ip: input.clientIp }, input.requestId);
    return { token, username: user.username };
  });
}

/**
 * Sets the new password with a usable link: the link and every other unused secret of the
 * account are used up, every session of the account ends, and a "password changed" mail goes to
 * its address when it has a usable one. The person then signs in (decision 052).
 */
export async function resetForgottenPassword(
  db: Db,
  config: ApiConfig,
  input: PasswordResetBody & Caller,
): Promise<{ username: string }> {
  const passwordHash = await hashPassword(input.new_password);
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.kind, "link"), eq(passwordResets.secretHash, sha256(input.token))))
      .for("update");
    if (!row) throw refusedLink("unknown");
    const state = linkState(row, now);
    if (state !== "valid") throw refusedLink(state);
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
    if (!user?.isActive) throw refusedLink("unknown");
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, mustChangePassword: false, updatedAt: now })
      .where(eq(users.id, user.id));
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    const revoked = await revokeAllSignIns(tx, user.id);
    await forgiveSignInFailures(tx, user.username);
    const mailed = !addressProblem(user.email);
    if (mailed) {
      await enqueueMail(tx, {
        templateKey: "password-changed",
        language: "en",
        to: user.email,
        variables: { name: user.name, username: user.username, login_url: `${appOrigin(config, input.app)}/login` },
        queuedBy: null,
      });
    }
    const after = { sessions_revoked: revoked, mailed, app: input.app, ip: input.clientIp };
    await recordOwn(tx, user.id, "user.reset-forgotten-password", after, input.requestId);
    return { username: user.username };
  });
}
