import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import type { components, operations } from "@repo/api-client/schema";
import { pagePath } from "@repo/auth/menus";
import { regionPaths } from "@repo/contracts/geography-constants";
import { LANGUAGE_CODES } from "@repo/contracts/languages";
import { idOfText } from "@repo/contracts/numbers-constants";
import {
  REGION_SCHOOL_SORTS,
  REGION_STUDENT_SORTS,
  SCHOOL_LIST_PRESETS,
  SCHOOL_PAYMENT_FILTERS,
  type SchoolListPreset,
  STUDENT_LIST_PRESETS,
  STUDENT_SOURCES,
  type StudentListPreset,
} from "@repo/contracts/region-lists-constants";
import { CLASS_LEVELS, PAYMENT_STATUSES } from "@repo/contracts/students-constants";
import { auth } from "@repo/remix-app/auth.server";
import { optionsOf } from "@repo/remix-app/content/choices";
import { parseTableQuery } from "@repo/ui/data-table";

export type RegionStudentRow = components["schemas"]["RegionStudentRow"];
export type RegionSchoolRow = components["schemas"]["RegionSchoolRow"];
type StudentBody = NonNullable<operations["postRegionStudents"]["requestBody"]>["content"]["application/json"];
type SchoolBody = NonNullable<operations["postRegionSchools"]["requestBody"]>["content"]["application/json"];

const pick = <T extends string | number>(values: readonly T[], raw: string | null): T | undefined =>
  values.find((value) => String(value) === raw);
const positive = (raw: string | null) => idOfText(raw) ?? undefined;
const isoDate = (raw: string | null) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined);

/** The URL's region and date filters, as the API's body has them (one of each level in the URL). */
function regionFiltersFrom(params: URLSearchParams) {
  const out: {
    zone_id?: number;
    state_ids?: number[];
    prant_ids?: number[];
    district_ids?: number[];
    registered_from?: string;
    registered_to?: string;
  } = {};
  const zone = positive(params.get("zone_id"));
  if (zone) out.zone_id = zone;
  const state = positive(params.get("state_id"));
  if (state) out.state_ids = [state];
  const prant = positive(params.get("prant_id"));
  if (prant) out.prant_ids = [prant];
  const district = positive(params.get("district_id"));
  if (district) out.district_ids = [district];
  const from = isoDate(params.get("from"));
  if (from) out.registered_from = from;
  const to = isoDate(params.get("to"));
  if (to) out.registered_to = to;
  return out;
}

/** The students list's body from the URL, with the page's fixed filters on top. */
export function studentBodyFrom(params: URLSearchParams, preset: StudentListPreset): StudentBody {
  const { page, perPage, search, sort } = parseTableQuery(params, REGION_STUDENT_SORTS);
  const body: StudentBody = { page, per_page: perPage, ...regionFiltersFrom(params) };
  if (search) body.search = search;
  if (sort) {
    body.sort = sort.column as StudentBody["sort"];
    body.direction = sort.direction;
  }
  const classLevel = pick(CLASS_LEVELS, params.get("class_level"));
  if (classLevel) body.class_level = classLevel;
  const language = pick(LANGUAGE_CODES, params.get("language"));
  if (language) body.language = language;
  const payment = pick(
    PAYMENT_STATUSES.map((s) => s.code),
    params.get("payment_status"),
  );
  if (payment) body.payment_status = payment;
  const source = pick(
    STUDENT_SOURCES.map((s) => s.code),
    params.get("source"),
  );
  if (source) body.source = source;
  const school = positive(params.get("school_id"));
  if (school) body.school_id = school;
  return { ...body, ...STUDENT_LIST_PRESETS[preset] };
}

export function schoolBodyFrom(params: URLSearchParams, preset: SchoolListPreset): SchoolBody {
  const { page, perPage, search, sort } = parseTableQuery(params, REGION_SCHOOL_SORTS);
  const body: SchoolBody = { page, per_page: perPage, ...regionFiltersFrom(params) };
  if (search) body.search = search;
  if (sort) {
    body.sort = sort.column as SchoolBody["sort"];
    body.direction = sort.direction;
  }
  const payment = pick(
    SCHOOL_PAYMENT_FILTERS.map((s) => s.code),
    params.get("payment"),
  );
  if (payment) body.payment = payment;
  const active = params.get("is_active");
  if (active === "true" || active === "false") body.is_active = active === "true";
  return { ...body, ...SCHOOL_LIST_PRESETS[preset] };
}

/**
 * The region pickers' options, each level narrowed by the one above it as chosen in the URL; the
 * API gives only the nodes inside the viewer's region.
 */
export async function regionOptions(api: Awaited<ReturnType<typeof auth.requirePage>>["api"], params: URLSearchParams) {
  const zone = positive(params.get("zone_id"));
  const state = positive(params.get("state_id"));
  const prant = positive(params.get("prant_id"));
  const [zones, states, prants, districts] = await Promise.all([
    api.POST(regionPaths("zone").pick, { body: {} }),
    api.POST(regionPaths("state").pick, { body: zone ? { zone_id: zone } : {} }),
    state ? api.POST(regionPaths("prant").pick, { body: { state_ids: [state] } }) : null,
    prant ? api.POST(regionPaths("district").pick, { body: { prant_ids: [prant] } }) : null,
  ]);
  return {
    zone: optionsOf(zones.data?.data),
    state: optionsOf(states.data?.data),
    prant: optionsOf(prants?.data?.data),
    district: optionsOf(districts?.data?.data),
  };
}

/** Without paging: what the list's export takes. */
const exportFilters = <T extends { page?: number; per_page?: number }>({ page: _p, per_page: _pp, ...rest }: T) => rest;

export async function regionStudentsLoader(preset: StudentListPreset, { request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const body = studentBodyFrom(params, preset);
  const [list, regions] = await Promise.all([api.POST("/api/region/students", { body }), regionOptions(api, params)]);
  return {
    csrf,
    preset,
    filters: exportFilters(body),
    regions,
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    capped: list.data?.data.total_capped ?? false,
    failure: list.data ? null : (list.error?.message ?? "Students could not be loaded, please try again"),
  };
}

export async function regionSchoolsLoader(preset: SchoolListPreset, { request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const body = schoolBodyFrom(params, preset);
  const [list, regions] = await Promise.all([api.POST("/api/region/schools", { body }), regionOptions(api, params)]);
  return {
    csrf,
    preset,
    filters: exportFilters(body),
    regions,
    // A school's count opens its students (the page tree stays on the server: it is not small).
    studentsPath: pagePath("coordinator", "total-students"),
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : (list.error?.message ?? "Schools could not be loaded, please try again"),
  };
}

/** /student/view-students: the old portal's address of the region's students (total_students_zonal). */
export async function viewStudentsLoader({ request, context }: LoaderFunctionArgs) {
  await auth.requirePage(request, context);
  return redirect(`${pagePath("coordinator", "total-students")}${new URL(request.url).search}`);
}
