import type { OpenAPIHono } from "@hono/zod-openapi";
import {
  HANDOFF_TTL_SECONDS,
  handoffBody,
  handoffData,
  handoffRedeemData,
  redeemHandoffBody,
} from "@repo/contracts/auth";
import { envelope } from "@repo/contracts/envelope";
import type { AppEnv } from "../../context";
import { actorOf } from "../../kernel/auth/middleware";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { json } from "../../kernel/http/schemas";
import { issueHandoff, redeemHandoff } from "./handoff";

export function registerHandoffRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("self.profile", {
      method: "post",
      path: "/api/handoff",
      tags: ["Auth"],
      summary: "Issue a single-use code that moves this sign-in to another app",
      description: `The code is valid for ${HANDOFF_TTL_SECONDS} seconds and only for the named app (docs/decisions/003-sessions-and-handoff.md).`,
      request: { body: { content: { "application/json": { schema: handoffBody } }, required: true } },
      responses: { 200: json(envelope(handoffData).openapi("HandoffResponse"), "The code") },
    }),
    async (c) => {
      const { target_app, browser_nonce } = c.req.valid("json");
      return ok(c, await issueHandoff(c.var.services.database.db, actorOf(c), target_app, browser_nonce));
    },
  );

  app.openapi(
    apiRoute("public", {
      method: "post",
      path: "/api/handoff/redeem",
      tags: ["Auth"],
      summary: "Redeem a handoff code for a session in the target app",
      description:
        "Once only, within its lifetime, by the app it was issued for, with the browser nonce it was issued for; otherwise 401.",
      request: { body: { content: { "application/json": { schema: redeemHandoffBody } }, required: true } },
      responses: {
        200: json(envelope(handoffRedeemData).openapi("HandoffRedeemResponse"), "A session for the target app"),
        401: errorResponse("The code is unknown, expired, already used or for another app"),
      },
    }),
    async (c) => {
      const { code, app: target, browser_nonce } = c.req.valid("json");
      const { database, config } = c.var.services;
      const redeemed = await redeemHandoff(database.db, {
        code,
        app: target,
        browserNonce: browser_nonce,
        idleHours: config.sessionIdleHours,
        requestId: c.var.requestId,
      });
      return ok(c, redeemed);
    },
  );
}
