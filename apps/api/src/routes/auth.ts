import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { decoyHash, hashPassword, verifyPassword } from "@repo/auth/password";
import { changePasswordBody, checkUsernameBody, loginBody, PASSWORD_MESSAGES } from "@repo/contracts/auth";
import { envelope } from "@repo/contracts/envelope";
import { users } from "@repo/db/schema";
import { eq } from "drizzle-orm";
import { signedIn } from "../auth/middleware";
import type { AppEnv } from "../context";
import { ApiError, invalidField } from "../http/errors";
import { apiRoute, errorResponse } from "../http/routes";
import { recordActivity } from "../services/activity";
import { clear, hit } from "../services/rate-limit";
import { revokeOtherSignIns, revokeSignIn, startSignIn } from "../services/sessions";
import { currentUserRecord, findUserByUsername } from "../services/users";
import { json, messageOnly } from "./schemas";

const LOGIN_PER_ACCOUNT = { max: 10, windowSeconds: 15 * 60 };
const USERNAME_CHECKS_PER_CLIENT = { max: 30, windowSeconds: 60 };

const loginResponse = envelope(
  z.object({
    token: z.string(),
    user: z.object({ id: z.number().int(), username: z.string(), role_id: z.number().int() }),
    /** The user has a mobile number that is not verified yet: the app offers the OTP step. */
    mobile_verification_required: z.boolean(),
  }),
).openapi("LoginResponse");

const assignmentSchema = z.object({
  id: z.number().int(),
  level: z.enum(["zone", "state", "prant", "district"]),
  coordinatable_id: z.number().int(),
  coordinatable_name: z.string(),
});

export const userRecordSchema = z
  .object({
    id: z.number().int(),
    role_id: z.number().int(),
    role_name: z.string(),
    username: z.string(),
    email: z.string(),
    name: z.string(),
    profile_photo: z.string().nullable(),
    profile: z.object({
      full_name: z.string().nullable(),
      designation: z.string().nullable(),
      team: z.string().nullable(),
    }),
    company_logo: z.string().nullable(),
    is_active: z.union([z.literal(0), z.literal(1)]),
    zone: z.string().nullable(),
    country_id: z.number().int().nullable(),
    mobile: z.string().nullable(),
    mobile_verified: z.boolean(),
    user_detail: z.object({
      name: z.string(),
      profile_photo: z.string().nullable(),
      school_category_id: z.number().int().nullable(),
      referred_student: z.number().int(),
      assignments: z.array(assignmentSchema),
    }),
  })
  .openapi("UserRecord");

/** Throws 429 with Retry-After when a limit is spent. */
export async function enforceLimit(
  c: { var: AppEnv["Variables"] },
  key: string,
  limit: { max: number; windowSeconds: number },
) {
  const result = await hit(c.var.services.database.db, key, limit);
  if (!result.allowed) {
    throw new ApiError(429, `Too many attempts. Please wait ${result.retryAfter} seconds and try again.`, undefined, {
      "Retry-After": String(result.retryAfter),
    });
  }
}

