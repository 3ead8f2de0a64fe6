import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { contactBody } from "@repo/contracts/content-notices";
import { CONTACT_PATH } from "@repo/contracts/content-notices-constants";
import type { FieldError } from "@repo/contracts/envelope";
import { auth } from "@repo/remix-app/auth.server";
import { CORRECT_THE_FIELDS, formAnswers, parseForm } from "@repo/remix-app/forms/server";
import { loadStaticPage } from "../static-pages/static-pages.server";

/** The Contact page: the programme's contact text (a static page) and the form. */
export async function contactLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  return { csrf, ...(await loadStaticPage(api, "contact")) };
}

export interface ContactActionData {
  ok: boolean;
  message: string;
  errors?: FieldError[];
  /** Who it went to, by role and region (never their addresses). */
  sentTo?: { role_name: string; region: string | null }[];
}

/** Checks the form with the API's own schema, then sends it; the API's 429 message says when to try again. */
export async function contactAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "contact.view");
  const { fail, failFromApi, done } = formAnswers<ContactActionData>();
  const parsed = parseForm(form, contactBody);
  if (!parsed.ok) return fail(CORRECT_THE_FIELDS, 400, parsed.errors);
  const result = await api.POST(CONTACT_PATH, { body: parsed.data });
  if (!result.data) return failFromApi(result, "Your message could not be sent, please try again");
  return done(result.data.message, { sentTo: result.data.data.sent_to });
}
