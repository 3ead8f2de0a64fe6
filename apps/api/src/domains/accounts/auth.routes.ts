import type { OpenAPIHono } from "@hono/zod-openapi";
import { changePasswordBody, checkUsernameBody, loginBody, loginData, usernameCheckData } from "@repo/contracts/auth";
import { envelope } from "@repo/contracts/envelope";
import type { AppEnv } from "../../context";
import { actorOf, signedIn } from "../../kernel/auth/middleware";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { json, messageOnly, userResponse } from "../../kernel/http/schemas";
import { changePassword, isUsernameAvailable, signIn, signOut } from "./auth";
import { currentUserRecord } from "./users";

export function registerAuthRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("public", {
      method: "post",
      path: "/api/login",
      tags: ["Auth"],
      summary: "Sign in with username and password",
      description:
        "Wrong credentials answer 401 `Login failed` with the same body and timing whether or not the account exists. Only wrong passwords are limited, never successful sign-ins, and the right password from a device (`device`, the app's device cookie) or network the account signed in from before is never refused for others' wrong passwords. A network is an IPv4 address or an IPv6 /64. Limits: per network across accounts; per account from one network or known device (a few free tries, then pauses that double, for that place only); and per account across the networks and devices it never used. A refusal is 429 with Retry-After and says how many minutes to wait (and until when, India Standard Time).",
      request: { body: { content: { "application/json": { schema: loginBody } }, required: true } },
      responses: {
        200: json(
          envelope(loginData).openapi("LoginResponse"),
          "Signed in: a bearer token for the app named in the request",
        ),
        401: errorResponse("Login failed"),
        429: errorResponse("Too many attempts; Retry-After says when to try again"),
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const { database, config } = c.var.services;
      const data = await signIn(database.db, config, {
        username: body.username,
        password: body.password,
        app: body.app ?? "school",
        device: body.device,
        clientIp: c.var.clientIp,
        requestId: c.var.requestId,
      });
      return ok(c, data, "Login successful");
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
      await signOut(c.var.services.database.db, actorOf(c));
      return ok(c, null, "Signed out");
    },
  );

  app.openapi(
    apiRoute("self.profile", {
      method: "get",
      path: "/api/user",
      tags: ["Auth"],
      summary: "The signed-in user's record",
      responses: { 200: json(userResponse, "The signed-in user's record (docs/domain.md, 'The user record')") },
    }),
    async (c) => {
      const { database, config } = c.var.services;
      return ok(c, await currentUserRecord(database.db, signedIn(c).userId, config));
    },
  );

  app.openapi(
    apiRoute("public", {
      method: "post",
      path: "/api/check-username",
      tags: ["Auth"],
      summary: "Is a username free?",
      description:
        "Case-insensitive. Rate limited per client address: floods, and more tightly the look-ups that find a taken username.",
      request: { body: { content: { "application/json": { schema: checkUsernameBody } }, required: true } },
      responses: {
        200: json(envelope(usernameCheckData).openapi("UsernameCheckResponse"), "Whether it is free"),
        429: errorResponse("Too many checks; Retry-After says when to try again"),
      },
    }),
    async (c) => {
      const { username } = c.req.valid("json");
      const available = await isUsernameAvailable(c.var.services.database.db, username, c.var.clientIp);
      return ok(c, { available }, available ? "This username is available" : "This username is already taken");
    },
  );

  app.openapi(
    apiRoute("self.profile", {
      method: "post",
      path: "/api/change-password",
      tags: ["Auth"],
      summary: "Change the signed-in user's password",
      description:
        "Every password rule applies. Other sign-ins of the user are signed out; this one stays. Wrong current passwords are limited per account (429 with Retry-After, saying until when).",
      request: { body: { content: { "application/json": { schema: changePasswordBody } }, required: true } },
      responses: {
        200: json(messageOnly, "Password changed"),
        422: errorResponse("The current password is wrong"),
        429: errorResponse("Too many wrong current passwords; Retry-After says when to try again"),
      },
    }),
    async (c) => {
      await changePassword(c.var.services.database.db, actorOf(c), c.req.valid("json"));
      return ok(c, null, "Password changed successfully");
    },
  );
}
