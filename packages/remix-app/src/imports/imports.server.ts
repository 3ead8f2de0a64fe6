import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
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
  return answer({ ok: true, message: data.message, preview: data.data });
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
