import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import type { FieldError } from "@repo/contracts/envelope";
import { masterInstituteCreateBody, masterInstituteFields } from "@repo/contracts/master-institutes";
import { ACTIVE_FILTERS } from "@repo/contracts/master-institutes-constants";
import { idOfText } from "@repo/contracts/numbers-constants";
import { auth } from "@repo/remix-app/auth.server";
import { CORRECT_THE_FIELDS, formAnswers, parseForm } from "@repo/remix-app/forms/server";
import { parseTableQuery } from "@repo/ui/data-table";

/**
 * LMS's master institutes page (list, create, edit, enable/disable, export) and its GCC schools
 * page (the GCC zone's schools with their students, filtered by country and payment).
 */

export type MasterInstituteRow = components["schemas"]["MasterInstituteRow"];
export type GccSchoolRow = components["schemas"]["InstituteSchoolPage"]["items"][number];

export interface MasterInstituteActionData {
  ok: boolean;
  intent: string;
  message: string;
  errors?: FieldError[];
}

const statusOf = (params: URLSearchParams) => ACTIVE_FILTERS.find((f) => f.code === params.get("status"))?.code;

/** The list query from the URL: paging, search and the status filter. */
export function instituteListQueryFrom(params: URLSearchParams) {
  const { page, perPage, search } = parseTableQuery(params);
  const status = statusOf(params);
  return { page, per_page: perPage, ...(search ? { search } : {}), ...(status ? { status } : {}) };
}

export async function masterInstitutesLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const query = instituteListQueryFrom(new URL(request.url).searchParams);
  const list = await api.GET("/api/master-institute/list", { params: { query } });
  const { page: _page, per_page: _perPage, ...filters } = query;
  return {
    csrf,
    filters,
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : (list.error?.message ?? "Master institutes API failed, please try again"),
  };
}

const CREATE_FIELDS = Object.keys(masterInstituteCreateBody.shape) as (keyof typeof masterInstituteCreateBody.shape)[];

/** Create, update and enable/disable; each checked here with the API's schema, then by the API. */
export async function masterInstitutesAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const intent = String(form.get("intent"));
  const { api } = await auth.requireAction(request, context, form, "masterInstitutes.manage");
  const { fail, failFromApi, done } = formAnswers<MasterInstituteActionData>({ intent });
  const values = Object.fromEntries(CREATE_FIELDS.map((field) => [field, String(form.get(field) ?? "")]));
  const id = Number(form.get("id"));

  if (intent === "create") {
    const parsed = parseForm(values, masterInstituteCreateBody);
    if (!parsed.ok) return fail(CORRECT_THE_FIELDS, 400, parsed.errors);
    const result = await api.POST("/api/master-institute", { body: parsed.data });
    if (!result.data) return failFromApi(result, "Could not create");
    return done(result.data.message);
  }
  if (intent === "update") {
    const { username: _u, password: _p, ...fields } = values;
    const parsed = parseForm(fields, masterInstituteFields);
    if (!parsed.ok) return fail(CORRECT_THE_FIELDS, 400, parsed.errors);
    const result = await api.POST("/api/master-institute/update/{id}", { params: { path: { id } }, body: parsed.data });
    if (!result.data) return failFromApi(result, "Could not save");
    return done(result.data.message);
  }
  if (intent === "active") {
    const result = await api.POST("/api/master-institute/active/{id}", {
      params: { path: { id } },
      body: { is_active: form.get("is_active") === "true" },
    });
    if (!result.data) return fail(result.error?.message ?? "Could not change it", result.response.status);
    return done(result.data.message);
  }
  return fail("Unknown action", 400);
}

/** The GCC schools list query from the URL. */
export function gccListQueryFrom(params: URLSearchParams) {
  const base = instituteListQueryFrom(params);
  const stateId = idOfText(params.get("state_id")) ?? 0;
  const payment = params.get("payment");
  return {
    ...base,
    ...(stateId > 0 ? { state_id: stateId } : {}),
    ...(payment === "paid" || payment === "unpaid" ? { payment: payment as "paid" | "unpaid" } : {}),
  };
}

export async function gccSchoolsLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const query = gccListQueryFrom(new URL(request.url).searchParams);
  const [list, zones] = await Promise.all([
    api.GET("/api/schools/gcc/list", { params: { query } }),
    api.POST("/api/fetchZone", { body: {} }),
  ]);
  // The GCC zone is the one coded GCC; its "states" are the Gulf countries.
  const gcc = zones.data?.data.find((zone) => zone.code === "GCC");
  const states = gcc ? await api.POST("/api/fetchState", { body: { zone_id: gcc.id } }) : null;
  const { page: _page, per_page: _perPage, ...filters } = query;
  return {
    csrf,
    filters,
    countries: (states?.data?.data ?? []).map((state) => ({ value: String(state.id), label: state.name })),
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : (list.error?.message ?? "GCC schools API failed, please try again"),
  };
}
