import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { RAISED_REQUEST_LIMITS, RAISED_REQUEST_STATUSES } from "@repo/contracts/payments-constants";
import {
  changeRaisedRequestBody,
  raisedRequestDetail,
  raisedRequestPage,
  raisedRequestQuery,
  raiseRequestBody,
} from "@repo/contracts/raised-requests";
import type { Context } from "hono";
import type { AppEnv } from "../../context";
import { actorOf, signedIn } from "../../kernel/auth/middleware";
import { fileResponse } from "../../kernel/files";
import { uploadLimit } from "../../kernel/http/body-limit";
import { ok } from "../../kernel/http/envelope";
import { invalidField } from "../../kernel/http/errors";
import { FormFile, readForm } from "../../kernel/http/multipart";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { idParam, json, named } from "../../kernel/http/schemas";
import { validated } from "../../kernel/http/validation";
import {
  ATTACHMENT_RULE,
  changeRaisedRequestStatus,
  listRaisedRequests,
  raisedRequest,
  raisedRequestAttachment,
  raiseRequest,
} from "./raised-requests";

const tags = ["Raised requests"];
const viewerOf = (c: { var: AppEnv["Variables"] }) => ({ ...actorOf(c), roleId: signedIn(c).roleId });
const detail = json(
  envelope(named(raisedRequestDetail, "RaisedRequestDetail")).openapi("RaisedRequestDetailResponse"),
  "The request with every change of its status",
);
const attachmentMb = RAISED_REQUEST_LIMITS.attachmentMaxBytes / 1024 / 1024;

/** The form as multipart: raiseRequestBody's fields and the optional attachment. */
const raiseForm = z.object({
  subject: z.string(),
  message: z.string(),
  order: z.string().optional().openapi({ description: "The order it is about: its id or ORD-000042" }),
  attachment: z
    .any()
    .optional()
    .openapi({
      type: "string",
      format: "binary",
      description: `PDF, JPEG, PNG or WebP by content, at most ${attachmentMb} MB`,
    }),
});

async function readRaiseForm(c: Context<AppEnv>) {
  const form = await readForm(c, "attachment");
  const { attachment, ...fields } = form;
  if (attachment !== undefined && attachment !== "" && !(attachment instanceof FormFile)) {
    throw invalidField("attachment", "attachment must be a file", 400);
  }
  if (fields.order === "") delete fields.order;
  // The declared form only describes the upload (text fields and a binary file); the fields are
  // the contract's once readForm took the file out, so they are validated here, once.
  return {
    body: validated(raiseRequestBody, fields),
    attachment: attachment instanceof FormFile && attachment.size > 0 ? attachment : undefined,
  };
}

const statusParams = idParam.extend({
  status: z.enum(RAISED_REQUEST_STATUSES).openapi({
    param: { name: "status", in: "path", required: true },
    example: "resolved",
  }),
});

/** Raised requests (docs/domain.md, Fees and payments): payers raise and follow them; pay support answers them. */
export function registerRaisedRequestRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("raisedRequests.view", {
      method: "get",
      path: "/api/raisedRequest",
      tags,
      summary: "Page through raised requests",
      description:
        "Pay support sees every request, open and in-progress ones first; a school, institute or master institute sees the ones it raised. Search by subject, message, requester, or an order (ORD-000042).",
      request: { query: raisedRequestQuery },
      responses: {
        200: json(
          envelope(named(raisedRequestPage, "RaisedRequestPage")).openapi("RaisedRequestPageResponse"),
          "Requests",
        ),
      },
    }),
    async (c) => ok(c, await listRaisedRequests(c.var.services.database.db, viewerOf(c), c.req.valid("query"))),
  );

  app.openapi(
    apiRoute(
      "raisedRequests.raise",
      {
        method: "post",
        path: "/api/raisedRequest",
        tags,
        summary: "Raise a request to pay support about a payment",
        description: `Multipart form: subject, message, optionally the order it is about (one of the caller's own) and an attachment (a receipt or a bank statement: PDF, JPEG, PNG or WebP by content, at most ${attachmentMb} MB). It starts open.`,
        request: { body: { content: { "multipart/form-data": { schema: raiseForm } }, required: true } },
        responses: {
          200: detail,
          413: errorResponse(`The attachment is larger than ${attachmentMb} MB`),
          422: errorResponse("The order is not the caller's, or the attachment is not a PDF or a picture"),
        },
      },
      { bodyLimit: uploadLimit(ATTACHMENT_RULE) },
    ),
    async (c) => {
      const { body, attachment } = await readRaiseForm(c);
      const saved = await raiseRequest(c.var.services, viewerOf(c), body, attachment);
      return ok(c, saved, "Your request is sent to pay support. You will be told here and by e-mail when it changes.");
    },
  );

  app.openapi(
    apiRoute("raisedRequests.view", {
      method: "get",
      path: "/api/raisedRequest/{id}",
      tags,
      summary: "One raised request with its history",
      request: { params: idParam },
      responses: { 200: detail, 404: errorResponse("No such request (or not yours)") },
    }),
    async (c) => ok(c, await raisedRequest(c.var.services.database.db, viewerOf(c), c.req.valid("param").id)),
  );

  app.openapi(
    apiRoute("raisedRequests.view", {
      method: "get",
      path: "/api/raisedRequest/{id}/attachment",
      tags,
      summary: "A raised request's attachment, as uploaded",
      request: { params: idParam },
      responses: {
        200: {
          description: "The file (PDF or picture)",
          content: {
            "application/pdf": { schema: z.string().openapi({ format: "binary" }) },
            "image/jpeg": { schema: z.string().openapi({ format: "binary" }) },
            "image/png": { schema: z.string().openapi({ format: "binary" }) },
            "image/webp": { schema: z.string().openapi({ format: "binary" }) },
          },
        },
        404: errorResponse("No attachment, or not your request"),
      },
    }),
    async (c) => fileResponse(c, await raisedRequestAttachment(c.var.services, viewerOf(c), c.req.valid("param").id)),
  );

  app.openapi(
    apiRoute("paySupport.manage", {
      method: "post",
      path: "/api/raisedRequest/changestatus/{id}/{status}",
      tags,
      summary: "Move a raised request on, with a comment for the requester",
      description:
        "open → in_progress → resolved | rejected (open may also go straight to resolved or rejected); a resolved or rejected request is closed. The comment is shown to the requester and mailed to it. Logged.",
      request: {
        params: statusParams,
        body: {
          content: { "application/json": { schema: named(changeRaisedRequestBody, "ChangeRaisedRequestBody") } },
          required: true,
        },
      },
      responses: {
        200: detail,
        404: errorResponse("No such request"),
        409: errorResponse("The request cannot move to that status (closed, or not a next step)"),
      },
    }),
    async (c) => {
      const { id, status } = c.req.valid("param");
      const saved = await changeRaisedRequestStatus(
        c.var.services,
        viewerOf(c),
        id,
        status,
        c.req.valid("json").comment,
      );
      return ok(c, saved, "The request is updated and the requester is told.");
    },
  );
}
