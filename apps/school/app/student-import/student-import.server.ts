import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import type { FieldError } from "@repo/contracts/envelope";
import { STUDENT_IMPORT_MODES, type StudentImportMode } from "@repo/contracts/student-import";
import { STUDENT_IMPORT } from "@repo/contracts/students-constants";
import { auth } from "@repo/remix-app/auth.server";
import { messageOf, refusalOf, refusedDownload, streamDownload } from "@repo/remix-app/downloads/server";
import { NO_FILE_MESSAGE, tooLargeMessage } from "./import-constants";

/** What the file holds, as POST /api/schools/student/import answers a preview. */
export type ImportPreview = components["schemas"]["StudentImportPreview"];

/** The upload route's answer: a preview, the job that imports, or why the file was refused. */
export interface ImportAnswer {
  ok: boolean;
  message: string;
  /** Mode preview: the columns, the first rows and their problems. Nothing was saved. */
  preview?: ImportPreview;
  /** The other modes: the import job to follow (/jobs/<id>). */
  jobId?: number;
  errors?: FieldError[];
}

/** Room for the form's other fields and the multipart framing around the file. */
const FORM_OVERHEAD = 64 * 1024;

const answer = (body: ImportAnswer, status = 200) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
const fail = (message: string, status: number, errors: FieldError[] = [{ field: "file", message }]) =>
  answer({ ok: false, message, errors }, status);

const isMode = (value: unknown): value is StudentImportMode =>
  STUDENT_IMPORT_MODES.includes(value as StudentImportMode);

/**
 * /student/import/upload (POST, multipart `file`, `mode`, `csrf`): the spreadsheet forwarded to
 * the API as it came. `preview` answers what the file holds; the other modes start the import
 * job and answer its id. Every refusal (413, 422, an expired form) is `{ ok: false, message }`.
 */
export async function studentImportAction({ request, context }: ActionFunctionArgs) {
  // A body over the limit is refused before it is read, as the API would.
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > STUDENT_IMPORT.maxBytes + FORM_OVERHEAD) return fail(tooLargeMessage(length), 413);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return fail("The upload could not be read. Choose the file again.", 400);
  }
  const guard = await refusalOf(auth.requireAction(request, context, form, "students.add"));
  if ("refused" in guard) return fail(await guard.refused.text(), guard.refused.status, []);
  const file = form.get("file");
  const mode = form.get("mode");
  if (!(file instanceof File) || file.size === 0) return fail(NO_FILE_MESSAGE, 400);
  if (!isMode(mode)) {
    const message = "Choose the mode: preview, all-or-nothing or valid-rows";
    return fail(message, 400, [{ field: "mode", message }]);
  }
  if (file.size > STUDENT_IMPORT.maxBytes) return fail(tooLargeMessage(file.size), 413);

  const body = new FormData();
  body.set("file", file, file.name);
  body.set("mode", mode);
  const { data, error, response } = await guard.api.POST("/api/schools/student/import", {
    // The API reads multipart; openapi-fetch passes FormData through unchanged.
    body: body as unknown as { mode: StudentImportMode },
    bodySerializer: (value) => value as unknown as FormData,
  });
  if (!data) {
    const message = messageOf(error, "The file could not be imported. Please try again.");
    return fail(message, response.status, error?.errors?.length ? error.errors : undefined);
  }
  if ("job_id" in data.data) return answer({ ok: true, message: data.message, jobId: data.data.job_id }, 202);
  return answer({ ok: true, message: data.message, preview: data.data });
}

/** /student/import/template: the API's template workbook, streamed as a download. */
export async function importTemplateLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, "students.add");
  const { data, error, response } = await api.GET("/api/schools/student/import/template", { parseAs: "stream" });
  if (!data)
    return refusedDownload(messageOf(error, "The template could not be made. Please try again."), response.status);
  return streamDownload(response);
}

/** /student/import/<job>/errors: the rows an import did not save, with their "Errors" column. */
export async function importErrorsLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, "students.add");
  const jobId = Number(params.job);
  if (!Number.isSafeInteger(jobId) || jobId <= 0) return refusedDownload("There is no such import.", 404);
  const { data, error, response } = await api.GET("/api/schools/student/import/{job_id}/errors", {
    params: { path: { job_id: jobId } },
    parseAs: "stream",
  });
  if (!data)
    return refusedDownload(messageOf(error, "The errors file could not be read. Please try again."), response.status);
  return streamDownload(response);
}
