import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { pagePath } from "@repo/auth/menus";
import { instituteSchoolBody, masterInstituteFields } from "@repo/contracts/master-institutes";
import { ACTIVE_FILTERS } from "@repo/contracts/master-institutes-constants";
import { auth } from "@repo/remix-app/auth.server";
import { CORRECT_THE_FIELDS, formAnswers, parseForm } from "@repo/remix-app/forms/server";
import { followedImport } from "@repo/remix-app/imports/server";
import { parseTableQuery } from "@repo/ui/data-table";
import { firstPickers, type RegisterActionData, regionChoices } from "../register/register.server";

/**
 * A master institute's pages (role 17): Add School (the registration form, or a spreadsheet),
 * View Schools (its schools with their students' counts, a school's students, enable/disable) and
 * its own profile on the edit-school-profile page.
 */

export type InstituteSchoolRow = components["schemas"]["InstituteSchoolPage"]["items"][number];
export type InstituteProfile = components["schemas"]["MasterInstituteProfile"];

/** The answers of the Add School form (the registration form's) and of the schools list. */
export type InstituteActionData = RegisterActionData;

/** institute/Add-school: the countries that start the region pickers. */
export async function addSchoolLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  return {
    csrf,
    listPath: pagePath("school", "view-school"),
    // Paths come from the loader so that the page's bundle does not carry the whole page tree.
    selfPath: pagePath("school", "add-school"),
    // The import followed on the page without JavaScript (?job=).
    followed: await followedImport(api, request),
    ...(await firstPickers(api)),
  };
}

const SCHOOL_FIELDS = Object.keys(instituteSchoolBody.shape) as (keyof typeof instituteSchoolBody.shape)[];

/** Adds one school (checked here with the API's schema, then by the API). */
export async function addSchoolAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "institute.schools.manage");
  if (form.get("intent") === "regions") return data(await regionChoices(request, context, form, SCHOOL_FIELDS));
  // A refused form comes back with what was typed and the pickers' choices under it.
  const refusal = async () =>
    formAnswers<InstituteActionData>({}, await regionChoices(request, context, form, SCHOOL_FIELDS));
  const parsed = parseForm(form, instituteSchoolBody);
  if (!parsed.ok) return (await refusal()).fail(CORRECT_THE_FIELDS, 400, parsed.errors);
  const result = await api.POST("/api/master-institute/schools/create", { body: parsed.data });
  if (!result.data) return (await refusal()).failFromApi(result, "The school could not be added");
  return data<InstituteActionData>({ ok: true, message: result.data.message, email: result.data.data.email });
}

/** institute/view-school: a page of the schools; `?school=<id>` also loads that school's students. */
export async function instituteSchoolsLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const { page, perPage, search } = parseTableQuery(params);
  const status = ACTIVE_FILTERS.find((f) => f.code === params.get("status"))?.code;
  const query = { page, per_page: perPage, ...(search ? { search } : {}), ...(status ? { status } : {}) };
  const list = await api.GET("/api/master-institute/schools/list", { params: { query } });
  const schoolId = Number(params.get("school") ?? 0);
  const students =
    schoolId > 0
      ? await api.POST("/api/schools/{id}/sponsors/students", {
          params: { path: { id: schoolId } },
          body: { page: Number(params.get("spage") ?? 1) || 1, per_page: 10 },
        })
      : null;
  const { page: _page, per_page: _perPage, ...filters } = query;
  return {
    csrf,
    filters,
    addPath: pagePath("school", "add-school"),
    addStudentsPath: pagePath("school", "add-students"),
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : (list.error?.message ?? "Schools API failed, please try again"),
    school:
      schoolId > 0
        ? {
            id: schoolId,
            students: students?.data?.data.items ?? [],
            total: students?.data?.data.total ?? 0,
            page: students?.data?.data.page ?? 1,
            failure: students?.data ? null : (students?.error?.message ?? "The school's students could not be loaded"),
          }
        : null,
  };
}

/** Enables or disables one of the institute's schools. */
export async function instituteSchoolsAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "institute.schools.manage");
  const { fail } = formAnswers<InstituteActionData>();
  const id = Number(form.get("id"));
  if (!(id > 0)) return fail("Choose a school", 400);
  const {
    data: answer,
    error,
    response,
  } = await api.POST("/api/master-institute/schools/{id}/active", {
    params: { path: { id } },
    body: { is_active: form.get("is_active") === "true" },
  });
  if (!answer) return fail(error?.message ?? "The school could not be changed", response.status);
  return data<InstituteActionData>({ ok: true, message: answer.message });
}

/** edit-school-profile for a master institute: its own details. */
export async function instituteProfileLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const { data: answer, error } = await api.GET("/api/master-institute");
  return {
    csrf,
    profile: answer?.data ?? null,
    failure: answer ? null : (error?.message ?? "Institute profile API failed, please try again"),
  };
}

export async function instituteProfileAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "school.profile.edit");
  const parsed = parseForm(form, masterInstituteFields);
  // A refused form comes back with what was typed.
  const { fail, failFromApi, done } = formAnswers<InstituteActionData>({}, { values: parsed.values });
  if (!parsed.ok) return fail(CORRECT_THE_FIELDS, 400, parsed.errors);
  const result = await api.POST("/api/master-institute/profile", { body: parsed.data });
  if (!result.data) return failFromApi(result, "Could not save the profile");
  return done(result.data.message);
}
