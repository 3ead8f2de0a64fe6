import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import type { FieldError } from "@repo/contracts/envelope";
import { cityBody, districtBody, type GeographyLevel, prantBody, stateBody, zoneBody } from "@repo/contracts/geography";
import { auth } from "@repo/remix-app/auth.server";
import type { z } from "zod";
import { LEVELS } from "./levels";

const BODIES: Record<GeographyLevel, z.ZodType> = {
  zone: zoneBody,
  state: stateBody,
  prant: prantBody,
  district: districtBody,
  city: cityBody,
};

export interface RegionRow {
  id: number;
  name: string;
  code?: string;
  country_id?: number | null;
  country_name?: string | null;
  zone_id?: number;
  zone_name?: string;
  state_id?: number;
  state_name?: string;
  prant_id?: number;
  prant_name?: string;
  district_id?: number;
  district_name?: string;
  children_count?: number;
  schools_count?: number;
}

export interface Option {
  value: string;
  label: string;
}

const ids = (params: URLSearchParams, name: string) =>
  params
    .getAll(name)
    .flatMap((v) => v.split(","))
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

const API_PATH = {
  zone: "/api/fetchZoneWithPagination",
  state: "/api/fetchStateWithPagination",
  prant: "/api/fetchPrantWithPagination",
  district: "/api/fetchDistrictWithPagination",
  city: "/api/fetchCityWithPagination",
} as const;
const PICK_PATH = {
  zone: "/api/fetchZone",
  state: "/api/fetchState",
  prant: "/api/fetchPrant",
  district: "/api/fetchDistrict",
  city: "/api/fetchCity",
} as const;

/**
 * A regions list page: the page of rows for the URL's paging, search and filters, and the options
 * of its filter pickers and its create/edit dialog. A failed list call gives an empty list and
 * the message for the warning dialog (spec §8).
 */
export async function regionsLoader(level: GeographyLevel, { request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const spec = LEVELS[level];
  const params = new URL(request.url).searchParams;
  const zoneId = Number(params.get("zone_id"));
  const body = {
    page: Math.max(1, Number(params.get("page")) || 1),
    per_page: Math.min(100, Math.max(1, Number(params.get("per_page")) || 10)),
    ...(params.get("search") ? { search: params.get("search") ?? "" } : {}),
    ...(Number.isInteger(zoneId) && zoneId > 0 ? { zone_id: zoneId } : {}),
    ...(ids(params, "state_ids").length ? { state_ids: ids(params, "state_ids") } : {}),
    ...(ids(params, "prant_ids").length ? { prant_ids: ids(params, "prant_ids") } : {}),
    ...(ids(params, "district_ids").length ? { district_ids: ids(params, "district_ids") } : {}),
  };
  const pickLevels = new Set<GeographyLevel>(spec.filters.map((f) => f.level));
  if (spec.parent) pickLevels.add(spec.parent.level);
  const [list, ...picks] = await Promise.all([
    api.POST(API_PATH[level], { body }),
    ...[...pickLevels].map((pick) => api.POST(PICK_PATH[pick], { body: {} })),
  ]);
  const options: Partial<Record<GeographyLevel, Option[]>> = {};
  [...pickLevels].forEach((pick, i) => {
    options[pick] = (picks[i]?.data?.data ?? []).map((r) => ({
      value: String(r.id),
      label: r.state_name && pick !== "state" ? `${r.name} (${r.state_name})` : r.name,
    }));
  });
  const countries =
    spec.level === "zone" || spec.level === "state" ? ((await api.GET("/api/fetch/countries")).data?.data ?? []) : [];
  return {
    csrf,
    rows: (list.data?.data.items ?? []) as RegionRow[],
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : (list.error?.message ?? `${spec.plural} API failed, please try again`),
    options,
    countries: countries.map((c) => ({ value: String(c.id), label: c.name })),
  };
}

export interface RegionActionData {
  ok: boolean;
  message: string;
  errors?: FieldError[];
}

/** Create, update and delete, checked here with the API's own schemas, then by the API. */
export async function regionsAction(level: GeographyLevel, { request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const { api } = await auth.requireAction(request, context, form, "regions.manage");
  const intent = String(form.get("intent"));
  const id = Number(form.get("id"));
  const spec = LEVELS[level];
  const fail = (message: string, status: number, errors?: FieldError[]) =>
    data<RegionActionData>({ ok: false, message, errors }, { status });

  if (intent === "delete") {
    const { data: result, error, response } = await api.DELETE(`/api/${level}/{id}`, { params: { path: { id } } });
    if (!result) return fail(error?.message ?? `Could not delete the ${level}`, response.status);
    return data<RegionActionData>({ ok: true, message: result.message });
  }

  const raw: Record<string, unknown> = { name: form.get("name") };
  if (level === "zone") {
    raw.code = form.get("code");
    raw.country_id = form.get("country_id") ? form.get("country_id") : null;
  }
  if (level === "state") raw.country_id = form.get("country_id");
  if (spec.parent) raw[spec.parent.field] = form.get(spec.parent.field);
  const parsed = BODIES[level].safeParse(raw);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ field: i.path.join("."), message: i.message }));
    return fail("Please correct the marked fields.", 400, errors);
  }
  const body = parsed.data as never;
  const {
    data: result,
    error,
    response,
  } = intent === "update"
    ? await api.POST(`/api/${level}/{id}`, { params: { path: { id } }, body })
    : await api.POST(`/api/${level}`, { body });
  if (!result) return fail(error?.message ?? `Could not save the ${level}`, response.status, error?.errors);
  return data<RegionActionData>({ ok: true, message: result.message });
}
