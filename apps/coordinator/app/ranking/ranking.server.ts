import type { LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { auth } from "@repo/remix-app/auth.server";
import { parseTableQuery } from "@repo/ui/data-table";
import { classFrom, positiveId, rankedLevelFrom } from "../result-winners/result-winners.server";

export type RankingStateRow = components["schemas"]["RankingStateRow"];
export type RankingDistrictRow = components["schemas"]["RankingDistrictRow"];
export type DistrictRankerRow = components["schemas"]["DistrictRankerRow"];

/** A page whose state or district is outside the viewer's region (or made up) is not there. */
const notHere = (what: string) => new Response(`There is no such ${what} in your region.`, { status: 404 });

/** /state-district: each state of the viewer's region with the level's results. */
export async function rankingStatesLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const level = rankedLevelFrom(new URL(request.url).searchParams);
  const answer = await api.GET("/api/ranking/state-district", { params: { query: { level } } });
  return {
    csrf,
    level,
    filters: { level },
    examYear: answer.data?.data.exam_year ?? "",
    rows: answer.data?.data.items ?? [],
    failure: answer.data ? null : (answer.error?.message ?? "The ranking could not be loaded, please try again"),
  };
}

/** /state-district/state-wise-district?state_id=: the districts of one state. */
export async function stateWiseDistrictLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const level = rankedLevelFrom(params);
  const stateId = positiveId(params.get("state_id"));
  if (!stateId) throw notHere("state");
  const answer = await api.GET("/api/ranking/state-wise-district", {
    params: { query: { level, state_id: stateId } },
  });
  if (answer.response.status === 404) throw notHere("state");
  return {
    csrf,
    level,
    filters: { level, state_id: stateId },
    state: answer.data?.data.state ?? { id: stateId, name: "" },
    rows: answer.data?.data.items ?? [],
    failure: answer.data ? null : (answer.error?.message ?? "The districts could not be loaded, please try again"),
  };
}

/** /state-district/state-wise-district/district-ranker-list?district_id=&class=: a district's rank list. */
export async function districtRankerLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const level = rankedLevelFrom(params);
  const districtId = positiveId(params.get("district_id"));
  if (!districtId) throw notHere("district");
  const classLevel = classFrom(params, "class");
  const { page, perPage } = parseTableQuery(params);
  const filters = { level, district_id: districtId, ...(classLevel ? { class_level: classLevel } : {}) };
  const answer = await api.GET("/api/ranking/district-ranker-list", {
    params: { query: { ...filters, page, per_page: perPage } },
  });
  if (answer.response.status === 404) throw notHere("district");
  return {
    csrf,
    level,
    classLevel: classLevel ?? null,
    filters,
    district: answer.data?.data.district ?? null,
    classes: answer.data?.data.classes ?? [],
    rows: answer.data?.data.items ?? [],
    total: answer.data?.data.total ?? 0,
    failure: answer.data ? null : (answer.error?.message ?? "The rank list could not be loaded, please try again"),
  };
}
