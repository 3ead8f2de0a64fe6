import type { LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { pagePath } from "@repo/auth/menus";
import { can, type Subject } from "@repo/auth/permissions";
import { auth } from "@repo/remix-app/auth.server";

export type DashboardCards = components["schemas"]["DashboardCards"];
export type StateSummaryRow = components["schemas"]["StateSummaryRow"];
export type RecentActivity = components["schemas"]["RecentActivity"];

/** Where each card leads: the list whose total it shows, with the same filters (none if not allowed). */
export interface CardLinks {
  schools: string | null;
  students: string | null;
  paid: string | null;
  unpaid: string | null;
  today: string | null;
  collected: string | null;
}

export function cardLinks(subject: Subject, today: string): CardLinks {
  const total = can(subject, "students.total") ? pagePath("coordinator", "total-students") : null;
  const withQuery = (path: string | null, query: Record<string, string>) =>
    path ? `${path}?${new URLSearchParams(query)}` : null;
  return {
    schools: can(subject, "schools.total") ? pagePath("coordinator", "total-schools") : null,
    students: total,
    paid: can(subject, "students.regionLists")
      ? pagePath("coordinator", "paid-students")
      : withQuery(total, { payment_status: "paid" }),
    unpaid: withQuery(total, { payment_status: "unpaid" }),
    today: withQuery(total, { from: today, to: today }),
    collected: can(subject, "paySupport.orders") ? pagePath("coordinator", "student-pay-support") : null,
  };
}

/** /admin-dashboard of the coordinator app: the viewer's region at a glance. */
export async function coordinatorDashboardLoader({ request, context }: LoaderFunctionArgs) {
  const { api, subject } = await auth.requirePage(request, context);
  const [cards, states, recent] = await Promise.all([
    api.POST("/api/admin/dashboard/card-summary"),
    api.POST("/api/admin/dashboard/state-summary"),
    api.POST("/api/admin/dashboard/recent-activity"),
  ]);
  const data = cards.data?.data ?? null;
  return {
    cards: data,
    links: data ? cardLinks(subject, data.today) : null,
    states: states.data?.data ?? [],
    recent: recent.data?.data ?? null,
    failure: data ? null : (cards.error?.message ?? "The dashboard could not be loaded, please try again"),
  };
}
