import type { OpenAPIHono } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { paginated } from "@repo/contracts/pagination";
import { smsListQuery, smsMessageItem } from "@repo/contracts/sms";
import type { AppEnv } from "../../context";
import { actorOf } from "../../kernel/auth/middleware";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { idParam, json, named } from "../../kernel/http/schemas";
import { listSms, retrySms } from "./index";

const tags = ["SMS"];
const item = named(smsMessageItem, "SmsMessageItem");

/** The SMS outbox (role 12): every text the portal queued, its state, and a retry of a failed one. */
export function registerSmsRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("outbox.use", {
      method: "get",
      path: "/api/sms/messages",
      tags,
      summary: "Page through queued, sent and failed text messages, newest first",
      description:
        "Filters: status, kind, search (part of the number). Secrets (passwords, codes) are masked in `text`; a failed message says why in `last_error`.",
      request: { query: smsListQuery },
      responses: {
        200: json(envelope(paginated(item)).openapi("SmsMessagePage"), "A page of text messages"),
      },
    }),
    async (c) => ok(c, await listSms(c.var.services.database.db, c.req.valid("query"))),
  );

  app.openapi(
    apiRoute("outbox.use", {
      method: "post",
      path: "/api/sms/messages/{id}/retry",
      tags,
      summary: "Send a failed text message again, now",
      description: "Its attempts start again from zero. Only failed messages (409 otherwise, saying why).",
      request: { params: idParam },
      responses: {
        200: json(envelope(item).openapi("SmsMessageResponse"), "The message, queued"),
        404: errorResponse("No such message"),
        409: errorResponse("The message is not failed"),
      },
    }),
    async (c) => {
      const { database, config } = c.var.services;
      return ok(
        c,
        await retrySms(database.db, config.sms, c.req.valid("param").id, actorOf(c)),
        "Message queued again",
      );
    },
  );
}
