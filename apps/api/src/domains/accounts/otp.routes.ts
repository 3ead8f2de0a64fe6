import type { OpenAPIHono } from "@hono/zod-openapi";
import { OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES, otpSentData, sendOtpQuery, verifyOtpBody } from "@repo/contracts/auth";
import { envelope } from "@repo/contracts/envelope";
import type { AppEnv } from "../../context";
import { actorOf } from "../../kernel/auth/middleware";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { json, messageOnly } from "../../kernel/http/schemas";
import { sendOtp, verifyOtp } from "./otp";

export function registerOtpRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("self.profile", {
      method: "post",
      path: "/api/send-mobile-otp-after-login",
      tags: ["Auth"],
      summary: "Text a 6-digit code to a mobile number",
      description: `The code is valid for ${OTP_TTL_MINUTES} minutes, once, with ${OTP_MAX_ATTEMPTS} attempts. Sending a new code replaces the previous one. Rate limited per account, and per client address counting only the codes not verified.`,
      request: { query: sendOtpQuery },
      responses: {
        200: json(envelope(otpSentData).openapi("OtpSentResponse"), "Code sent"),
        429: errorResponse("Too many codes requested; Retry-After says when to try again"),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const { database, sms } = c.var.services;
      const sent = await sendOtp(database.db, sms, { ...actorOf(c), clientIp: c.var.clientIp }, query);
      return ok(c, sent, `We sent a code to ${query.mobile}`);
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
      await verifyOtp(c.var.services.database.db, { ...actorOf(c), clientIp: c.var.clientIp }, c.req.valid("json"));
      return ok(c, null, "Mobile number verified");
    },
  );
}
