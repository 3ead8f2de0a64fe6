import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { handoffBody, redeemHandoffBody } from "@repo/contracts/auth";
import { envelope } from "@repo/contracts/envelope";
import { users } from "@repo/db/schema";
import { eq } from "drizzle-orm";
import { signedIn } from "../auth/middleware";
import type { AppEnv } from "../context";
import { ApiError } from "../http/errors";
import { apiRoute, errorResponse } from "../http/routes";
import { recordActivity } from "../services/activity";
import { HANDOFF_TTL_SECONDS, issueHandoff, redeemHandoff } from "../services/sessions";
import { json } from "./schemas";

export function registerHandoffRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("self.profile", {
      method: "post",
      path: "/api/handoff",
      tags: ["Auth"],
      summary: "Issue a single-use code that moves this sign-in to another app",
      description: `The code is valid for ${HANDOFF_TTL_SECONDS} seconds and only for the named app (DECISIONS §6).`,
      request: { body: { content: { "application/json": { schema: handoffBody } }, required: true } },
      responses: {
        200: json(
          envelope(z.object({ code: z.string(), target_app: z.string(), expires_at: z.string() })).openapi(
            "HandoffResponse",
          ),
          "The code",
        ),
      },
    }),
    async (c) => {
      const auth = signedIn(c);
      const { target_app } = c.req.valid("json");
      const db = c.var.services.database.db;
      const { code, expiresAt } = await issueHandoff(db, auth, target_app);
      await recordActivity(db, {
        userId: auth.userId,
        action: "auth.handoff-issue",
        entity: "sign_in",
        entityId: auth.signInId,
        after: { target_app },
        requestId: c.var.requestId,
      });
      return c.json(
        { status: true, message: "OK", data: { code, target_app, expires_at: expiresAt.toISOString() } },
        200,
      );
    },
  );

  app.openapi(
    apiRoute("public", {
      method: "post",
      path: "/api/handoff/redeem",
      tags: ["Auth"],
      summary: "Redeem a handoff code for a session in the target app",
      description: "Once only, within its lifetime, by the app it was issued for; otherwise 401.",
      request: { body: { content: { "application/json": { schema: redeemHandoffBody } }, required: true } },
      responses: {
        200: json(
          envelope(
            z.object({
              token: z.string(),
              user: z.object({ id: z.number().int(), username: z.string(), role_id: z.number().int() }),
            }),
          ).openapi("HandoffRedeemResponse"),
          "A session for the target app",
        ),
        401: errorResponse("The code is unknown, expired, already used or for another app"),
      },
    }),
    async (c) => {
      const { code, app: target } = c.req.valid("json");
      const { database, config } = c.var.services;
      const redeemed = await redeemHandoff(database.db, code, target, config.sessionIdleHours);
      if (!redeemed)
        throw new ApiError(401, "This sign-in link has expired or was already used. Please sign in again.");
      const [user] = await database.db
        .select({ id: users.id, username: users.username, role_id: users.roleId })
        .from(users)
        .where(eq(users.id, redeemed.userId));
      if (!user) throw new ApiError(401, "This sign-in link has expired or was already used. Please sign in again.");
      await recordActivity(database.db, {
        userId: user.id,
        action: "auth.handoff-redeem",
        entity: "sign_in",
        after: { app: target },
        requestId: c.var.requestId,
      });
      return c.json({ status: true, message: "OK", data: { token: redeemed.token, user } }, 200);
    },
  );
}
