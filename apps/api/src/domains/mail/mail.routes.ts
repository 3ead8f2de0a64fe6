import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import {
  audienceCountBody,
  audienceSummary,
  bulkRetryBody,
  campaignItem,
  campaignListBody,
  mailMessageDetail,
  mailMessageItem,
  mailTemplateDetail,
  mailTemplateItem,
  mailTemplateOption,
  messageCounts,
  messageCountsBody,
  messageListBody,
  previewMailBody,
  renderedMail,
  sendMailBody,
  templateCreateBody,
  templateEnableBody,
  templateListBody,
  templatePreviewBody,
  templateUpdateBody,
} from "@repo/contracts/mail";
import { MAIL_BODY_MAX_BYTES, utf8Bytes } from "@repo/contracts/mail-constants";
import { paginated } from "@repo/contracts/pagination";
import { countOf } from "@repo/contracts/plural";
import type { Context } from "hono";
import type { AppEnv } from "../../context";
import { actorOf, signedIn } from "../../kernel/auth/middleware";
import { type BodyLimit, limitBody } from "../../kernel/http/body-limit";
import { ok } from "../../kernel/http/envelope";
import { ApiError } from "../../kernel/http/errors";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { idParam, json, named } from "../../kernel/http/schemas";
import {
  cancelMessage,
  countMessages,
  createTemplate,
  getCampaign,
  getMessage,
  getTemplate,
  listCampaigns,
  listMessages,
  listTemplates,
  previewMail,
  previewTemplate,
  retryFailedMessages,
  retryMessage,
  sendMail,
  setTemplateEnabled,
  audienceSummary as summarizeAudience,
  templateOptions,
  updateTemplate,
} from "./index";

const tags = ["Mail"];

const templateItem = named(mailTemplateItem, "MailTemplateItem");
const templateDetail = envelope(named(mailTemplateDetail, "MailTemplateDetail")).openapi("MailTemplateResponse");
const rendered = envelope(named(renderedMail, "RenderedMail")).openapi("RenderedMailResponse");
const campaign = named(campaignItem, "CampaignItem");
const campaignResponse = envelope(campaign).openapi("CampaignResponse");
const messageDetail = envelope(named(mailMessageDetail, "MailMessageDetail")).openapi("MailMessageResponse");

const body = <T extends z.ZodType>(schema: T, required = true) => ({
  body: { content: { "application/json": { schema } }, required },
});

/** A JSON request may be this large: a 1 MB body can grow up to six times when JSON-escaped. */
const MAX_REQUEST_BYTES = MAIL_BODY_MAX_BYTES * 6 + 64 * 1024;
const TOO_LARGE = `The body can be at most ${MAIL_BODY_MAX_BYTES / 1_000_000} MB (${MAIL_BODY_MAX_BYTES.toLocaleString("en")} bytes of UTF-8). Shorten it or link to a file instead.`;
const MAIL_BODY_LIMIT: BodyLimit = { maxBytes: MAX_REQUEST_BYTES, field: "body", message: TOO_LARGE };

/** 202 Accepted in the common envelope: the work goes on in a job. */
const accepted = <T>(c: Context<AppEnv>, data: T, message: string) => c.json({ status: true, message, data }, 202);

/** The sender as the mail services know it. */
const senderOf = (c: Context<AppEnv>) => {
  const auth = signedIn(c);
  return { userId: auth.userId, roleId: auth.roleId, requestId: c.var.requestId };
};

