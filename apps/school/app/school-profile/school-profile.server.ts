import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { pagePath } from "@repo/auth/menus";
import type { FieldError } from "@repo/contracts/envelope";
import { schoolProfileFields } from "@repo/contracts/schools";
import { auth } from "@repo/remix-app/auth.server";
import { typedValues } from "@repo/remix-app/forms/answer";

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

const FIELDS = Object.keys(schoolProfileFields.shape) as (keyof typeof schoolProfileFields.shape)[];

/** Saves the editable fields, checked here with the API's own schema, then by the API. */
export async function schoolProfileAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "school.profile.edit");
  const values = typedValues(form, FIELDS);
  const fail = (message: string, status: number, errors?: FieldError[]) =>
    data<SchoolProfileActionData>({ ok: false, message, errors, values }, { status });
  const parsed = schoolProfileFields.safeParse(
    Object.fromEntries(FIELDS.map((field) => [field, String(form.get(field) ?? "")])),
  );
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ field: i.path.join("."), message: i.message }));
    return fail("Please correct the marked fields.", 400, errors);
  }
  const id = Number(form.get("id"));
  const {
    data: answer,
    error,
    response,
  } = await api.POST("/api/schools/update/{id}", {
    params: { path: { id } },
    body: parsed.data,
  });
  if (!answer) return fail(error?.message ?? "Could not save the profile", response.status, error?.errors);
  return data<SchoolProfileActionData>({ ok: true, message: answer.message });
}

/** school/update-school-password: the shared change-password form, posted to this page (/profile's action). */
export async function schoolPasswordLoader({ request, context }: LoaderFunctionArgs) {
  const { csrf } = await auth.requirePage(request, context);
  return { csrf, selfPath: pagePath("school", "update-school-password") };
}
