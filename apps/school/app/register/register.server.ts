import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import type { FieldError } from "@repo/contracts/envelope";
import { schoolRegistrationBody } from "@repo/contracts/schools";
import { auth } from "@repo/remix-app/auth.server";
import { typedValues } from "@repo/remix-app/forms/answer";
import { CORRECT_THE_FIELDS, FOREIGN_FORM, formAnswers, parseForm, readPublicForm } from "@repo/remix-app/forms/server";

/** A node of the registration pickers, as the generated client types it. */
export type RegionOption = components["schemas"]["RegistrationRegion"];

export const REGION_LEVELS = ["country", "zone", "state", "prant", "district", "city"] as const;
export type PickerLevel = (typeof REGION_LEVELS)[number];

/** The choices of the pickers below the chosen ones (the form without JavaScript asks for them). */
export type RegionChoices = Partial<Record<PickerLevel, RegionOption[]>>;

export interface RegisterActionData {
  ok: boolean;
  message: string;
  email?: string;
  errors?: FieldError[];
  /** What was typed (no passwords), shown again when the form is refused. */
  values?: Record<string, string>;
  regions?: RegionChoices;
}

/** Each picker's field and the parameter its parent's id is sent as. */
const PICKERS = [
  { level: "zone", field: "zone_id", parent: "country_id" },
  { level: "state", field: "state_id", parent: "zone_id" },
  { level: "prant", field: "prant_id", parent: "state_id" },
  { level: "district", field: "district_id", parent: "prant_id" },
  { level: "city", field: "city_id", parent: "district_id" },
] as const;

/**
 * Without JavaScript the pickers cannot narrow each other as one is chosen: the form's "Show the
 * choices" button posts it here, and the page comes back with each chosen picker's children
 * listed (a choice no longer under its parent is dropped) and everything typed kept.
 */
export async function regionChoices(
  request: Request,
  context: ActionFunctionArgs["context"],
  form: FormData,
  fields: readonly string[],
): Promise<RegisterActionData> {
  const values = typedValues(form, [...new Set([...fields, "country_id"])]);
  const api = auth.apiFor(request, context);
  const regions: RegionChoices = {};
  for (const { level, field, parent } of PICKERS) {
    const parentId = Number(values[parent]);
    if (!(parentId > 0)) {
      values[field] = "";
      continue;
    }
    const countryId = Number(values.country_id);
    const query =
      level === "zone"
        ? { level, country_id: parentId }
        : { level, parent_id: parentId, ...(level === "state" && countryId > 0 ? { country_id: countryId } : {}) };
    const { data: answer } = await api.GET("/api/schools/register/regions", { params: { query } });
    const items = answer?.data ?? [];
    regions[level] = items;
    if (!items.some((item) => String(item.id) === values[field])) values[field] = "";
  }
  return { ok: false, message: "", values, regions };
}

/** The fields of the registration form, by their API names (the pickers post ids as text). */
const FIELDS = Object.keys(schoolRegistrationBody.shape) as (keyof typeof schoolRegistrationBody.shape)[];

/**
 * The pickers' first lists: the countries, and the zones of the first (the usual) country, so
 * that without JavaScript the zone can be picked without asking for the choices first.
 */
export async function firstPickers(api: ReturnType<typeof auth.apiFor>) {
  const { data: answer, error } = await api.GET("/api/schools/register/regions", {
    params: { query: { level: "country" } },
  });
  const countries = answer?.data ?? [];
  const first = countries[0];
  const zones = first
    ? ((await api.GET("/api/schools/register/regions", { params: { query: { level: "zone", country_id: first.id } } }))
        .data?.data ?? [])
    : [];
  return {
    countries,
    zones,
    failure: answer ? null : (error?.message ?? "Countries API failed, please try again"),
  };
}

/** /register: a public page; the countries start the pickers. */
export function registerLoader({ request, context }: LoaderFunctionArgs) {
  return firstPickers(auth.apiFor(request, context));
}

/**
 * Posts the registration to the API after checking it with the API's own schema. No session
 * exists yet, so the Origin check is what stops another site from posting here.
 */
export async function registerAction({ request, context }: ActionFunctionArgs) {
  const form = await readPublicForm(request, auth.appOrigin);
  if (!form) return formAnswers<RegisterActionData>().fail(FOREIGN_FORM, 403);
  if (form.get("intent") === "regions") return data(await regionChoices(request, context, form, FIELDS));
  // A refused form comes back with what was typed and the pickers' choices under it.
  const refusal = async () => formAnswers<RegisterActionData>({}, await regionChoices(request, context, form, FIELDS));
  const parsed = parseForm(form, schoolRegistrationBody);
  if (!parsed.ok) return (await refusal()).fail(CORRECT_THE_FIELDS, 400, parsed.errors);
  const api = auth.apiFor(request, context);
  const result = await api.POST("/api/schools/school-register", { body: parsed.data });
  if (!result.data) return (await refusal()).failFromApi(result, "Registration failed. Please try again.");
  return data<RegisterActionData>({ ok: true, message: result.data.message, email: result.data.data.email });
}

/** /register/regions?level=…&parent_id=…&country_id=…: one picker's options. */
export async function registerRegionsLoader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const level = params.get("level") as PickerLevel;
  if (!REGION_LEVELS.includes(level)) return data({ items: [] as RegionOption[] }, 400);
  const id = (name: string) => {
    const value = Number(params.get(name));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const { data: answer } = await auth.apiFor(request, context).GET("/api/schools/register/regions", {
    params: { query: { level, parent_id: id("parent_id"), country_id: id("country_id") } },
  });
  return { items: answer?.data ?? [] };
}

export interface UsernameCheck {
  username: string;
  available: boolean | null;
  message: string;
}

/** /register/check-username (POST): whether a username is free, in the API's words. */
export async function checkUsernameAction({ request, context }: ActionFunctionArgs) {
  const form = await readPublicForm(request, auth.appOrigin);
  if (!form) throw new Response("Forbidden", { status: 403 });
  const username = String(form.get("username") ?? "").trim();
  const { data: answer, error } = await auth
    .apiFor(request, context)
    .POST("/api/check-username", { body: { username } });
  return data<UsernameCheck>({
    username,
    available: answer ? answer.data.available : null,
    message: answer?.message ?? error?.message ?? "The username could not be checked",
  });
}
