import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { NOTIFICATION_PATHS } from "@repo/contracts/content-notices-constants";
import { auth } from "@repo/remix-app/auth.server";
import { type FormAnswer, formAnswers } from "@repo/remix-app/forms/server";

/** One of the reader's notifications, as the API's generated client types it. */
export type Notification = components["schemas"]["NotificationPage"]["data"]["items"][number];

export const NOTIFICATIONS_PER_PAGE = 10;

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** The school's notifications, newest first, a page at a time; `?open=<id>` shows one in full. */
export async function notificationsLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const page = positive(params.get("page")) ?? 1;
  const answer = await api.GET(NOTIFICATION_PATHS.mine, {
    params: { query: { page, per_page: NOTIFICATIONS_PER_PAGE } },
  });
  const list = answer.data?.data;
  return {
    csrf,
    items: list?.items ?? [],
    page,
    lastPage: list?.last_page ?? 1,
    total: list?.total ?? 0,
    unread: list?.unread ?? 0,
    open: positive(params.get("open")),
    failure: answer.data ? null : (answer.error?.message ?? "Your notifications could not be loaded, please try again"),
  };
}

/** The form pipeline's answer (done, or why not). */
export type NotificationsActionData = FormAnswer;

/**
 * Opening a notification marks it read and shows it (a redirect, so it works before the page's
 * script loads); "Mark all read" marks the rest.
 */
export async function notificationsAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "notifications.view");
  const intent = String(form.get("intent"));
  const { fail, failFromApi, done } = formAnswers<NotificationsActionData>();
  if (intent === "read-all") {
    const { data: answer, error, response } = await api.POST(NOTIFICATION_PATHS.readAll);
    if (!answer) return failFromApi({ error, response }, "Could not mark them read");
    return done(answer.message);
  }
  const id = positive(String(form.get("id")));
  if (intent !== "read" || id === null) return fail("Choose a notification to open", 400);
  const { error, response } = await api.POST(NOTIFICATION_PATHS.read, { params: { path: { id } } });
  if (!response.ok) return failFromApi({ error, response }, "That notification is not available");
  const back = new URL(request.url);
  back.searchParams.set("open", String(id));
  throw redirect(`${back.pathname}?${back.searchParams}`);
}
