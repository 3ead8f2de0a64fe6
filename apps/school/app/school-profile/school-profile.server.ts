import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { pagePath } from "@repo/auth/menus";
import type { FieldError } from "@repo/contracts/envelope";
import { schoolProfileFields } from "@repo/contracts/schools";
import { auth } from "@repo/remix-app/auth.server";
import { CORRECT_THE_FIELDS, formAnswers, parseForm } from "@repo/remix-app/forms/server";

/** The signed-in school as the API's generated client types it. */
export type SchoolProfile = components["schemas"]["SchoolProfile"];

/** school/edit-school-profile: the school's record; a failed call shows a warning and no form. */
export async function schoolProfileLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const { data: answer, error } = await api.GET("/api/schools/profile");
  return {
    csrf,
    profile: answer?.data ?? null,
    failure: answer ? null : (error?.message ?? "School profile API failed, please try again"),
  };
}

export interface SchoolProfileActionData {
  ok: boolean;
  message: string;
  errors?: FieldError[];
  /** What was typed, shown again when the form is refused. */
  values?: Record<string, string>;
}

/** Saves the editable fields, checked here with the API's own schema, then by the API. */
export async function schoolProfileAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "school.profile.edit");
  const parsed = parseForm(form, schoolProfileFields);
  const { failFromApi, fail, done } = formAnswers<SchoolProfileActionData>({}, { values: parsed.values });
  if (!parsed.ok) return fail(CORRECT_THE_FIELDS, 400, parsed.errors);
  const id = Number(form.get("id"));
  const result = await api.POST("/api/schools/update/{id}", {
    params: { path: { id } },
    body: parsed.data,
  });
  if (!result.data) return failFromApi(result, "Could not save the profile");
  return done(result.data.message);
}

/** school/update-school-password: the shared change-password form, posted to this page (/profile's action). */
export async function schoolPasswordLoader({ request, context }: LoaderFunctionArgs) {
  const { csrf } = await auth.requirePage(request, context);
  return { csrf, selfPath: pagePath("school", "update-school-password") };
}
