import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { MAIL_STATUSES, type MailStatus } from "@repo/contracts/mail-constants";
import { auth } from "@repo/remix-app/auth.server";
import { type FormAnswer, formAnswers } from "@repo/remix-app/forms/server";
import { parseTableQuery } from "@repo/ui/data-table";
import { isIsoDate } from "@repo/ui/date-range";

export type MessageRow = components["schemas"]["MailMessageItem"];
export type MessageDetail = components["schemas"]["MailMessageDetail"];

/** The outbox's filters as the URL carries them (status, template, from, to, search). */
export function messageFiltersFrom(params: URLSearchParams) {
  const status = params.get("status");
  const template = params.get("template");
  const from = params.get("from");
  const to = params.get("to");
  const { search } = parseTableQuery(params);
  return {
    ...(status && (MAIL_STATUSES as readonly string[]).includes(status) ? { status: status as MailStatus } : {}),
    ...(template ? { template_key: template } : {}),
    ...(isIsoDate(from) ? { from } : {}),
    ...(isIsoDate(to) ? { to } : {}),
    ...(search ? { search } : {}),
  };
}

/**
 * The outbox: a page of messages for the URL's filters, the counts by status for the same
 * filters, the templates to filter by, and the message whose detail is open (`?message=`).
 */
export async function outboxLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const { page, perPage } = parseTableQuery(params);
  const filters = messageFiltersFrom(params);
  const { status: _status, ...countFilters } = filters;
  const messageId = Number(params.get("message"));
  const [list, counts, templates, detail] = await Promise.all([
    api.POST("/api/mail/messages/list", { body: { page, per_page: perPage, ...filters } }),
    api.POST("/api/mail/messages/counts", { body: countFilters }),
    api.GET("/api/mail/templates/options"),
    Number.isInteger(messageId) && messageId > 0
      ? api.GET("/api/mail/messages/{id}", { params: { path: { id: messageId } } })
      : undefined,
  ]);
  const templateOptions = new Map<string, string>();
  for (const t of templates.data?.data ?? []) if (!templateOptions.has(t.key)) templateOptions.set(t.key, t.name);
  return {
    csrf,
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : (list.error?.message ?? "Outbox API failed, please try again"),
    counts: counts.data?.data ?? null,
    templates: [...templateOptions].map(([value, label]) => ({ value, label })),
    detail: detail?.data?.data ?? null,
    detailMissing: detail !== undefined && !detail.data ? (detail.error?.message ?? "Message not found") : null,
  };
}

/** The form pipeline's answer (saved, or why not). */
export type OutboxActionData = FormAnswer;

/** Retry a failed message, cancel a queued one, or retry every failed message the filters select. */
export async function outboxAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "outbox.use");
  const intent = String(form.get("intent"));
  const id = Number(form.get("id"));
  const { fail, failFromApi, done } = formAnswers<OutboxActionData>();

  if (intent === "retry" || intent === "cancel") {
    const path = intent === "retry" ? "/api/mail/messages/{id}/retry" : "/api/mail/messages/{id}/cancel";
    const { data: result, error, response } = await api.POST(path, { params: { path: { id } } });
    if (!result) return failFromApi({ error, response }, `Could not ${intent} the message`);
    return done(result.message);
  }
  if (intent === "retry-failed") {
    const { status: _status, ...filters } = messageFiltersFrom(new URLSearchParams(String(form.get("filters") ?? "")));
    const { data: result, error, response } = await api.POST("/api/mail/messages/retry", { body: filters });
    if (!result) return failFromApi({ error, response }, "Could not retry the failed messages");
    return done(result.message);
  }
  return fail(`Unknown action "${intent}"`, 400);
}
