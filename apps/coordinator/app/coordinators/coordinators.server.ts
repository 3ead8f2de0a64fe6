import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { COORDINATOR_LEVEL, type CoordinatorRoleId } from "@repo/contracts/coordinators-constants";
import type { FieldError } from "@repo/contracts/envelope";
import { regionPaths } from "@repo/contracts/geography-constants";
import { auth } from "@repo/remix-app/auth.server";
import { formAnswers } from "@repo/remix-app/forms/server";
import { parseTableQuery } from "@repo/ui/data-table";

export type CoordinatorRow = components["schemas"]["CoordinatorItem"];
export interface CoordinatorActionData {
  ok: boolean;
  message: string;
  errors?: FieldError[];
}

/** The list's "status" filter in the URL. */
export const COORDINATOR_STATUS_FILTERS = { active: true, off: false } as const;

const idsOf = (params: URLSearchParams, name: string) =>
  params
    .getAll(name)
    .flatMap((v) => v.split(","))
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);

/**
 * A coordinator page (one level: region masters for admins, coordinator management for the
 * coordinators above it): the page of coordinators for the URL's paging, search, status and
 * region filters, and the regions of the level, which the filter and the dialog offer (the API
 * gives only those inside the viewer's region).
 */
export async function coordinatorsLoader(roleId: CoordinatorRoleId, { request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const { page, perPage, search } = parseTableQuery(params);
  const status = params.get("status");
  const stateIds = idsOf(params, "state_ids");
  const zoneId = idsOf(params, "zone_id")[0];
  const level = COORDINATOR_LEVEL[roleId];
  const body = {
    page,
    per_page: perPage,
    role_id: roleId,
    ...(search ? { search } : {}),
    ...(status === "active" || status === "off" ? { is_active: COORDINATOR_STATUS_FILTERS[status] } : {}),
    ...(stateIds.length ? { state_ids: stateIds } : {}),
    ...(zoneId ? { zone_id: zoneId } : {}),
  };
  const [list, zones, states, regions] = await Promise.all([
    api.POST("/api/coordinators", { body }),
    api.POST(regionPaths("zone").pick, { body: {} }),
    api.POST(regionPaths("state").pick, { body: {} }),
    level && level !== "zone" && level !== "state" ? api.POST(regionPaths(level).pick, { body: {} }) : null,
  ]);
  const options = (rows: { id: number; name: string; state_name?: string | null }[] | undefined, withState = false) =>
    (rows ?? []).map((r) => ({
      value: String(r.id),
      label: withState && r.state_name ? `${r.name} (${r.state_name})` : r.name,
    }));
  const zoneOptions = options(zones.data?.data);
  const stateOptions = options(states.data?.data);
  const { page: _page, per_page: _perPage, ...filters } = body;
  return {
    csrf,
    roleId,
    /** The list's filters, which its export takes as they are. */
    filters,
    level,
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : (list.error?.message ?? "Coordinators could not be loaded, please try again"),
    zones: zoneOptions,
    states: stateOptions,
    /** The regions a coordinator of this level can be given. */
    regions: level === "zone" ? zoneOptions : level === "state" ? stateOptions : options(regions?.data?.data, true),
  };
}

/** Create, edit, switch on or off, delete: each goes to the API, whose field errors come back as they are. */
export async function coordinatorsAction(roleId: CoordinatorRoleId, { request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "coordinators.manage");
  const intent = String(form.get("intent"));
  const id = Number(form.get("id"));
  const path = { params: { path: { id } } };
  const fields = () => ({
    name: String(form.get("name") ?? ""),
    email: String(form.get("email") ?? ""),
    mobile: String(form.get("mobile") ?? ""),
    role_id: roleId,
    region_ids: form
      .getAll("region_ids")
      .map(Number)
      .filter((n) => Number.isSafeInteger(n) && n > 0),
  });
  const result =
    intent === "create"
      ? await api.POST("/api/coordinators/add", { body: { ...fields(), username: String(form.get("username") ?? "") } })
      : intent === "update"
        ? await api.POST("/api/coordinators/update/{id}", { ...path, body: fields() })
        : intent === "status"
          ? await api.POST("/api/coordinators/status/{id}", {
              ...path,
              body: { is_active: form.get("is_active") === "true" },
            })
          : intent === "delete"
            ? await api.DELETE("/api/coordinators/{id}", path)
            : null;
  const { fail, failFromApi, done } = formAnswers<CoordinatorActionData>();
  if (!result) return fail("Unknown action.", 400);
  if (!result.data) return failFromApi(result, "The coordinator could not be changed");
  return done(result.data.message);
}
