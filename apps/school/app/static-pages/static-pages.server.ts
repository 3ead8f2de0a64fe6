import type { LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { STATIC_PAGE_PATHS, type StaticPageKey, staticPageOf } from "@repo/contracts/content-notices-constants";
import { auth } from "@repo/remix-app/auth.server";

/** A static page's text as the API's generated client types it. */
export type StaticPage = components["schemas"]["StaticPageItem"];

/** Reads one static page for whoever may open the page at this address (studyMaterial.view, contact.view). */
export async function loadStaticPage(api: Awaited<ReturnType<typeof auth.requirePage>>["api"], key: StaticPageKey) {
  const page = staticPageOf(key);
  if (!page) throw new Response("There is no such page.", { status: 404 });
  const answer = await api.GET(STATIC_PAGE_PATHS.view, { params: { query: { module_name: page.module, key } } });
  return {
    title: page.title,
    page: answer.data?.data ?? null,
    failure: answer.data ? null : (answer.error?.message ?? "The page could not be loaded, please try again"),
  };
}

/** The loader of a study-material page that shows one static page's text. */
export const staticPageLoader =
  (key: StaticPageKey) =>
  async ({ request, context }: LoaderFunctionArgs) => {
    const { api } = await auth.requirePage(request, context);
    return loadStaticPage(api, key);
  };
