import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { staticPageBody } from "@repo/contracts/content-notices";
import { STATIC_PAGE_PATHS } from "@repo/contracts/content-notices-constants";
import type { FieldError } from "@repo/contracts/envelope";
import { auth } from "@repo/remix-app/auth.server";

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
  const parsed = staticPageBody.safeParse({
    module_name: form.get("module_name"),
    key: form.get("key"),
    body: String(form.get("body") ?? ""),
  });
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ field: i.path.join("."), message: i.message }));
    return data<StaticPageActionData>(
      { ok: false, message: errors[0]?.message ?? "Check the page", errors },
      { status: 400 },
    );
  }
  const { data: answer, error, response } = await api.POST(STATIC_PAGE_PATHS.update, { body: parsed.data });
  if (!answer) {
    return data<StaticPageActionData>(
      { ok: false, message: error?.message ?? "The page could not be saved", errors: error?.errors },
      { status: response.status },
    );
  }
  return data<StaticPageActionData>({ ok: true, message: answer.message });
}
