import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import {
  BROCHURE_DOWNLOAD_PATHS,
  BROCHURE_FLIPBOOK_PATHS,
  CONTENT_FILE_KINDS,
  CONTENT_FILE_LABELS,
  type ContentFileKind,
  STUDY_MATERIAL_PATHS,
} from "@repo/contracts/content-constants";
import { idOfText } from "@repo/contracts/numbers-constants";
import { auth } from "@repo/remix-app/auth.server";
import { messageOf, refusedDownload, streamDownload } from "@repo/remix-app/downloads/server";
import { type FormAnswer, formAnswers } from "@repo/remix-app/forms/server";
import { parseTableQuery } from "@repo/ui/data-table";
import { checkoutPath } from "../payments/paths";

export type StudyMaterialRow = components["schemas"]["StudyMaterialItem"];
export type BrochureRow = components["schemas"]["BrochureItem"];

/** The API query of a study-material list: paging, search, class and language from the URL; free or for sale. */
export function studyQueryFrom(params: URLSearchParams, forSale: boolean): Record<string, string> {
  const { page, perPage, search } = parseTableQuery(params);
  const query: Record<string, string> = { page: String(page), per_page: String(perPage), is_free: String(!forSale) };
  if (search) query.search = search;
  for (const filter of ["class_level", "language"]) {
    const value = params.get(filter);
    if (value) query[filter] = value;
  }
  return query;
}

const listFailure = (kind: ContentFileKind, error: unknown) =>
  messageOf(error, `${CONTENT_FILE_LABELS[kind].plural} API failed, please try again`);

/** study-material (free items) and buy-study-material (items for sale): one page of the catalogue. */
export async function studyMaterialsLoader(forSale: boolean, { request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const query = studyQueryFrom(new URL(request.url).searchParams, forSale);
  const [list, open] = await Promise.all([
    api.GET(STUDY_MATERIAL_PATHS.collection, { params: { query } }),
    // A cart not paid yet holds its materials: Continue or Cancel it here (decision 054).
    forSale ? api.GET("/api/payments/open-orders", { params: { query: { purpose: "study_materials" } } }) : null,
  ]);
  return {
    csrf,
    openOrders: open?.data?.data ?? [],
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : listFailure("study-material", list.error),
  };
}

/** vvm-brochure-download: one page of the published brochures. */
export async function brochuresLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const { page, perPage, search } = parseTableQuery(params);
  const query: Record<string, string> = { page: String(page), per_page: String(perPage) };
  if (search) query.search = search;
  const language = params.get("language");
  if (language) query.language = language;
  const list = await api.GET(BROCHURE_DOWNLOAD_PATHS.collection, { params: { query } });
  return {
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : listFailure("brochure-download", list.error),
  };
}

/** Flipbooks a reader can choose from on one page (the newest first). */
export const FLIPBOOK_SHELF = 50;

/** vvm-brochure-flipbook: the published flipbooks and the one to read (`?id=`, else the newest). */
export async function flipbooksLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context);
  const list = await api.GET(BROCHURE_FLIPBOOK_PATHS.collection, {
    params: { query: { page: 1, per_page: FLIPBOOK_SHELF } },
  });
  const books = list.data?.data.items ?? [];
  const wanted = Number(new URL(request.url).searchParams.get("id"));
  const open = books.find((book) => book.id === wanted) ?? books[0] ?? null;
  return { books, open, failure: list.data ? null : listFailure("brochure-flipbook", list.error) };
}

/** /study-material/file/:kind/:id: an item's PDF streamed from the API, opened or (download=1) saved. */
export async function readerFileLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, "studyMaterial.view");
  const kind = params.kind as ContentFileKind;
  const id = idOfText(params.id);
  if (!CONTENT_FILE_KINDS.includes(kind) || id === null) {
    return refusedDownload("There is no such file.", 404);
  }
  const paths =
    kind === "study-material"
      ? STUDY_MATERIAL_PATHS
      : kind === "brochure-download"
        ? BROCHURE_DOWNLOAD_PATHS
        : BROCHURE_FLIPBOOK_PATHS;
  const download = new URL(request.url).searchParams.get("download") === "1" ? "1" : undefined;
  const { response, error } = await api.GET(paths.file, {
    params: { path: { id }, query: download ? { download } : {} },
    parseAs: "stream",
  });
  if (response.status === 403) {
    // A priced material: the API says where to buy it (the client has read its answer into `error`).
    return refusedDownload(messageOf(error, "This file is not available to you."), 403);
  }
  if (!response.ok || !response.body)
    return refusedDownload("This file is not available. It may have been removed.", 404);
  return streamDownload(response);
}

/** A refusal: the form pipeline's answer (a started order goes on to its checkout). */
export type BuyActionData = FormAnswer & { ok: false };

/** buy-study-material: the ticked materials become one order, and its checkout opens. */
export async function buyStudyMaterialAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "studyMaterial.buy");
  const ids = String(form.get("study_material_ids") ?? "")
    .split(",")
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  const result = await api.POST("/api/buy-study-materials/create-payment", { body: { study_material_ids: ids } });
  if (!result.data)
    return formAnswers<BuyActionData>().failFromApi(result, "The payment could not be started. Please try again.");
  return redirect(checkoutPath(result.data.data.order_id));
}
