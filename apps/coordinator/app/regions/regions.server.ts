import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import type { FieldError } from "@repo/contracts/envelope";
import { REGION_BODIES, type RegionBodies, type RegionListBody, regionBodyFromForm } from "@repo/contracts/geography";
import { type GeographyLevel, REGION_LEVELS, regionPaths } from "@repo/contracts/geography-constants";
import { auth } from "@repo/remix-app/auth.server";
import { CORRECT_THE_FIELDS, formAnswers, parseForm } from "@repo/remix-app/forms/server";
import { parseTableQuery } from "@repo/ui/data-table";
import type { SelectOption } from "@repo/ui/select";

/** A row of a regions list, as the API's generated client types it. */
export type RegionRow = components["schemas"]["RegionItem"];

const ids = (params: URLSearchParams, name: string) =>
  params
    .getAll(name)
    .flatMap((v) => v.split(","))
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

/** The list body for the URL: the table's paging and search, and the level's region filters. */
export function regionListBodyFrom(level: GeographyLevel, params: URLSearchParams): RegionListBody {
  const { page, perPage, search } = parseTableQuery(params);
  const body: RegionListBody = { page, per_page: perPage, ...(search ? { search } : {}) };
  for (const { param } of REGION_LEVELS[level].filters) {
    const values = ids(params, param);
    if (values.length === 0) continue;
    if (param === "zone_id") body.zone_id = values[0];
    else body[param] = values;
  }
  return body;
}

/**
 * A regions list page: the page of rows for the URL's paging, search and filters, and the options
 * of its filter pickers and its create/edit dialog. A failed list call gives an empty list and
 * the message for the warning dialog.
 */
export async function regionsLoader(level: GeographyLevel, { request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const spec = REGION_LEVELS[level];
  const body = regionListBodyFrom(level, new URL(request.url).searchParams);
  const pickLevels = [...new Set([...spec.filters.map((f) => f.level), ...(spec.parent ? [spec.parent.level] : [])])];
  const [list, countries, ...picks] = await Promise.all([
    api.POST(regionPaths(level).page, { body }),
    level === "zone" || level === "state" ? api.GET("/api/fetch/countries") : undefined,
    ...pickLevels.map((pick) => api.POST(regionPaths(pick).pick, { body: {} })),
  ]);
  const options: Partial<Record<GeographyLevel, SelectOption[]>> = {};
  pickLevels.forEach((pick, i) => {
    options[pick] = (picks[i]?.data?.data ?? []).map((r) => ({
      value: String(r.id),
      label: r.state_name && pick !== "state" ? `${r.name} (${r.state_name})` : r.name,
    }));
  });
  return {
    csrf,
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : (list.error?.message ?? `${spec.plural} API failed, please try again`),
    options,
    countries: (countries?.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
  };
}

export interface RegionActionData {
  ok: boolean;
  message: string;
  errors?: FieldError[];
}

/** The API's create or update call for a level, typed by that level's body. */
function save<L extends GeographyLevel>(
  api: Awaited<ReturnType<typeof auth.requireAction>>["api"],
  level: L,
  body: RegionBodies[L],
  id: number | null,
) {
  const paths = regionPaths<GeographyLevel>(level);
  return id === null
    ? api.POST(paths.collection, { body })
    : api.POST(paths.member, { params: { path: { id } }, body });
}

/** Create, update and delete, checked here with the API's own schemas, then by the API. */
export async function regionsAction(level: GeographyLevel, { request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "regions.manage");
  const intent = String(form.get("intent"));
  const id = Number(form.get("id"));
  const { fail, failFromApi, done } = formAnswers<RegionActionData>();

  if (intent === "delete") {
    const { data: result, error, response } = await api.DELETE(regionPaths(level).member, { params: { path: { id } } });
    if (!result) return fail(error?.message ?? `Could not delete the ${level}`, response.status);
    return data<RegionActionData>({ ok: true, message: result.message });
  }

  const parsed = parseForm(
    regionBodyFromForm(level, (field) => form.get(field)),
    REGION_BODIES[level],
  );
  if (!parsed.ok) return fail(CORRECT_THE_FIELDS, 400, parsed.errors);
  const saved = await save(api, level, parsed.data, intent === "update" ? id : null);
  if (!saved.data) return failFromApi(saved, `Could not save the ${level}`);
  return done(saved.data.message);
}
