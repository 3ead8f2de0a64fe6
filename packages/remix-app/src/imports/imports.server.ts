import { type ActionFunctionArgs, data as answerWith, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import type { ApiClient } from "@repo/api-client";
import type { Permission } from "@repo/auth/permissions";
import type { FieldError } from "@repo/contracts/envelope";
import { MULTIPART_OVERHEAD_BYTES } from "@repo/contracts/request-limits-constants";
import { STUDENT_IMPORT_MODES, type StudentImportMode } from "@repo/contracts/student-import";
import { auth } from "../auth.server";
import { messageOf, refusalOf, refusedDownload, streamDownload } from "../downloads/downloads.server";
import {
  type ImportAnswer,
  type ImportPreview,
  NO_FILE_MESSAGE,
  overLimitMessage,
  PLAIN_IMPORT_MARK,
  tooLargeMessage,
} from "./spreadsheet";

/** An API call's outcome as openapi-fetch gives it, as far as these routes read it. */
interface ApiOutcome<T, E = unknown> {
  data?: T;
  error?: E;
  response: Response;
}

/** What an import endpoint answers: the preview, or the job that imports. */
type Forwarded = ApiOutcome<
  { message: string; data: ImportPreview | { job_id: number } },
  { message?: string; errors?: FieldError[] }
>;

const answer = (body: ImportAnswer, status = 200) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
const fail = (message: string, status: number, errors: FieldError[] = [{ field: "file", message }]) =>
  answer({ ok: false, message, errors }, status);

const isMode = (value: unknown): value is StudentImportMode =>
  STUDENT_IMPORT_MODES.includes(value as StudentImportMode);

/** A FormData body for openapi-fetch, which passes it through unchanged (the API reads multipart). */
export const multipart = (body: FormData) => ({
  body: body as unknown as { mode: StudentImportMode },
  bodySerializer: (value: unknown) => value as FormData,
});

/**
 * An upload route of a spreadsheet import (POST, multipart `file`, `mode`, `csrf`): the file
 * checked and forwarded to the API as it came, by `post` (given the upload's own form too, for
 * fields such as a school id). `preview` answers what the file holds; the other modes start the
 * import job and answer its id. Every refusal (413, 422, an expired form) is `{ ok: false, message }`.
 */
export async function forwardImportUpload(
  { request, context }: ActionFunctionArgs,
  {
    permission,
    maxBytes,
    post,
  }: {
    permission: Permission;
    maxBytes: number;
    post: (api: ApiClient, body: FormData, form: FormData) => Promise<Forwarded>;
  },
) {
  // A body over the limit is refused before it is read, as the API would.
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > maxBytes + MULTIPART_OVERHEAD_BYTES) return fail(tooLargeMessage(length, maxBytes), 413);
  const read = await refusalOf(auth.readForm(request, context, { maxBytes: maxBytes + MULTIPART_OVERHEAD_BYTES }));
  if ("refused" in read) {
    // Reading stops at the limit: the file is too large, by how much is not known.
    if (read.refused.status === 413) return fail(overLimitMessage(maxBytes), 413);
    return fail(await read.refused.text(), read.refused.status, []);
  }
  const form = read;
  const guard = await refusalOf(auth.requireAction(request, context, form, permission));
  if ("refused" in guard) return fail(await guard.refused.text(), guard.refused.status, []);
  const file = form.get("file");
  const mode = form.get("mode");
  if (!(file instanceof File) || file.size === 0) return fail(NO_FILE_MESSAGE, 400);
  if (!isMode(mode)) {
    const message = "Choose the mode: preview, all-or-nothing or valid-rows";
    return fail(message, 400, [{ field: "mode", message }]);
  }
  if (file.size > maxBytes) return fail(tooLargeMessage(file.size, maxBytes), 413);

  const body = new FormData();
  body.set("file", file, file.name);
  body.set("mode", mode);
  const { data, error, response } = await post(guard.api, body, form);
  if (!data) {
    const message = messageOf(error, "The file could not be imported. Please try again.");
    return fail(message, response.status, error?.errors?.length ? error.errors : undefined);
  }
  if ("job_id" in data.data) return answer({ ok: true, message: data.message, jobId: data.data.job_id }, 202);
  return answer({ ok: true, message: data.message, preview: data.data, fileName: file.name });
}

/*
 * Without JavaScript (decision 053) the import form posts to its own page (PLAIN_IMPORT_ACTION):
 * the page's action hands the post to the upload route's action and shows its answer (the
 * preview, or why not) with the page; a started job is followed on the page (?job=), which
 * reads it in its loader and refreshes itself while it runs.
 */

/** The post is a plain import form's (PLAIN_IMPORT_ACTION), for the upload route's action. */
export const isPlainImportPost = (request: Request) =>
  new URL(request.url).searchParams.get(PLAIN_IMPORT_MARK.name) === PLAIN_IMPORT_MARK.value;

/** What a page's action gives its screen: the upload's answer under `imported`. */
export interface PlainImportData {
  imported: ImportAnswer;
}

/** The upload action's answer as a page answers a plain post: a started job is followed on the page. */
export async function plainImportAnswer(request: Request, answered: Response | Promise<Response>) {
  const response = await answered;
  const imported = (await response.json()) as ImportAnswer;
  if (imported.ok && imported.jobId !== undefined) {
    const url = new URL(request.url);
    url.searchParams.delete(PLAIN_IMPORT_MARK.name);
    url.searchParams.set("tab", "spreadsheet");
    url.searchParams.set("job", String(imported.jobId));
    return redirect(`${url.pathname}${url.search}`, 303);
  }
  return answerWith<PlainImportData>({ imported }, { status: response.status });
}

/** A page's action that also takes its plain import form's post, handing it to the upload action. */
export const withPlainImport =
  <T>(upload: (args: ActionFunctionArgs) => Promise<Response>, page: (args: ActionFunctionArgs) => T) =>
  (args: ActionFunctionArgs) =>
    isPlainImportPost(args.request) ? plainImportAnswer(args.request, upload(args)) : page(args);

/** The import job a page follows (?job=), read for its server-rendered progress or result. */
export async function followedImport(api: ApiClient, request: Request) {
  const jobId = Number(new URL(request.url).searchParams.get("job"));
  if (!Number.isSafeInteger(jobId) || jobId <= 0) return null;
  const { data } = await api.GET("/api/jobs/{id}", { params: { path: { id: jobId } } });
  return { jobId, job: data?.data ?? null };
}

/** An import's template workbook, from the API (`get`), streamed as a download. */
export async function streamImportTemplate(
  { request, context }: LoaderFunctionArgs,
  permission: Permission,
  get: (api: ApiClient) => Promise<ApiOutcome<unknown>>,
) {
  const { api } = await auth.requirePage(request, context, permission);
  const { data, error, response } = await get(api);
  if (!data)
    return refusedDownload(messageOf(error, "The template could not be made. Please try again."), response.status);
  return streamDownload(response);
}

/** The errors file of the import job `params.job` (the rows it did not save), from the API (`get`). */
export async function streamImportErrors(
  { request, context, params }: LoaderFunctionArgs,
  permission: Permission,
  get: (api: ApiClient, jobId: number) => Promise<ApiOutcome<unknown>>,
) {
  const { api } = await auth.requirePage(request, context, permission);
  const jobId = Number(params.job);
  if (!Number.isSafeInteger(jobId) || jobId <= 0) return refusedDownload("There is no such import.", 404);
  const { data, error, response } = await get(api, jobId);
  if (!data)
    return refusedDownload(messageOf(error, "The errors file could not be read. Please try again."), response.status);
  return streamDownload(response);
}
