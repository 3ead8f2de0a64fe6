import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { staticPageBody } from "@repo/contracts/content-notices";
import { STATIC_PAGE_PATHS } from "@repo/contracts/content-notices-constants";
import type { FieldError } from "@repo/contracts/envelope";
import { auth } from "@repo/remix-app/auth.server";
import { formAnswers, parseForm } from "@repo/remix-app/forms/server";

/** A static page as the API's generated client types it. */
export type StaticPageRow = components["schemas"]["StaticPageItem"];

/** Every static page with its text and who changed it last. */
export async function staticPagesLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const answer = await api.GET(STATIC_PAGE_PATHS.list);
  return {
    csrf,
    pages: answer.data?.data ?? [],
    failure: answer.data ? null : (answer.error?.message ?? "The pages could not be loaded, please try again"),
  };
}

export interface StaticPageActionData {
  ok: boolean;
  message: string;
  errors?: FieldError[];
}

/** Saves one page's text (the API sanitises it). */
export async function staticPagesAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "content.manage");
  const { fail, failFromApi, done } = formAnswers<StaticPageActionData>();
  const parsed = parseForm(
    { module_name: form.get("module_name"), key: form.get("key"), body: String(form.get("body") ?? "") },
    staticPageBody,
  );
  if (!parsed.ok) return fail(parsed.errors[0]?.message ?? "Check the page", 400, parsed.errors);
  const result = await api.POST(STATIC_PAGE_PATHS.update, { body: parsed.data });
  if (!result.data) return failFromApi(result, "The page could not be saved");
  return done(result.data.message);
}
