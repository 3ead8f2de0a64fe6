import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import {
  BROCHURE_DOWNLOAD_PATHS,
  BROCHURE_FLIPBOOK_PATHS,
  CONTENT_FILE_LABELS,
  CONTENT_UPLOAD_LIMITS,
  type ContentFileKind,
  formatBytes,
  STUDY_MATERIAL_PATHS,
} from "@repo/contracts/content-constants";
import { brochureFields, studyMaterialFields } from "@repo/contracts/content-files";
import type { FieldError } from "@repo/contracts/envelope";
import { idOfText } from "@repo/contracts/numbers-constants";
import { MULTIPART_OVERHEAD_BYTES } from "@repo/contracts/request-limits-constants";
import { auth } from "@repo/remix-app/auth.server";
import { refusedDownload, streamDownload } from "@repo/remix-app/downloads/server";
import { CORRECT_THE_FIELDS, formAnswers, parseForm } from "@repo/remix-app/forms/server";
import { parseTableQuery } from "@repo/ui/data-table";

/** The kind is in the form itself: the body may be as large as the largest kind allows. */
const LARGEST_CONTENT_FILE = Math.max(...Object.values(CONTENT_UPLOAD_LIMITS).map((rule) => rule.maxBytes));

export type StudyMaterialRow = components["schemas"]["StudyMaterialItem"];
export type BrochureRow = components["schemas"]["BrochureItem"];

/** The list filters each collection's URL may carry, besides paging and search. */
export const LIST_FILTERS = {
  "study-material": ["class_level", "exam_level", "language", "is_published"],
  "brochure-download": ["language", "is_published"],
  "brochure-flipbook": ["language", "is_published"],
} as const satisfies Record<ContentFileKind, readonly string[]>;

/** The API query for the URL: the table's paging and search and the collection's filters. */
export function listQueryFrom(kind: ContentFileKind, params: URLSearchParams): Record<string, string> {
  const { page, perPage, search } = parseTableQuery(params);
  const query: Record<string, string> = { page: String(page), per_page: String(perPage) };
  if (search) query.search = search;
  for (const filter of LIST_FILTERS[kind]) {
    const value = params.get(filter);
    if (value) query[filter] = value;
  }
  return query;
}

type Api = Awaited<ReturnType<typeof auth.requirePage>>["api"];

function fetchList(api: Api, kind: ContentFileKind, query: Record<string, string>) {
  if (kind === "study-material") return api.GET(STUDY_MATERIAL_PATHS.collection, { params: { query } });
  const paths = kind === "brochure-download" ? BROCHURE_DOWNLOAD_PATHS : BROCHURE_FLIPBOOK_PATHS;
  return api.GET(paths.collection, { params: { query } });
}

/**
 * A content list page (coordinator app, content.manage): the page of items for the URL's paging,
 * search and filters. A failed call gives an empty list and the message for the warning dialog.
 */
