import type { LoaderFunctionArgs } from "@remix-run/node";
import type { components, operations } from "@repo/api-client/schema";
import { idOfText } from "@repo/contracts/numbers-constants";
import { DEFAULT_AWARD, DEFAULT_RANKED_LEVEL, type RankedLevel } from "@repo/contracts/result-winners-constants";
import { AWARD_CODES, type AwardCode, RANKED_LEVELS } from "@repo/contracts/results-constants";
import { CLASS_LEVELS } from "@repo/contracts/students-constants";
import { auth } from "@repo/remix-app/auth.server";
import { parseTableQuery } from "@repo/ui/data-table";
import { regionOptions } from "../region-lists/region-lists.server";

export type WinnerRow = components["schemas"]["WinnerRow"];
type WinnersQuery = NonNullable<operations["getResultWinners"]["parameters"]["query"]>;

const pick = <T extends string | number>(values: readonly T[], raw: string | null): T | undefined =>
  values.find((value) => String(value) === raw);
export const positiveId = (raw: string | null) => idOfText(raw) ?? undefined;

/** The ranked level of the URL (`level`), Level 1 unless it names Level 2. */
export const rankedLevelFrom = (params: URLSearchParams) =>
  pick(RANKED_LEVELS, params.get("level")) ?? DEFAULT_RANKED_LEVEL;

/** A class of the URL (`param`), if it is one of VI–XI. */
export const classFrom = (params: URLSearchParams, param = "class_level") => pick(CLASS_LEVELS, params.get(param));

/** The region filters of the URL, one id per level, as the result APIs take them. */
export function resultRegionFrom(params: URLSearchParams) {
  const out: { zone_id?: number; state_id?: number; prant_id?: number; district_id?: number; school_id?: number } = {};
  for (const key of ["zone_id", "state_id", "prant_id", "district_id", "school_id"] as const) {
    const id = positiveId(params.get(key));
    if (id) out[key] = id;
  }
  return out;
}

/** The winners list's query from the URL. */
export function winnersQueryFrom(params: URLSearchParams) {
  const { page, perPage } = parseTableQuery(params);
  const query: ReturnType<typeof resultRegionFrom> & {
    level: RankedLevel;
    award: AwardCode;
    page: number;
    per_page: number;
    class_level?: number;
  } = {
    level: rankedLevelFrom(params),
    award: pick(AWARD_CODES, params.get("award")) ?? DEFAULT_AWARD,
    page,
    per_page: perPage,
    ...resultRegionFrom(params),
  };
  const classLevel = classFrom(params);
  if (classLevel) query.class_level = classLevel;
  return query satisfies WinnersQuery;
}

/** result-overview/result-winner-tab: one award's winners per group and class. */
export async function winnersLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const query = winnersQueryFrom(params);
  const [list, regions] = await Promise.all([
    api.GET("/api/result-winners", { params: { query } }),
    regionOptions(api, params),
  ]);
  const { page: _page, per_page: _perPage, ...filters } = query;
  return {
    csrf,
    level: query.level,
    award: query.award,
    /** What the export takes: the list's filters without paging. */
    filters,
    regions,
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : (list.error?.message ?? "Winners could not be loaded, please try again"),
  };
}
