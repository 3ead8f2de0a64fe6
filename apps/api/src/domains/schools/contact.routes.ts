import type { OpenAPIHono } from "@hono/zod-openapi";
import { contactBody, contactResult } from "@repo/contracts/content-notices";
import { CONTACT_LIMIT, CONTACT_PATH } from "@repo/contracts/content-notices-constants";
import { envelope } from "@repo/contracts/envelope";
import type { AppEnv } from "../../context";
import { actorOf, signedIn } from "../../kernel/auth/middleware";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { json, named } from "../../kernel/http/schemas";
import { sendContactMessage } from "./contact";

export function registerContactRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("contact.view", {
      method: "post",
      path: CONTACT_PATH,
      tags: ["Content"],
      summary: "Send a message to the coordinators of my school's region",
      description: `It goes by mail to the nearest level with an active coordinator (district, prant, state, zone), else to the programme office; replies go to the school's e-mail. At most ${CONTACT_LIMIT.max} messages per hour per user. The answer names the recipients by role and region only.`,
      request: {
        body: { content: { "application/json": { schema: named(contactBody, "ContactBody") } }, required: true },
      },
      responses: {
        200: json(envelope(named(contactResult, "ContactResult")).openapi("ContactResponse"), "Who it went to"),
        429: errorResponse("Too many messages this hour; the message says when the next one can go"),
      },
    }),
    async (c) => {
      const auth = signedIn(c);
      const result = await sendContactMessage(
        c.var.services.database.db,
        { userId: auth.userId, roleId: auth.roleId },
        c.req.valid("json"),
        actorOf(c),
        c.var.services.config.contactAdminEmail,
      );
      return ok(c, result, "Your message has been sent");
    },
  );
}
