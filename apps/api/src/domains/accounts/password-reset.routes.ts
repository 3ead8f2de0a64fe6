import type { OpenAPIHono } from "@hono/zod-openapi";
import { OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from "@repo/contracts/auth";
import { envelope } from "@repo/contracts/envelope";
import {
  passwordResetBody,
  passwordResetCheckBody,
  passwordResetCheckData,
  passwordResetCodeBody,
  passwordResetCodeData,
  passwordResetData,
  passwordResetRequestBody,
  passwordResetRequestData,
} from "@repo/contracts/password-reset";
import {
  PASSWORD_RESET_ANSWER_MS,
  PASSWORD_RESET_LINK_TTL_MINUTES,
  PASSWORD_RESET_MESSAGES,
  PASSWORD_RESET_SENT,
} from "@repo/contracts/password-reset-constants";
import type { AppEnv } from "../../context";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { json } from "../../kernel/http/schemas";
import { checkResetLink, redeemResetCode, requestPasswordReset, resetForgottenPassword } from "./password-reset";

const tags = ["Forgotten password"];
const body = <T>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });

export function registerPasswordResetRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("public", {
      method: "post",
      path: "/api/password-reset/request",
      tags,
      summary: "Forgot your password: a link by mail, or a code by text message",
      description: `\`email\`: a single-use link (${PASSWORD_RESET_LINK_TTL_MINUTES} minutes; a newer one retires it) to the address of each active account with that username or e-mail address. \`sms\`: a 6-digit code (${OTP_TTL_MINUTES} minutes, ${OTP_MAX_ATTEMPTS} tries) to the account's verified mobile, or a student's contact phone. The answer is the same, and comes no sooner than ${PASSWORD_RESET_ANSWER_MS} ms, whether or not the account exists; per account, sends past the limit are silently dropped. 429 only for the caller's network.`,
      request: body(passwordResetRequestBody),
      responses: {
        200: json(envelope(passwordResetRequestData).openapi("PasswordResetRequestResponse"), "The same answer always"),
        429: errorResponse("Too many requests from the caller's network; Retry-After says when to try again"),
      },
    }),
    async (c) => {
      const input = c.req.valid("json");
      const { database, sms, config } = c.var.services;
      await requestPasswordReset(database.db, sms, config, {
        ...input,
        clientIp: c.var.clientIp,
        requestId: c.var.requestId,
      });
      return ok(c, { channel: input.channel }, PASSWORD_RESET_SENT[input.channel]);
    },
  );

  app.openapi(
    apiRoute("public", {
      method: "post",
      path: "/api/password-reset/check",
      tags,
      summary: "What a mailed link is now (uses nothing)",
      description:
        "valid (with the username and when it expires), used (or the password changed since), expired, superseded (a newer link was sent) or unknown.",
      request: body(passwordResetCheckBody),
      responses: {
        200: json(envelope(passwordResetCheckData).openapi("PasswordResetCheckResponse"), "The link's state"),
      },
    }),
    async (c) => {
      const checked = await checkResetLink(c.var.services.database.db, c.req.valid("json").token);
      return ok(
        c,
        checked,
        checked.state === "valid" ? "Choose a new password" : PASSWORD_RESET_MESSAGES[checked.state],
      );
    },
  );

  app.openapi(
    apiRoute("public", {
      method: "post",
      path: "/api/password-reset/code",
      tags,
      summary: "Exchange a texted code for a link's secret",
      description: `A right code answers the secret the new-password form sends (like a mailed link's, ${PASSWORD_RESET_LINK_TTL_MINUTES} minutes). Every wrong, expired, used or unknown code answers the same 422; wrong codes are also limited per network.`,
      request: body(passwordResetCodeBody),
      responses: {
        200: json(envelope(passwordResetCodeData).openapi("PasswordResetCodeResponse"), "The code was right"),
        422: errorResponse(PASSWORD_RESET_MESSAGES.wrongCode),
        429: errorResponse("Too many wrong codes from the caller's network"),
      },
    }),
    async (c) => {
      const done = await redeemResetCode(c.var.services.database.db, {
        ...c.req.valid("json"),
        clientIp: c.var.clientIp,
        requestId: c.var.requestId,
      });
      return ok(c, done, "Choose a new password");
    },
  );

  app.openapi(
    apiRoute("public", {
      method: "post",
      path: "/api/password-reset",
      tags,
      summary: "Set a new password with a link",
      description:
        "The password rules of every password form. The link and the account's other unused links and codes are used up, every session of the account ends, and a 'password changed' mail goes to its address. The person then signs in with the new password.",
      request: body(passwordResetBody),
      responses: {
        200: json(envelope(passwordResetData).openapi("PasswordResetResponse"), "Password changed"),
        404: errorResponse(PASSWORD_RESET_MESSAGES.unknown),
        409: errorResponse(PASSWORD_RESET_MESSAGES.used),
        410: errorResponse(PASSWORD_RESET_MESSAGES.superseded),
        422: errorResponse(PASSWORD_RESET_MESSAGES.expired),
      },
    }),
    async (c) => {
      const { database, config } = c.var.services;
      const done = await resetForgottenPassword(database.db, config, {
        ...c.req.valid("json"),
        clientIp: c.var.clientIp,
        requestId: c.var.requestId,
      });
      return ok(c, done, PASSWORD_RESET_MESSAGES.done);
    },
  );
}
