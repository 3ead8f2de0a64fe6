import type { LoaderFunctionArgs } from "@remix-run/node";
import type { components, operations } from "@repo/api-client/schema";
import { pagePath } from "@repo/auth/menus";
import { can } from "@repo/auth/permissions";
import type { ExamLevel } from "@repo/contracts/fees";
import { idOfText } from "@repo/contracts/numbers-constants";
import {
  DEFAULT_RESULT_LEVEL,
  FINAL_LEVELS,
  type FinalLevel,
  RESULT_STUDENT_SORTS,
} from "@repo/contracts/result-lists-constants";
import { AWARD_CODES } from "@repo/contracts/results-constants";
import { CLASS_LEVELS } from "@repo/contracts/students-constants";
import { auth } from "@repo/remix-app/auth.server";
import { parseTableQuery } from "@repo/ui/data-table";
import type { SelectOption } from "@repo/ui/select";
import { regionOptions } from "../region-lists/region-lists.server";

export type StudentResultRow = components["schemas"]["StudentResultRow"];
export type SchoolResultRow = components["schemas"]["SchoolResultRow"];
export type StateResultRow = components["schemas"]["StateResultRow"];
export type PrantResultRow = components["schemas"]["PrantResultRow"];
type StudentBody = NonNullable<operations["postStudentResults"]["requestBody"]>["content"]["application/json"];
type SchoolBody = NonNullable<operations["postSchoolMockResults"]["requestBody"]>["content"]["application/json"];
type StateBody = NonNullable<operations["postStateMockResults"]["requestBody"]>["content"]["application/json"];
type PrantBody = NonNullable<
  operations["postAdminGetPrantRankingFinalList"]["requestBody"]
>["content"]["application/json"];
type Api = Awaited<ReturnType<typeof auth.requirePage>>["api"];

/** A final list (Level 1 or 2, ranked and awarded) or the mock's. */
export type ResultListMode = "final" | "mock";

const pick = <T extends string | number>(values: readonly T[], raw: string | null): T | undefined =>
  values.find((value) => String(value) === raw);
const positive = (raw: string | null) => idOfText(raw) ?? undefined;

/** The levels a page offers: a final page Level 1 and 2, the statewise list the mock too when the viewer may see it. */
export const levelsOf = (mode: ResultListMode | "any", mockAllowed = true): ExamLevel[] =>
  mode === "mock" ? ["mock"] : mode === "final" || !mockAllowed ? [...FINAL_LEVELS] : [...FINAL_LEVELS, "mock"];

/** The URL's level among those offered; the first (Level 1) otherwise. */
export const levelFrom = (params: URLSearchParams, levels: readonly ExamLevel[]): ExamLevel =>
  pick(levels, params.get("level")) ??
  (levels.includes(DEFAULT_RESULT_LEVEL) ? DEFAULT_RESULT_LEVEL : levels[0]) ??
  "mock";

/** The filters every result list shares: class, paper set and the region (one node per level in the URL). */
function sharedFiltersFrom(params: URLSearchParams) {
  const out: {
    class_level?: number;
    paper_set_id?: number;
    zone_id?: number;
    state_ids?: number[];
    prant_ids?: number[];
    district_ids?: number[];
  } = {};
  const classLevel = pick(CLASS_LEVELS, params.get("class_level"));
  if (classLevel) out.class_level = classLevel;
  const paperSet = positive(params.get("paper_set_id"));
  if (paperSet) out.paper_set_id = paperSet;
  const zone = positive(params.get("zone_id"));
  if (zone) out.zone_id = zone;
  for (const [param, key] of [
    ["state_id", "state_ids"],
    ["prant_id", "prant_ids"],
    ["district_id", "district_ids"],
  ] as const) {
    const id = positive(params.get(param));
    if (id) out[key] = [id];
  }
  return out;
}

/** The student list's body from the URL (a mock page's level is the mock, whatever the URL says). */
export function studentBodyFrom(params: URLSearchParams, mode: ResultListMode): StudentBody & { level: ExamLevel } {
  const { page, perPage, search, sort } = parseTableQuery(params, RESULT_STUDENT_SORTS);
  const body: StudentBody & { level: ExamLevel } = {
    level: levelFrom(params, levelsOf(mode)),
    page,
    per_page: perPage,
    ...sharedFiltersFrom(params),
  };
  if (search) body.search = search;
  if (sort) {
    body.sort = sort.column as StudentBody["sort"];
    if (sort.column === "name") body.direction = sort.direction;
  }
  const school = positive(params.get("school_id"));
  if (school) body.school_id = school;
  const award = mode === "final" ? pick(AWARD_CODES, params.get("award")) : undefined;
  if (award) body.award = award;
  return body;
}

/** The school list's body from the URL. */
export function schoolBodyFrom(params: URLSearchParams, mode: ResultListMode): SchoolBody & { level: ExamLevel } {
  const { page, perPage, search } = parseTableQuery(params);
  const body: SchoolBody & { level: ExamLevel } = {
    level: levelFrom(params, levelsOf(mode)),
    page,
    per_page: perPage,
    ...sharedFiltersFrom(params),
  };
  if (search) body.search = search;
  return body;
}

