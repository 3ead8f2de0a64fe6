import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { notificationBody } from "@repo/contracts/content-notices";
import { NOTIFICATION_PATHS } from "@repo/contracts/content-notices-constants";
import type { FieldError } from "@repo/contracts/envelope";
import { regionPaths } from "@repo/contracts/geography-constants";
import { indiaWallTimeToIso } from "@repo/contracts/locale";
import { auth } from "@repo/remix-app/auth.server";
import { optionsOf, withStateName } from "@repo/remix-app/content/choices";
import { CORRECT_THE_FIELDS, formAnswers, parseForm } from "@repo/remix-app/forms/server";
import { parseTableQuery } from "@repo/ui/data-table";

/** A notification as admins see it, typed by the API's generated client. */
export type NotificationRow = components["schemas"]["NotificationAdminItem"];

/** The list for the URL's paging and search, and the options of the dialog's region pickers. */
export async function notificationsLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const { page, perPage, search } = parseTableQuery(new URL(request.url).searchParams);
  const [list, zones, states, districts] = await Promise.all([
    api.GET(NOTIFICATION_PATHS.adminCollection, {
      params: { query: { page, per_page: perPage, ...(search ? { search } : {}) } },
    }),
    api.POST(regionPaths("zone").pick, { body: {} }),
    api.POST(regionPaths("state").pick, { body: {} }),
    api.POST(regionPaths("district").pick, { body: {} }),
  ]);
  return {
    csrf,
    /** The list's search, without paging: what Export sends. */
    filters: search ? { search } : {},
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : (list.error?.message ?? "The notifications could not be loaded, please try again"),
    regions: {
      zones: optionsOf(zones.data?.data),
      states: optionsOf(states.data?.data),
      districts: optionsOf(districts.data?.data, withStateName),
    },
  };
}

export interface NotificationActionData {
  ok: boolean;
  message: string;
  errors?: FieldError[];
}

const ids = (form: FormData, name: string) =>
  form
    .getAll(name)
    .map(String)
    .filter((v) => v !== "");

/**
 * A publish time as the dialog's datetime-local field sends it, read as India time (the time the
 * kit shows back), whatever the browser's zone; anything else goes on as sent, for the API to name.
 */
const indiaTime = (value: string) => indiaWallTimeToIso(value) ?? value;

/** The API body from the dialog's fields (the window as India wall-clock times, see indiaTime). */
export function notificationBodyFromForm(form: FormData) {
  const until = indiaTime(String(form.get("publish_until") ?? ""));
  return {
    title: String(form.get("title") ?? ""),
    body: String(form.get("body") ?? ""),
    roles: ids(form, "roles"),
    zone_ids: ids(form, "zone_ids"),
    state_ids: ids(form, "state_ids"),
    district_ids: ids(form, "district_ids"),
    publish_from: indiaTime(String(form.get("publish_from") ?? "")),
    publish_until: until === "" ? null : until,
  };
}

/** Create, update and delete, checked here with the API's own schema, then by the API. */
export async function notificationsAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "content.manage");
  const intent = String(form.get("intent"));
  const id = Number(form.get("id"));
  const { fail, failFromApi, done } = formAnswers<NotificationActionData>();

  if (intent === "delete") {
    const {
      data: answer,
      error,
      response,
    } = await api.DELETE(NOTIFICATION_PATHS.adminMember, {
      params: { path: { id } },
    });
    if (!answer) return fail(error?.message ?? "Could not delete the notification", response.status);
    return data<NotificationActionData>({ ok: true, message: answer.message });
  }
  const parsed = parseForm(notificationBodyFromForm(form), notificationBody);
  if (!parsed.ok) return fail(CORRECT_THE_FIELDS, 400, parsed.errors);
  const result =
    intent === "update"
      ? await api.POST(NOTIFICATION_PATHS.adminMember, { params: { path: { id } }, body: parsed.data })
      : await api.POST(NOTIFICATION_PATHS.adminCollection, { body: parsed.data });
  if (!result.data) return failFromApi(result, "Could not save the notification");
  return done(result.data.message);
}