export async function contentFilesLoader(kind: ContentFileKind, { request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const query = listQueryFrom(kind, new URL(request.url).searchParams);
  const list = await fetchList(api, kind, query);
  const { page: _page, per_page: _perPage, ...filters } = query;
  return {
    csrf,
    /** The list's search and filters, without paging: what Export sends. */
    filters,
    rows: (list.data?.data.items ?? []) as (StudyMaterialRow | BrochureRow)[],
    total: list.data?.data.total ?? 0,
    failure: list.data
      ? null
      : (list.error?.message ?? `${CONTENT_FILE_LABELS[kind].plural} API failed, please try again`),
  };
}

export interface ContentActionData {
  ok: boolean;
  message: string;
  errors?: FieldError[];
}

/** The fields each collection's form posts (the file travels as `file`). */
export const FORM_FIELDS = {
  "study-material": [
    "title",
    "description",
    "class_level",
    "exam_level",
    "languages",
    "is_free",
    "price_minor",
    "link",
    "is_published",
  ],
  "brochure-download": ["title", "language", "is_published"],
  "brochure-flipbook": ["title", "language", "is_published"],
} as const satisfies Record<ContentFileKind, readonly string[]>;

/** Sends the checked form to the API as multipart, the way it takes it. */
function save(api: Api, kind: ContentFileKind, body: FormData, id: number | null) {
  // The API reads multipart; openapi-fetch passes FormData through unchanged.
  const multipart = { body: body as never, bodySerializer: (value: unknown) => value as FormData };
  if (kind === "study-material") {
    return id === null
      ? api.POST(STUDY_MATERIAL_PATHS.collection, multipart)
      : api.POST(STUDY_MATERIAL_PATHS.update, { ...multipart, params: { path: { id } } });
  }
  const paths = kind === "brochure-download" ? BROCHURE_DOWNLOAD_PATHS : BROCHURE_FLIPBOOK_PATHS;
  return id === null
    ? api.POST(paths.collection, multipart)
    : api.POST(paths.update, { ...multipart, params: { path: { id } } });
}

function remove(api: Api, kind: ContentFileKind, id: number) {
  const member =
    kind === "study-material"
      ? STUDY_MATERIAL_PATHS.member
      : kind === "brochure-download"
        ? BROCHURE_DOWNLOAD_PATHS.member
        : BROCHURE_FLIPBOOK_PATHS.member;
  return api.DELETE(member, { params: { path: { id } } });
}

/** Create, update and delete: the fields checked here with the API's own schemas, then by the API. */
export async function contentFilesAction(kind: ContentFileKind, { request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context, { maxBytes: LARGEST_CONTENT_FILE + MULTIPART_OVERHEAD_BYTES });
  const { api } = await auth.requireAction(request, context, form, "content.manage");
  const intent = String(form.get("intent"));
  const id = Number(form.get("id"));
  const label = CONTENT_FILE_LABELS[kind];
  const { fail, failFromApi, done } = formAnswers<ContentActionData>();

  if (intent === "delete") {
    const { data: result, error, response } = await remove(api, kind, id);
    if (!result) return fail(error?.message ?? `Could not delete the ${label.one.toLowerCase()}`, response.status);
    return data<ContentActionData>({ ok: true, message: result.message });
  }

  const fields = FORM_FIELDS[kind];
  const raw: Record<string, unknown> = {};
  for (const field of fields) {
    const values = form.getAll(field).map(String);
    if (field === "languages") raw[field] = values;
    else if (values.length > 0) raw[field] = values[0];
  }
  // A refusal of the whole form (no field named) shows on the title.
  const parsed = parseForm(raw, kind === "study-material" ? studyMaterialFields : brochureFields, {
    rename: (field) => field || "title",
  });
  if (!parsed.ok) return fail(CORRECT_THE_FIELDS, 400, parsed.errors);
  const file = form.get("file");
  const limit = CONTENT_UPLOAD_LIMITS[kind].maxBytes;
  if (file instanceof File && file.size > limit) {
    const message = `${label.file} can be at most ${formatBytes(limit)}; this file is ${formatBytes(file.size)}.`;
    return fail(message, 413, [{ field: "file", message }]);
  }
  const body = new FormData();
  for (const field of fields) {
    for (const value of form.getAll(field)) if (typeof value === "string") body.append(field, value);
  }
  if (file instanceof File && file.size > 0) body.set("file", file, file.name);
  const saved = await save(api, kind, body, intent === "update" ? id : null);
  if (!saved.data) return failFromApi(saved, `Could not save the ${label.one.toLowerCase()}`);
  return done(saved.data.message);
}

/** An item's stored PDF, streamed from the API (opened in a tab), for editors to check an upload. */
export async function contentFileLoader(kind: ContentFileKind, { request, context, params }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, "content.manage");
  const id = idOfText(params.id);
  if (id === null) return refusedDownload("There is no such file.", 404);
  const paths =
    kind === "study-material"
      ? STUDY_MATERIAL_PATHS
      : kind === "brochure-download"
        ? BROCHURE_DOWNLOAD_PATHS
        : BROCHURE_FLIPBOOK_PATHS;
  const { response } = await api.GET(paths.file, { params: { path: { id }, query: {} }, parseAs: "stream" });
  if (!response.ok || !response.body) return refusedDownload("This item has no file, or it was removed.", 404);
  return streamDownload(response);
}
