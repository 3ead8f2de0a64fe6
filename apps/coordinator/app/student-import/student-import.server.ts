import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { pagePath } from "@repo/auth/menus";
import { can } from "@repo/auth/permissions";
import { BULK_STUDENT_IMPORT } from "@repo/contracts/bulk-student-import-constants";
import type { FieldError } from "@repo/contracts/envelope";
import { auth } from "@repo/remix-app/auth.server";
import { messageOf, refusalOf, refusedDownload, streamDownload } from "@repo/remix-app/downloads/server";
import { NO_FILE_MESSAGE, tooLargeMessage } from "./student-import-paths";

/** What the file holds, as POST /api/coordinator/student/import answers a preview. */
export type ImportPreview = components["schemas"]["StudentImportPreview"];
export type BulkImportOverview = components["schemas"]["BulkStudentImportOverview"];
export type BulkImportItem = BulkImportOverview["imports"][number];
export type BulkImportResult = NonNullable<BulkImportItem["result"]>;

const PERMISSION = "students.bulkImport";
const MODES = ["preview", "all-or-nothing", "valid-rows"] as const;
type Mode = (typeof MODES)[number];
const isMode = (value: unknown): value is Mode => MODES.includes(value as Mode);

/** /region-masters/states-coordinators/student-import: the region, its schools, the user's last imports. */
export async function studentImportLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf, subject } = await auth.requirePage(request, context, PERMISSION);
  const { data, error } = await api.GET("/api/coordinator/student/import/overview", {});
  return {
    csrf,
    overview: data?.data ?? null,
    failure: data ? null : messageOf(error, "Your imports could not be loaded. Please try again."),
    // Where the imported students are listed (GCC coordinators see the total list only).
    studentsPath: can(subject, "students.total") ? pagePath("coordinator", "total-students") : null,
  };
}

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

/**
 * …/student-import/upload (POST, multipart `file`, `mode`, `csrf`): the spreadsheet forwarded to
 * the API as it came. `preview` answers what the file holds; the other modes start the import
 * job and answer its id. Every refusal (413, 422, an expired form) is `{ ok: false, message }`.
 */
export async function studentImportUploadAction({ request, context }: ActionFunctionArgs) {
  const { maxBytes } = BULK_STUDENT_IMPORT;
  // A body over the limit is refused before it is read, as the API would.
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > maxBytes + FORM_OVERHEAD) return fail(tooLargeMessage(length, maxBytes), 413);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return fail("The upload could not be read. Choose the file again.", 400);
  }
  const guard = await refusalOf(auth.requireAction(request, context, form, PERMISSION));
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
  // The API reads multipart; openapi-fetch passes FormData through unchanged.
  const { data, error, response } = await guard.api.POST("/api/coordinator/student/import", {
    body: body as unknown as { mode: Mode },
    bodySerializer: (value: unknown) => value as FormData,
  });
  if (!data) {
    const message = messageOf(error, "The file could not be imported. Please try again.");
    return fail(message, response.status, error?.errors?.length ? error.errors : undefined);
  }
  if ("job_id" in data.data) return answer({ ok: true, message: data.message, jobId: data.data.job_id }, 202);
  return answer({ ok: true, message: data.message, preview: data.data });
}

/** …/student-import/template: the API's template (with the region's schools), streamed as a download. */
export async function studentImportTemplateLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, PERMISSION);
  const { data, error, response } = await api.GET("/api/coordinator/student/import/template", { parseAs: "stream" });
  if (!data)
    return refusedDownload(messageOf(error, "The template could not be made. Please try again."), response.status);
  return streamDownload(response);
}

/** …/student-import/<job>/errors: the rows an import did not save, with their "Errors" column. */
export async function studentImportErrorsLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, PERMISSION);
  const jobId = Number(params.job);
  if (!Number.isSafeInteger(jobId) || jobId <= 0) return refusedDownload("There is no such import.", 404);
  const { data, error, response } = await api.GET("/api/coordinator/student/import/{job_id}/errors", {
    params: { path: { job_id: jobId } },
    parseAs: "stream",
  });
  if (!data)
    return refusedDownload(messageOf(error, "The errors file could not be read. Please try again."), response.status);
  return streamDownload(response);
}