export function registerMailRoutes(app: OpenAPIHono<AppEnv>) {
  // A mail body over MAIL_BODY_MAX_BYTES answers 413 (not the validator's 400), and so does a
  // request too large to hold one. Only for callers who may send mail; others get 401/403 first.
  app.use("/api/mail/*", async (c, next) => {
    if (c.req.method !== "POST") return next();
    const auth = c.var.auth;
    if (!auth || !(auth.can("outbox.use") || auth.can("mail.send"))) return next();
    // The whole request first, by its Content-Length or while it streams (never buffered past it).
    return limitBody(MAIL_BODY_LIMIT)(c, async () => {
      if (!(c.req.header("content-type") ?? "").includes("json")) return next();
      const text = await c.req.text(); // cached: the validator reads it again
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined; // the validator answers 400
      }
      const mailBody = (parsed as { body?: unknown } | undefined)?.body;
      if (typeof mailBody === "string" && utf8Bytes(mailBody) > MAIL_BODY_MAX_BYTES) {
        throw new ApiError(413, TOO_LARGE, [{ field: "body", message: TOO_LARGE }]);
      }
      return next();
    });
  });

  // ── Templates ───────────────────────────────────────────────────────────────────────────────

  app.openapi(
    apiRoute("outbox.use", {
      method: "post",
      path: "/api/mail/templates/list",
      tags,
      summary: "Page through mail templates",
      description: "Search by key or name; filter by language and enabled. Each item is the active version.",
      request: body(templateListBody, false),
      responses: {
        200: json(envelope(paginated(templateItem)).openapi("MailTemplatePage"), "A page of templates"),
      },
    }),
    async (c) => {
      const filters = c.req.valid("json");
      return ok(c, await listTemplates(c.var.services.database.db, filters));
    },
  );

  app.openapi(
    apiRoute("mail.send", {
      method: "get",
      path: "/api/mail/templates/options",
      tags,
      summary: "Enabled templates for the compose pickers",
      description:
        "Key, language, name and variables of every enabled template (`name` and `email` are filled per recipient).",
      responses: {
        200: json(
          envelope(z.array(named(mailTemplateOption, "MailTemplateOption"))).openapi("MailTemplateOptions"),
          "The enabled templates",
        ),
      },
    }),
    async (c) => ok(c, await templateOptions(c.var.services.database.db)),
  );

  app.openapi(
    apiRoute("outbox.use", {
      method: "post",
      path: "/api/mail/templates/preview",
      tags,
      summary: "Render a subject and body with sample values, saving nothing",
      description:
        "The body is cleaned and wrapped in the mail layout as a save would; a variable without a sample value stays as the literal {{ name }} and is listed in `missing`.",
      request: body(templatePreviewBody),
      responses: {
        200: json(rendered, "The mail as recipients would get it"),
        413: errorResponse("The body is larger than 1 MB"),
        422: errorResponse("A syntax error in subject or body; the message says the line and column"),
      },
    }),
    (c) => ok(c, previewTemplate(c.req.valid("json"))),
  );

  app.openapi(
    apiRoute("outbox.use", {
      method: "get",
      path: "/api/mail/templates/{id}",
      tags,
      summary: "One template with all its versions",
      request: { params: idParam },
      responses: { 200: json(templateDetail, "The template"), 404: errorResponse("No such template") },
    }),
    async (c) => ok(c, await getTemplate(c.var.services.database.db, c.req.valid("param").id)),
  );

  app.openapi(
    apiRoute("outbox.use", {
      method: "post",
      path: "/api/mail/templates",
      tags,
      summary: "Create a template (a key in one language)",
      description:
        "Subject and body are checked for syntax ({{ variable }} only); the body is sanitised, wrapped in the mail layout and stored as version 1.",
      request: body(templateCreateBody),
      responses: {
        200: json(templateDetail, "The new template"),
        409: errorResponse("A template with this key and language exists"),
        413: errorResponse("The body is larger than 1 MB"),
        422: errorResponse("A syntax error in subject or body; the message says the line and column"),
      },
    }),
    async (c) =>
      ok(
        c,
        await createTemplate(c.var.services.database.db, c.req.valid("json"), actorOf(c)),
        "Template created successfully",
      ),
  );

  app.openapi(
    apiRoute("outbox.use", {
      method: "post",
      path: "/api/mail/templates/{id}",
      tags,
      summary: "Save a change to a template as its next version",
      request: { params: idParam, ...body(templateUpdateBody) },
      responses: {
        200: json(templateDetail, "The template with its new version active"),
        404: errorResponse("No such template"),
        413: errorResponse("The body is larger than 1 MB"),
        422: errorResponse("A syntax error in subject or body; the message says the line and column"),
      },
    }),
    async (c) =>
      ok(
        c,
        await updateTemplate(c.var.services.database.db, c.req.valid("param").id, c.req.valid("json"), actorOf(c)),
        "Template saved as a new version",
      ),
  );

  app.openapi(
    apiRoute("outbox.use", {
      method: "post",
      path: "/api/mail/templates/{id}/enabled",
      tags,
      summary: "Enable or disable a template",
      description:
        "A disabled template cannot be sent; features fall back to its English version when that is enabled.",
      request: { params: idParam, ...body(templateEnableBody) },
      responses: { 200: json(templateDetail, "The template"), 404: errorResponse("No such template") },
    }),
    async (c) => {
      const { enabled } = c.req.valid("json");
      const id = c.req.valid("param").id;
      const detail = await setTemplateEnabled(c.var.services.database.db, id, enabled, actorOf(c));
      return ok(c, detail, enabled ? "Template enabled" : "Template disabled");
    },
  );

  // ── Audiences and campaigns ─────────────────────────────────────────────────────────────────

  app.openapi(
    apiRoute("mail.send", {
      method: "post",
      path: "/api/mail/audience/count",
      tags,
      summary: "How many an audience reaches, and which addresses are refused",
      description:
        "Valid addresses after removing duplicates (regardless of case), every invalid address with the reason, and 5 of the recipients. A coordinator's audience is always inside its own region; pasted lists are for admins and the outbox.",
      request: body(audienceCountBody),
      responses: {
        200: json(
          envelope(named(audienceSummary, "AudienceSummary")).openapi("AudienceSummaryResponse"),
          "The audience",
        ),
        403: errorResponse("The sender may not mail this audience; the message says why"),
      },
    }),
    async (c) => {
      const { audience } = c.req.valid("json");
      return ok(c, await summarizeAudience(c.var.services.database.db, audience, senderOf(c)));
    },
  );

  app.openapi(
    apiRoute("mail.send", {
      method: "post",
      path: "/api/mail/preview",
      tags,
      summary: "The mail the first recipient of the audience would get",
      request: body(previewMailBody),
      responses: {
        200: json(rendered, "The rendered mail"),
        403: errorResponse("The sender may not mail this audience"),
        413: errorResponse("The body is larger than 1 MB"),
        422: errorResponse("No one to send to, an unknown or disabled template, or a syntax error"),
      },
    }),
    async (c) => ok(c, await previewMail(c.var.services.database.db, c.req.valid("json"), senderOf(c))),
  );

  app.openapi(
    apiRoute("mail.send", {
      method: "post",
      path: "/api/mail/send",
      tags,
      summary: "Send a template or a composed mail to an audience",
      description:
        "Answers 202 with the campaign once it is saved; a job (campaign `job_id`, GET /api/jobs/{id}) turns the audience into queued messages, which the delivery worker sends at the configured rate. Refused before anything is saved: an audience of no one, an unknown or disabled template, a syntax error, a shared variable without a value (`name` and `email` are filled per recipient).",
      request: body(sendMailBody),
      responses: {
        202: json(campaignResponse, "The campaign, preparing"),
        403: errorResponse("The sender may not mail this audience"),
        413: errorResponse("The body is larger than 1 MB"),
        422: errorResponse("No one to send to, an unknown or disabled template, a syntax error or a missing value"),
      },
    }),
    async (c) => {
      const item = await sendMail(c.var.services.database.db, c.req.valid("json"), senderOf(c));
      return accepted(c, item, `Sending to ${item.audience}`);
    },
  );

  app.openapi(
    apiRoute("mail.send", {
      method: "post",
      path: "/api/mail/campaigns/list",
      tags,
      summary: "Page through campaigns",
      description: "The outbox sees every campaign; anyone else the campaigns they sent. Counts are live.",
      request: body(campaignListBody, false),
      responses: { 200: json(envelope(paginated(campaign)).openapi("CampaignPage"), "A page of campaigns") },
    }),
    async (c) => {
      const filters = c.req.valid("json");
      return ok(c, await listCampaigns(c.var.services.database.db, filters, senderOf(c)));
    },
  );

  app.openapi(
    apiRoute("mail.send", {
      method: "get",
      path: "/api/mail/campaigns/{id}",
      tags,
      summary: "One campaign with live counts",
      request: { params: idParam },
      responses: { 200: json(campaignResponse, "The campaign"), 404: errorResponse("No such campaign of yours") },
    }),
    async (c) => ok(c, await getCampaign(c.var.services.database.db, c.req.valid("param").id, senderOf(c))),
  );

  // ── The outbox ──────────────────────────────────────────────────────────────────────────────

  app.openapi(
    apiRoute("outbox.use", {
      method: "post",
      path: "/api/mail/messages/list",
      tags,
      summary: "Page through queued and sent mail, newest first",
      description:
        "Filters: status, template_key, campaign_id, from/to (whole UTC days, inclusive), search in the recipient's address.",
      request: body(messageListBody, false),
      responses: {
        200: json(
          envelope(paginated(named(mailMessageItem, "MailMessageItem"))).openapi("MailMessagePage"),
          "A page of messages",
        ),
      },
    }),
    async (c) => {
      const filters = c.req.valid("json");
      return ok(c, await listMessages(c.var.services.database.db, filters));
    },
  );

  app.openapi(
    apiRoute("outbox.use", {
      method: "post",
      path: "/api/mail/messages/counts",
      tags,
      summary: "How many messages the filters select in each status",
      description: "The list's filters; `status` is ignored. Every status is present, 0 when none.",
      request: body(messageCountsBody, false),
      responses: {
        200: json(envelope(named(messageCounts, "MessageCounts")).openapi("MessageCountsResponse"), "Counts by status"),
      },
    }),
    async (c) => {
      const filters = c.req.valid("json");
      return ok(c, await countMessages(c.var.services.database.db, filters));
    },
  );

  app.openapi(
    apiRoute("outbox.use", {
      method: "get",
      path: "/api/mail/messages/{id}",
      tags,
      summary: "One message as delivered, with its values and delivery attempts",
      request: { params: idParam },
      responses: { 200: json(messageDetail, "The message"), 404: errorResponse("No such message") },
    }),
    async (c) => ok(c, await getMessage(c.var.services.database.db, c.req.valid("param").id)),
  );

  app.openapi(
    apiRoute("outbox.use", {
      method: "post",
      path: "/api/mail/messages/{id}/retry",
      tags,
      summary: "Queue a failed message again, now",
      description: "Its attempts start again from zero. Only failed messages (409 otherwise, saying why).",
      request: { params: idParam },
      responses: {
        200: json(messageDetail, "The message, queued"),
        404: errorResponse("No such message"),
        409: errorResponse("The message is not failed"),
      },
    }),
    async (c) =>
      ok(
        c,
        await retryMessage(c.var.services.database.db, c.req.valid("param").id, actorOf(c)),
        "Message queued again",
      ),
  );

  app.openapi(
    apiRoute("outbox.use", {
      method: "post",
      path: "/api/mail/messages/{id}/cancel",
      tags,
      summary: "Cancel a queued message",
      request: { params: idParam },
      responses: {
        200: json(messageDetail, "The message, cancelled"),
        404: errorResponse("No such message"),
        409: errorResponse("The message is not queued"),
      },
    }),
    async (c) =>
      ok(c, await cancelMessage(c.var.services.database.db, c.req.valid("param").id, actorOf(c)), "Message cancelled"),
  );

  app.openapi(
    apiRoute("outbox.use", {
      method: "post",
      path: "/api/mail/messages/retry",
      tags,
      summary: "Queue again every failed message the filters select",
      description: "The list's filters; only failed messages are retried, whatever `status` says.",
      request: body(bulkRetryBody, false),
      responses: {
        200: json(
          envelope(z.object({ retried: z.number().int() }).openapi("BulkRetryResult")).openapi("BulkRetryResponse"),
          "How many were queued again",
        ),
      },
    }),
    async (c) => {
      const filters = c.req.valid("json");
      const result = await retryFailedMessages(c.var.services.database.db, filters, actorOf(c));
      return ok(
        c,
        result,
        `${countOf(result.retried, { one: "failed message", other: "failed messages" })} queued again`,
      );
    },
  );
}
