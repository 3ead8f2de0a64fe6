import type { LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { pagePath } from "@repo/auth/menus";
import { getRole, isRoleId } from "@repo/auth/roles";
import { regionPaths } from "@repo/contracts/geography-constants";
import { idOfText } from "@repo/contracts/numbers-constants";
import { auth } from "@repo/remix-app/auth.server";

export type Participation = components["schemas"]["Participation"];
export type RegistrationsVsCollections = components["schemas"]["RegistrationsVsCollections"];
export type SchoolAnalytics = components["schemas"]["SchoolAnalytics"];
export type StudyMaterialAnalytics = components["schemas"]["StudyMaterialAnalytics"];
export type CoordinatorCounts = components["schemas"]["CoordinatorCounts"];
export type StatisticsSummary = components["schemas"]["StatisticsSummary"];

const isoDate = (raw: string | null) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined);
const positive = (raw: string | null) => idOfText(raw) ?? undefined;

/** The analytics' body from the URL: the toolbar's dates (from, to) and the zone and state filters. */
export function analyticsBodyFrom(params: URLSearchParams) {
  const body: { from?: string; to?: string; zone_id?: number; state_ids?: number[] } = {};
  const from = isoDate(params.get("from"));
  const to = isoDate(params.get("to"));
  if (from) body.from = from;
  if (to) body.to = to;
  const zone = positive(params.get("zone_id"));
  if (zone) body.zone_id = zone;
  const state = positive(params.get("state_id"));
  if (state) body.state_ids = [state];
  return body;
}

async function regionOptions(api: Awaited<ReturnType<typeof auth.requirePage>>["api"], zone: number | undefined) {
  const [zones, states] = await Promise.all([
    api.POST(regionPaths("zone").pick, { body: {} }),
    api.POST(regionPaths("state").pick, { body: zone ? { zone_id: zone } : {} }),
  ]);
  const options = (rows: { id: number; name: string }[] | undefined) =>
    (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  return { zone: options(zones.data?.data), state: options(states.data?.data) };
}

/** /analytic and /admin: every chart of the viewer's region for the URL's dates and region. */
export async function analyticsLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context);
  const body = analyticsBodyFrom(new URL(request.url).searchParams);
  const [participation, series, schools, materials, coordinators, regions] = await Promise.all([
    api.POST("/api/admin/dashboard/student-participation", { body }),
    api.POST("/api/admin/dashboard/student-register-vs-payment-collection", { body }),
    api.POST("/api/admin/dashboard/school-analytics", { body }),
    api.POST("/api/admin/dashboard/study-material-analytics", { body }),
    api.POST("/api/admin/dashboard/coordinator-count-analytics"),
    regionOptions(api, body.zone_id),
  ]);
  const failed = [participation, series, schools].find((answer) => !answer.data);
  return {
    filters: body,
    regions,
    participation: participation.data?.data ?? null,
    series: series.data?.data ?? null,
    schools: schools.data?.data ?? null,
    materials: materials.data?.data ?? [],
    // Level names here: the role table stays on the server.
    coordinators: (coordinators.data?.data ?? []).map((row) => ({
      ...row,
      level: isRoleId(row.role_id) ? getRole(row.role_id).name : String(row.role_id),
    })),
    failure: failed ? (failed.error?.message ?? "The analytics could not be loaded, please try again") : null,
  };
}

/** /statistics: each state (or district) of the viewer's region by payment and class. */
export async function statisticsLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const body = analyticsBodyFrom(params);
  delete body.from;
  delete body.to;
  const [summary, regions] = await Promise.all([
    api.POST("/api/admin/dashboard/statistics-summary", { body }),
    regionOptions(api, body.zone_id),
  ]);
  return {
    filters: body,
    regions,
    studentsPath: pagePath("coordinator", "total-students"),
    summary: summary.data?.data ?? null,
    failure: summary.data ? null : (summary.error?.message ?? "The statistics could not be loaded, please try again"),
  };
}
