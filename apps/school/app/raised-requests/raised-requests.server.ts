import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import type { FieldError } from "@repo/contracts/envelope";
import { RAISED_REQUEST_LIMITS } from "@repo/contracts/payments-constants";
import { raiseRequestBody } from "@repo/contracts/raised-requests";
import { MULTIPART_OVERHEAD_BYTES } from "@repo/contracts/request-limits-constants";
import { auth } from "@repo/remix-app/auth.server";
import { messageOf } from "@repo/remix-app/downloads/server";
import { typedValues } from "@repo/remix-app/forms/answer";
import { CORRECT_THE_FIELDS, formAnswers, parseForm } from "@repo/remix-app/forms/server";
import {
  downloadRaisedRequestAttachment,
  loadRaisedRequest,
  type RaisedRequestRow,
  raisedRequestQueryFrom,
  requestIdFrom,
} from "@repo/remix-app/raised-requests/server";

export type { RaisedRequestRow };
export type RaisedRequestDetail = components["schemas"]["RaisedRequestDetail"];

export interface RaiseActionData {
  ok: boolean;
  message: string;
  errors?: FieldError[];
  request?: RaisedRequestDetail;
  /** What was typed, shown again when the request is refused. */
  values?: Record<string, string>;
}

/**
 * payment/raised-requests: the payer's requests, the orders a new one may be about, and what the
 * URL asks to open (`?raise=<order id>` from Payment History, `?open=<request id>` from the mail).
 */
export async function raisedRequestsLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context, "raisedRequests.raise");
  const params = new URL(request.url).searchParams;
  const [list, orders] = await Promise.all([
    api.GET("/api/raisedRequest", { params: { query: raisedRequestQueryFrom(params) } }),
    api.GET("/api/payment-history", { params: { query: { page: 1, per_page: 50 } } }),
  ]);
  return {
    csrf,
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : messageOf(list.error, "Your requests could not be loaded, please try again"),
    orders: (orders.data?.data.items ?? []).map((o) => ({
      value: String(o.id),
      label: `${o.reference} · ${o.status} · ${o.summary}`.slice(0, 120),
    })),
    raiseFor: requestIdFrom(params.get("raise")),
    // `?raise` alone: the form without JavaScript, which cannot open it as a dialog.
    raise: params.has("raise"),
    openId: requestIdFrom(params.get("open")),
  };
}

/** One request with its history, for the dialog (a resource route: JSON). */
export async function requestDetailLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, "raisedRequests.raise");
  return loadRaisedRequest(api, params.id);
}

/** The request's attachment, as a download. */
export async function requestAttachmentLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, "raisedRequests.raise");
  return downloadRaisedRequestAttachment(api, params.id);
}

/** Raises a request: the fields checked like the API checks them, then sent as multipart with the file. */
export async function raisedRequestsAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context, {
    maxBytes: RAISED_REQUEST_LIMITS.attachmentMaxBytes + MULTIPART_OVERHEAD_BYTES,
  });
  const { api } = await auth.requireAction(request, context, form, "raisedRequests.raise");
  const values = typedValues(form, ["subject", "order", "message"]);
  const { fail, failFromApi, done } = formAnswers<RaiseActionData>({}, { values });
  const order = String(form.get("order") ?? "");
  const parsed = parseForm(
    {
      subject: String(form.get("subject") ?? ""),
      message: String(form.get("message") ?? ""),
      ...(order ? { order } : {}),
    },
    raiseRequestBody,
  );
  if (!parsed.ok) return fail(CORRECT_THE_FIELDS, 400, parsed.errors);
  const attachment = form.get("attachment");
  const mb = RAISED_REQUEST_LIMITS.attachmentMaxBytes / 1024 / 1024;
  if (attachment instanceof File && attachment.size > RAISED_REQUEST_LIMITS.attachmentMaxBytes) {
    const message = `The attachment must be at most ${mb} MB`;
    return fail(message, 413, [{ field: "attachment", message }]);
  }
  const body = new FormData();
  for (const [field, value] of Object.entries(parsed.data)) if (value) body.set(field, value);
  if (attachment instanceof File && attachment.size > 0) body.set("attachment", attachment, attachment.name);
  const result = await api.POST("/api/raisedRequest", {
    // The API reads multipart; openapi-fetch passes FormData through unchanged.
    body: body as unknown as { subject: string; message: string },
    bodySerializer: (value) => value as unknown as FormData,
  });
  if (!result.data) return failFromApi(result, "Your request could not be sent");
  return done(result.data.message, { request: result.data.data });
}