export function registerAuthRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("public", {
      method: "post",
      path: "/api/login",
      tags: ["Auth"],
      summary: "Sign in with username and password",
      description:
        "Wrong credentials answer 401 `Login failed` with the same body and timing whether or not the account exists. Rate limited per client and per account (429 with Retry-After).",
      request: { body: { content: { "application/json": { schema: loginBody } }, required: true } },
      responses: {
        200: json(loginResponse, "Signed in: a bearer token for the app named in the request"),
        401: errorResponse("Login failed"),
        429: errorResponse("Too many attempts; Retry-After says when to try again"),
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const { database, config } = c.var.services;
      const db = database.db;
      await enforceLimit(c, `login:ip:${c.var.clientIp}`, { max: config.loginLimitPerClient, windowSeconds: 60 });
      await enforceLimit(c, `login:user:${body.username.toLowerCase()}`, LOGIN_PER_ACCOUNT);

      const user = await findUserByUsername(db, body.username);
      // Verify against a real hash even for unknown usernames so timing does not reveal accounts.
      const matches = await verifyPassword(user?.passwordHash ?? (await decoyHash()), body.password);
      if (!user || !matches || !user.isActive) throw new ApiError(401, "Login failed");

      const app = body.app ?? "school";
      const { token, signInId } = await startSignIn(db, user.id, app, config.sessionIdleHours);
      await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
      await clear(db, `login:user:${body.username.toLowerCase()}`);
      await recordActivity(db, {
        userId: user.id,
        action: "auth.login",
        entity: "sign_in",
        entityId: signInId,
        after: { app, ip: c.var.clientIp },
        requestId: c.var.requestId,
      });
      return c.json(
        {
          status: true,
          message: "Login successful",
          data: {
            token,
            user: { id: user.id, username: user.username, role_id: user.roleId },
            mobile_verification_required: Boolean(user.mobile) && !user.mobileVerified,
          },
        },
        200,
      );
    },
  );

  app.openapi(
    apiRoute("self.profile", {
      method: "post",
      path: "/api/logout",
      tags: ["Auth"],
      summary: "Sign out everywhere this sign-in reached",
      description: "Revokes every session of the caller's sign-in, in every app it reached through handoff.",
      responses: { 200: json(messageOnly, "Signed out") },
    }),
    async (c) => {
      const auth = signedIn(c);
      const db = c.var.services.database.db;
      const revoked = await revokeSignIn(db, auth.signInId);
      await recordActivity(db, {
        userId: auth.userId,
        action: "auth.logout",
        entity: "sign_in",
        entityId: auth.signInId,
        after: { sessions_revoked: revoked },
        requestId: c.var.requestId,
      });
      return c.json({ status: true, message: "Signed out", data: null }, 200);
    },
  );

  app.openapi(
    apiRoute("self.profile", {
      method: "get",
      path: "/api/user",
      tags: ["Auth"],
      summary: "The signed-in user's record",
      responses: { 200: json(envelope(userRecordSchema).openapi("UserResponse"), "The user record of spec §3") },
    }),
    async (c) => {
      const auth = signedIn(c);
      const record = await currentUserRecord(c.var.services.database.db, auth.userId, c.var.services.config);
      return c.json({ status: true, message: "OK", data: record }, 200);
    },
  );

  app.openapi(
    apiRoute("public", {
      method: "post",
      path: "/api/check-username",
      tags: ["Auth"],
      summary: "Is a username free?",
      description: "Case-insensitive. Rate limited per client.",
      request: { body: { content: { "application/json": { schema: checkUsernameBody } }, required: true } },
      responses: {
        200: json(
          envelope(z.object({ available: z.boolean() })).openapi("UsernameCheckResponse"),
          "Whether it is free",
        ),
        429: errorResponse("Too many checks; Retry-After says when to try again"),
      },
    }),
    async (c) => {
      const { username } = c.req.valid("json");
      await enforceLimit(c, `check-username:ip:${c.var.clientIp}`, USERNAME_CHECKS_PER_CLIENT);
      const taken = await findUserByUsername(c.var.services.database.db, username);
      return c.json(
        {
          status: true,
          message: taken ? "This username is already taken" : "This username is available",
          data: { available: !taken },
        },
        200,
      );
    },
  );

  app.openapi(
    apiRoute("self.profile", {
      method: "post",
      path: "/api/change-password",
      tags: ["Auth"],
      summary: "Change the signed-in user's password",
      description: "Every rule of spec §5 applies. Other sign-ins of the user are signed out; this one stays.",
      request: { body: { content: { "application/json": { schema: changePasswordBody } }, required: true } },
      responses: {
        200: json(messageOnly, "Password changed"),
        422: errorResponse("The current password is wrong"),
      },
    }),
    async (c) => {
      const auth = signedIn(c);
      const body = c.req.valid("json");
      const db = c.var.services.database.db;
      const [user] = await db.select().from(users).where(eq(users.id, auth.userId));
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
          updatedAt: new Date(),
        })
        .where(eq(users.id, auth.userId));
      await revokeOtherSignIns(db, auth.userId, auth.signInId);
      await recordActivity(db, {
        userId: auth.userId,
        action: "user.change-password",
        entity: "user",
        entityId: auth.userId,
        requestId: c.var.requestId,
      });
      return c.json({ status: true, message: "Password changed successfully", data: null }, 200);
    },
  );
}
