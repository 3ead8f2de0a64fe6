import type { LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { can } from "@repo/auth/permissions";
import { findRole, ROLE } from "@repo/auth/roles";
import { ID_MAX } from "@repo/contracts/ids-constants";
import { PAPER_ACTIVITY_ACTIONS, PAPER_ACTIVITY_LABELS } from "@repo/contracts/paper-activity-constants";
import { auth } from "@repo/remix-app/auth.server";
import { parseTableQuery } from "@repo/ui/data-table";
import type { SelectOption } from "@repo/ui/select";

export type ActivityLogRow = components["schemas"]["ActivityLogItem"];
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateOf = (value: string | null) => (value && DATE.test(value) && !Number.isNaN(Date.parse(value)) ? value : null);
const idOf = (value: string | null) => {
  const n = Number(value);
  return value && /^\d{1,10}$/.test(value) && n > 0 && n <= ID_MAX ? n : null;
};

/** The action filter's choices, as the activity log names them. */
export const ACTION_OPTIONS: SelectOption[] = PAPER_ACTIVITY_ACTIONS.map((action) => ({
  value: action,
  label: PAPER_ACTIVITY_LABELS[action],
}));

/** "Demo Translator Panel (Translator Panel)". */
export const personLabel = (name: string | null, roleId: number | null) => {
  const role = findRole(roleId)?.name;
  return `${name ?? "Unknown user"}${role ? ` (${role})` : ""}`;
};

/**
 * The user activity log of paper setting: who did what to which question or paper set, newest
 * first, a page at a time, with the URL's filters (person, action, India's dates, question). A
 * subject panel user sees its own actions (the API does that) and gets no person filter. There is
 * no list of papersetter accounts to choose from: the admin's choices are the panel members
 * (panel-members, its permission only), and everyone's include the people on the page.
 */
export async function activityLogsLoader({ request, context }: LoaderFunctionArgs) {
  const { api, subject, user } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const { page, perPage } = parseTableQuery(params);
  const ownOnly = user.role_id === ROLE.subjectPanel;
  const action = params.get("action");
  const filters = {
    user_id: ownOnly ? null : idOf(params.get("user_id")),
    action: action && (PAPER_ACTIVITY_ACTIONS as readonly string[]).includes(action) ? action : null,
    from: dateOf(params.get("from")),
    to: dateOf(params.get("to")),
    question_id: idOf(params.get("question_id")),
  };
  const query: Record<string, string> = { page: String(page), per_page: String(perPage) };
  for (const [name, value] of Object.entries(filters)) if (value !== null) query[name] = String(value);
  const [list, members] = await Promise.all([
    api.GET("/api/dashboard/user-activity-logs", { params: { query } }),
    !ownOnly && can(subject, "panel.manage") ? api.GET("/api/papersetter/panel-members") : null,
  ]);
  const rows = list.data?.data.items ?? [];
  const people = new Map<number, string>();
  if (!ownOnly) {
    people.set(user.id, personLabel(user.name, user.role_id));
    for (const member of members?.data?.data ?? []) people.set(member.id, personLabel(member.name, member.role_id));
    for (const row of rows) if (row.user_id !== null) people.set(row.user_id, personLabel(row.user_name, row.role_id));
    if (filters.user_id !== null && !people.has(filters.user_id)) {
      people.set(filters.user_id, `User ${filters.user_id}`);
    }
  }
  return {
    ownOnly,
    filters,
    rows,
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : (list.error?.message ?? "The activity log could not be loaded, please try again"),
    people: [...people.entries()]
      .map(([id, label]) => ({ value: String(id), label }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    actions: ACTION_OPTIONS,
  };
}

export type ActivityLogsData = Awaited<ReturnType<typeof activityLogsLoader>>;
