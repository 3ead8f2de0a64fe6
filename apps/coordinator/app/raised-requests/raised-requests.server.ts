import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { RAISED_REQUEST_STATUSES } from "@repo/contracts/payments-constants";
import { auth } from "@repo/remix-app/auth.server";
import { messageOf } from "@repo/remix-app/downloads/server";
import { type FormAnswer, formAnswers } from "@repo/remix-app/forms/server";
import {
  downloadRaisedRequestAttachment,
  loadRaisedRequest,
  type RaisedRequestRow,
  raisedRequestQueryFrom,
  requestIdFrom,
} from "@repo/remix-app/raised-requests/server";

export type { RaisedRequestRow };
export type RaisedRequestDetail = components["schemas"]["RaisedRequestDetail"];

/** The form pipeline's answer; a saved change brings the request as it is now. */
export interface AnswerActionData extends FormAnswer {
  request?: RaisedRequestDetail;
}

/** paysupport/raised-requests: every payer's request, open ones first. */
export async function deskRequestsLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context, "paySupport.manage");
  const query = raisedRequestQueryFrom(new URL(request.url).searchParams);
  const list = await api.GET("/api/raisedRequest", { params: { query } });
  const { page: _page, per_page: _perPage, ...filters } = query;
  return {
    csrf,
    filters,
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : messageOf(list.error, "Requests could not be loaded, please try again"),
  };
}

/** One request with its history, for the dialog (a resource route: JSON). */
export async function deskRequestLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, "paySupport.manage");
  return loadRaisedRequest(api, params.id);
}

/** The request's attachment, as a download. */
export async function deskAttachmentLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, "paySupport.manage");
  return downloadRaisedRequestAttachment(api, params.id);
}

/** Moves a request to a status with a comment for the requester. */
export async function deskRequestsAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "paySupport.manage");
  const id = requestIdFrom(String(form.get("request_id") ?? ""));
  const status = RAISED_REQUEST_STATUSES.find((s) => s === form.get("status"));
  const { fail, failFromApi, done } = formAnswers<AnswerActionData>();
  if (!id) return fail("Choose a request.", 400);
  if (!status) {
    const message = "Choose the new status";
    return fail(message, 400, [{ field: "status", message }]);
  }
  const result = await api.POST("/api/raisedRequest/changestatus/{id}/{status}", {
    params: { path: { id, status } },
    body: { comment: String(form.get("comment") ?? "") },
  });
  if (!result.data) return failFromApi(result, "The request could not be changed");
  return done(result.data.message, { request: result.data.data });
}
