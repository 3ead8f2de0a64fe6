import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { SCHOOL_TOGGLE_MESSAGES } from "@repo/contracts/schools-constants";
import { auth } from "@repo/remix-app/auth.server";
import { type FormAnswer, formAnswers } from "@repo/remix-app/forms/server";

/** The school toggle page: whether the signed-in school is active now. */
export async function schoolToggleLoader({ request, context }: LoaderFunctionArgs) {
  const { user, csrf } = await auth.requirePage(request, context);
  return { csrf, isActive: user.is_active === 1 };
}

/** The form pipeline's answer; a done flip says whether the school is active now. */
export interface SchoolToggleResult extends FormAnswer {
  isActive?: boolean;
}

/** Flips the school between active and inactive through the API; the API's words are shown as they are. */
export async function schoolToggleAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "school.toggleActive");
  const { data: result, error, response } = await api.POST("/api/schools/disable-account");
  const { failFromApi, done } = formAnswers<SchoolToggleResult>();
  if (!result) return failFromApi({ error, response }, SCHOOL_TOGGLE_MESSAGES.failed);
  return done(result.message, { isActive: result.data.is_active === 1 });
}
