import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { SMS_STATUSES, type SmsStatus } from "@repo/contracts/sms-constants";
import { auth } from "@repo/remix-app/auth.server";
import { type FormAnswer, formAnswers } from "@repo/remix-app/forms/server";
import { parseTableQuery } from "@repo/ui/data-table";

export type SmsRow = components["schemas"]["SmsMessageItem"];

/** The status the URL asks for (`?status=failed`), if it is one. */
export function smsStatusFrom(params: URLSearchParams): SmsStatus | undefined {
  const status = params.get("status");
  return status && (SMS_STATUSES as readonly string[]).includes(status) ? (status as SmsStatus) : undefined;
}

/** A page of text messages for the URL's status and search. */
export async function smsLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const { page, perPage, search } = parseTableQuery(params);
  const status = smsStatusFrom(params);
  const list = await api.GET("/api/sms/messages", {
    params: { query: { page, per_page: perPage, ...(status ? { status } : {}), ...(search ? { search } : {}) } },
  });
  return {
    csrf,
    status: status ?? null,
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : (list.error?.message ?? "Text messages could not be loaded, please try again"),
  };
}

/** The form pipeline's answer (saved, or why not). */
export type SmsActionData = FormAnswer;

/** Sends a failed text message again (a plain form post, or the screen's fetcher). */
export async function smsAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "outbox.use");
  const { fail, failFromApi, done } = formAnswers<SmsActionData>();
  if (form.get("intent") !== "retry") return fail(`Unknown action "${String(form.get("intent"))}"`, 400);
  const id = Number(form.get("id"));
  const {
    data: result,
    error,
    response,
  } = await api.POST("/api/sms/messages/{id}/retry", {
    params: { path: { id } },
  });
  if (!result) return failFromApi({ error, response }, "Could not retry the text message");
  return done(`The text message to ${result.data.to} is queued again.`);
}