/** The statewise list's body: level (the mock only for those who may see it), class, zone and paper set. */
export function stateBodyFrom(params: URLSearchParams, mockAllowed: boolean): StateBody & { level: ExamLevel } {
  const { class_level, paper_set_id, zone_id } = sharedFiltersFrom(params);
  return {
    level: levelFrom(params, levelsOf("any", mockAllowed)),
    ...(class_level ? { class_level } : {}),
    ...(paper_set_id ? { paper_set_id } : {}),
    ...(zone_id ? { zone_id } : {}),
  };
}

/** The prant-wise list's body: a ranked level, class, zone, state and paper set. */
export function prantBodyFrom(params: URLSearchParams): PrantBody & { level: FinalLevel } {
  const { class_level, paper_set_id, zone_id, state_ids } = sharedFiltersFrom(params);
  return {
    level: pick(FINAL_LEVELS, params.get("level")) ?? FINAL_LEVELS[0],
    ...(class_level ? { class_level } : {}),
    ...(paper_set_id ? { paper_set_id } : {}),
    ...(zone_id ? { zone_id } : {}),
    ...(state_ids ? { state_ids } : {}),
  };
}

/** Without paging: what the list's export takes. */
const exportFilters = <T extends { page?: number; per_page?: number }>({ page: _p, per_page: _pp, ...rest }: T) => rest;

/** The level's finalized paper sets ("combination names") for the paper set filter, with the region's sheets. */
async function paperSetOptions(api: Api, level: ExamLevel, classLevel: number | undefined): Promise<SelectOption[]> {
  const sets = await api.GET("/api/admin/get-combination-name-finalzed-list", {
    params: { query: { level, ...(classLevel ? { class_level: classLevel } : {}) } },
  });
  return (sets.data?.data ?? []).map((set) => ({
    value: String(set.id),
    label: `${set.code} (${set.sheets.toLocaleString("en-IN")} sheets)`,
  }));
}

const failureOf = (error: { message?: string } | undefined, what: string) =>
  error?.message ?? `${what} could not be loaded, please try again`;

/** result-overview/student-final and student-mock: a page of students with their results. */
export async function studentResultsLoader(mode: ResultListMode, { request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const body = studentBodyFrom(params, mode);
  const [list, regions, paperSets] = await Promise.all([
    api.POST("/api/student-results", { body }),
    regionOptions(api, params),
    paperSetOptions(api, body.level, body.class_level ?? undefined),
  ]);
  return {
    csrf,
    mode,
    level: body.level,
    levels: levelsOf(mode),
    filters: exportFilters(body),
    regions,
    paperSets,
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    capped: list.data?.data.total_capped ?? false,
    failure: list.data ? null : failureOf(list.error, "Results"),
  };
}

/**
 * result-overview/school-final and school-mock: a page of schools with their figures; `school`
 * in the URL opens one school's students (getstudentsList).
 */
export async function schoolResultsLoader(mode: ResultListMode, { request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const body = schoolBodyFrom(params, mode);
  const opened = positive(params.get("school"));
  const [list, regions, paperSets, school] = await Promise.all([
    api.POST("/api/school-mock-results", { body }),
    regionOptions(api, params),
    paperSetOptions(api, body.level, body.class_level ?? undefined),
    opened
      ? api.GET("/api/getstudentsList", {
          params: {
            query: {
              school_id: opened,
              level: body.level,
              ...(body.class_level ? { class_level: body.class_level } : {}),
            },
          },
        })
      : null,
  ]);
  return {
    csrf,
    mode,
    level: body.level,
    levels: levelsOf(mode),
    filters: exportFilters(body),
    regions,
    paperSets,
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    capped: list.data?.data.total_capped ?? false,
    failure: list.data ? null : failureOf(list.error, "Schools"),
    school: school?.data?.data ?? null,
    schoolFailure: school && !school.data ? failureOf(school.error, "The school's students") : null,
  };
}

/** result-overview/statewise-student-list: each state's figures; a state opens its students. */
export async function statewiseLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf, subject } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const mockAllowed = can(subject, "results.mock");
  const body = stateBodyFrom(params, mockAllowed);
  const [list, paperSets] = await Promise.all([
    api.POST("/api/state-mock-results", { body }),
    paperSetOptions(api, body.level, body.class_level ?? undefined),
  ]);
  return {
    csrf,
    level: body.level,
    levels: levelsOf("any", mockAllowed),
    filters: body,
    paperSets,
    // A state's row opens the level's student list narrowed to it.
    studentsPath: pagePath("coordinator", body.level === "mock" ? "student-mock" : "student-final"),
    rows: list.data?.data.items ?? [],
    summary: list.data?.data.total ?? null,
    failure: list.data ? null : failureOf(list.error, "States"),
  };
}

/** result-overview/prant-wise-grouping: each prant's figures and camp places. */
export async function prantGroupingLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const body = prantBodyFrom(params);
  const [list, regions, paperSets] = await Promise.all([
    api.POST("/api/admin/get-prant-ranking-final-list", { body }),
    regionOptions(api, params),
    paperSetOptions(api, body.level, body.class_level ?? undefined),
  ]);
  return {
    csrf,
    level: body.level,
    levels: levelsOf("final"),
    filters: body,
    regions,
    paperSets,
    studentsPath: pagePath("coordinator", "student-final"),
    rows: list.data?.data.items ?? [],
    summary: list.data?.data.total ?? null,
    failure: list.data ? null : failureOf(list.error, "Prants"),
  };
}
