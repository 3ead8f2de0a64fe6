import { randomInt } from "node:crypto";
import {
  OTP_FAILURES_PER_CLIENT,
  OTP_MAX_ATTEMPTS,
  type OTP_PURPOSES,
  OTP_SENDS_PER_ACCOUNT,
  OTP_SENDS_PER_CLIENT,
  OTP_TTL_MINUTES,
} from "@repo/contracts/auth";
import { COUNTED, countOf } from "@repo/contracts/plural";
import type { Db } from "@repo/db";
import { mobileOtps, users } from "@repo/db/schema";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { type Actor, recordActivity } from "../../kernel/activity";
import { safeEqual, sha256 } from "../../kernel/auth/tokens";
import { ApiError, invalidField } from "../../kernel/http/errors";
import { wakeJobRunners } from "../../kernel/jobs/jobs";
import { enforceLimit, hit, peek, perNetwork, tooMany, tryAgain, unhit } from "../../kernel/rate-limit";
import type { SmsService } from "../sms/index";

type OtpPurpose = (typeof OTP_PURPOSES)[number];

/** Codes are hashed with the user and number, so a stored hash is useless for anyone else. */
const otpHash = (userId: number, mobile: string, code: string) => sha256(`${userId}:${mobile}:${code}`);

const usedOrExpired = () => invalidField("otp", "This code has expired or was already used. Request a new code.");

/** Texts a fresh 6-digit code to `mobile`; a new code retires the earlier unused ones. */
export async function sendOtp(
  db: Db,
  sms: SmsService,
  actor: Actor & { clientIp: string },
  input: { mobile: string; type: OtpPurpose },
): Promise<{ expires_in_seconds: number }> {
  await enforceLimit(db, `otp:user:${actor.userId}`, OTP_SENDS_PER_ACCOUNT);
  // Per address only the codes not verified count (a verified code takes its send back), so a
  // school lab's students can each verify their number from the school's one address.
  const fromHere = await hit(db, otpSendsKey(actor.clientIp), OTP_SENDS_PER_CLIENT);
  if (!fromHere.allowed) {
    await unhit(db, otpSendsKey(actor.clientIp));
    throw tooMany(`Too many codes were requested from your network and not used. ${tryAgain(fromHere)}`, fromHere);
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  // One transaction: a number over its texts limit (429) keeps the earlier code and gets no new one.
  await db.transaction(async (tx) => {
    await tx
      .update(mobileOtps)
      .set({ usedAt: new Date() })
      .where(and(eq(mobileOtps.userId, actor.userId), isNull(mobileOtps.usedAt)));
    await tx.insert(mobileOtps).values({
      userId: actor.userId,
      mobile: input.mobile,
      purpose: input.type,
      codeHash: otpHash(actor.userId, input.mobile, code),
      expiresAt: new Date(Date.now() + OTP_TTL_MINUTES * 60_000),
    });
    await sms.send(
      {
        kind: "mobile-otp",
        to: input.mobile,
        vars: { otp: code, minutes: String(OTP_TTL_MINUTES) },
        queuedBy: actor.userId,
      },
      tx,
    );
  });
  wakeJobRunners();
  await recordActivity(db, {
    userId: actor.userId,
    action: "user.send-mobile-otp",
    entity: "user",
    entityId: actor.userId,
    after: input,
    requestId: actor.requestId,
  });
  return { expires_in_seconds: OTP_TTL_MINUTES * 60 };
}

const otpSendsKey = (clientIp: string) => perNetwork("otp", clientIp);
const otpFailuresKey = (clientIp: string) => perNetwork("otp-fail", clientIp);

/**
 * Checks a code once (5 wrong tries at most) and marks the mobile number verified. Wrong codes
 * are also counted per address, across accounts.
 */
export async function verifyOtp(
  db: Db,
  actor: Actor & { clientIp: string },
  input: { mobile: string; otp: string; type: OtpPurpose },
): Promise<void> {
  const { mobile, otp, type } = input;
  const failures = await peek(db, otpFailuresKey(actor.clientIp), OTP_FAILURES_PER_CLIENT);
  if (!failures.allowed) {
    throw tooMany(`Too many wrong codes from your network. ${tryAgain(failures)}`, failures);
  }
  const [pending] = await db
    .select()
    .from(mobileOtps)
    .where(
      and(
        eq(mobileOtps.userId, actor.userId),
        eq(mobileOtps.mobile, mobile),
        eq(mobileOtps.purpose, type),
        isNull(mobileOtps.usedAt),
        gt(mobileOtps.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(mobileOtps.createdAt))
    .limit(1);
  if (!pending) throw usedOrExpired();
  if (pending.attempts >= OTP_MAX_ATTEMPTS) {
    throw new ApiError(429, "Too many wrong codes. Request a new code.", undefined, { "Retry-After": "0" });
  }
  if (!safeEqual(pending.codeHash, otpHash(actor.userId, mobile, otp))) {
    await hit(db, otpFailuresKey(actor.clientIp), OTP_FAILURES_PER_CLIENT);
    const [counted] = await db
      .update(mobileOtps)
      .set({ attempts: sql`${mobileOtps.attempts} + 1` })
      .where(eq(mobileOtps.id, pending.id))
      .returning({ attempts: mobileOtps.attempts });
    const left = OTP_MAX_ATTEMPTS - (counted?.attempts ?? OTP_MAX_ATTEMPTS);
    throw invalidField(
      "otp",
      left > 0
        ? `The code is not correct. ${countOf(left, COUNTED.attempt)} left.`
        : "The code is not correct. Request a new code.",
    );
  }
  // Single use: only the first of two concurrent correct submissions gets the row.
  const [claimed] = await db
    .update(mobileOtps)
    .set({ usedAt: new Date() })
    .where(and(eq(mobileOtps.id, pending.id), isNull(mobileOtps.usedAt)))
    .returning({ id: mobileOtps.id });
  if (!claimed) throw usedOrExpired();
  await unhit(db, otpSendsKey(actor.clientIp));
  await db.update(users).set({ mobile, mobileVerified: true, updatedAt: new Date() }).where(eq(users.id, actor.userId));
  await recordActivity(db, {
    userId: actor.userId,
    action: "user.verify-mobile",
    entity: "user",
    entityId: actor.userId,
    after: { mobile },
    requestId: actor.requestId,
  });
}
