import { randomInt } from "node:crypto";
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { sendOtpQuery, verifyOtpBody } from "@repo/contracts/auth";
import { envelope } from "@repo/contracts/envelope";
import { mobileOtps, users } from "@repo/db/schema";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { signedIn } from "../auth/middleware";
import { safeEqual, sha256 } from "../auth/tokens";
import type { AppEnv } from "../context";
import { ApiError, invalidField } from "../http/errors";
import { apiRoute, errorResponse } from "../http/routes";
import { recordActivity } from "../services/activity";
import { enforceLimit } from "./auth";
import { json, messageOnly } from "./schemas";

export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
const SENDS_PER_ACCOUNT = { max: 5, windowSeconds: 60 * 60 };
const SENDS_PER_CLIENT = { max: 20, windowSeconds: 60 * 60 };

/** Codes are hashed with the user and number, so a stored hash is useless for anyone else. */
const otpHash = (userId: number, mobile: string, code: string) => sha256(`${userId}:${mobile}:${code}`);

export function registerOtpRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("self.profile", {
      method: "post",
      path: "/api/send-mobile-otp-after-login",
      tags: ["Auth"],
      summary: "Text a 6-digit code to a mobile number",
      description: `The code is valid for ${OTP_TTL_MINUTES} minutes, once, with ${OTP_MAX_ATTEMPTS} attempts. Sending a new code replaces the previous one. Rate limited per account and per client.`,
      request: { query: sendOtpQuery },
      responses: {
        200: json(envelope(z.object({ expires_in_seconds: z.number().int() })).openapi("OtpSentResponse"), "Code sent"),
        429: errorResponse("Too many codes requested; Retry-After says when to try again"),
      },
    }),
    async (c) => {
      const auth = signedIn(c);
      const { mobile, type } = c.req.valid("query");
      await enforceLimit(c, `otp:user:${auth.userId}`, SENDS_PER_ACCOUNT);
      await enforceLimit(c, `otp:ip:${c.var.clientIp}`, SENDS_PER_CLIENT);
      const db = c.var.services.database.db;
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      // A new code retires the earlier unused ones.
      await db
        .update(mobileOtps)
        .set({ usedAt: new Date() })
        .where(and(eq(mobileOtps.userId, auth.userId), isNull(mobileOtps.usedAt)));
      await db.insert(mobileOtps).values({
        userId: auth.userId,
        mobile,
        purpose: type,
        codeHash: otpHash(auth.userId, mobile, code),
        expiresAt: new Date(Date.now() + OTP_TTL_MINUTES * 60_000),
      });
      await c.var.services.sms.send(
        mobile,
        `${code} is your Exam Portal verification code. It expires in ${OTP_TTL_MINUTES} minutes. Do not share it.`,
      );
      await recordActivity(db, {
        userId: auth.userId,
        action: "user.send-mobile-otp",
        entity: "user",
        entityId: auth.userId,
        after: { mobile, type },
        requestId: c.var.requestId,
      });
      return c.json(
        { status: true, message: `We sent a code to ${mobile}`, data: { expires_in_seconds: OTP_TTL_MINUTES * 60 } },
        200,
      );
    },
  );

  app.openapi(
    apiRoute("self.profile", {
      method: "post",
      path: "/api/verify-mobile-otp-after-login",
      tags: ["Auth"],
      summary: "Check the code and mark the mobile number verified",
      request: { body: { content: { "application/json": { schema: verifyOtpBody } }, required: true } },
      responses: {
        200: json(messageOnly, "Mobile number verified"),
        422: errorResponse("The code is wrong, expired or used"),
        429: errorResponse(`${OTP_MAX_ATTEMPTS} wrong attempts: request a new code`),
      },
    }),
    async (c) => {
      const auth = signedIn(c);
      const { mobile, otp, type } = c.req.valid("json");
      const db = c.var.services.database.db;
      const [pending] = await db
        .select()
        .from(mobileOtps)
        .where(
          and(
            eq(mobileOtps.userId, auth.userId),
            eq(mobileOtps.mobile, mobile),
            eq(mobileOtps.purpose, type),
            isNull(mobileOtps.usedAt),
            gt(mobileOtps.expiresAt, new Date()),
          ),
        )
        .orderBy(desc(mobileOtps.createdAt))
        .limit(1);
      if (!pending) throw invalidField("otp", "This code has expired or was already used. Request a new code.");
      if (pending.attempts >= OTP_MAX_ATTEMPTS) {
        throw new ApiError(429, "Too many wrong codes. Request a new code.", undefined, { "Retry-After": "0" });
      }
      if (!safeEqual(pending.codeHash, otpHash(auth.userId, mobile, otp))) {
        const [counted] = await db
          .update(mobileOtps)
          .set({ attempts: sql`${mobileOtps.attempts} + 1` })
          .where(eq(mobileOtps.id, pending.id))
          .returning({ attempts: mobileOtps.attempts });
        const left = OTP_MAX_ATTEMPTS - (counted?.attempts ?? OTP_MAX_ATTEMPTS);
        throw invalidField(
          "otp",
          left > 0
            ? `The code is not correct. ${left} attempt${left === 1 ? "" : "s"} left.`
            : "The code is not correct. Request a new code.",
        );
      }
      // Single use: only the first of two concurrent correct submissions gets the row.
      const [claimed] = await db
        .update(mobileOtps)
        .set({ usedAt: new Date() })
        .where(and(eq(mobileOtps.id, pending.id), isNull(mobileOtps.usedAt)))
        .returning({ id: mobileOtps.id });
      if (!claimed) throw invalidField("otp", "This code has expired or was already used. Request a new code.");
      await db
        .update(users)
        .set({ mobile, mobileVerified: true, updatedAt: new Date() })
        .where(eq(users.id, auth.userId));
      await recordActivity(db, {
        userId: auth.userId,
        action: "user.verify-mobile",
        entity: "user",
        entityId: auth.userId,
        after: { mobile },
        requestId: c.var.requestId,
      });
      return c.json({ status: true, message: "Mobile number verified", data: null }, 200);
    },
  );
}
