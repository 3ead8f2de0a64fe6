import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import type { FieldError } from "@repo/contracts/envelope";
import { SCHOOL_IMPORT } from "@repo/contracts/master-institutes-constants";
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
export function studentImportAction(args: ActionFunctionArgs) {
  return forwardImport(args, "students");
}

/** /institute/import/upload: a master institute's schools spreadsheet, like the students one. */
export function schoolImportAction(args: ActionFunctionArgs) {
  return forwardImport(args, "schools");
}

async function forwardImport({ request, context }: ActionFunctionArgs, what: "students" | "schools") {
  const maxBytes = what === "students" ? STUDENT_IMPORT.maxBytes : SCHOOL_IMPORT.maxBytes;
  // A body over the limit is refused before it is read, as the API would.
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > maxBytes + FORM_OVERHEAD) return fail(tooLargeMessage(length, maxBytes), 413);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return fail("The upload could not be read. Choose the file again.", 400);
  }
  const permission = what === "students" ? "students.add" : "institute.schools.manage";
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
  // A master institute names the school the students go to.
  const schoolId = String(form.get("school_id") ?? "");
  if (schoolId) body.set("school_id", schoolId);
  // The API reads multipart; openapi-fetch passes FormData through unchanged.
  const multipart = {
    body: body as unknown as { mode: StudentImportMode },
    bodySerializer: (value: unknown) => value as FormData,
  };
  const { data, error, response } =
    what === "schools"
      ? await guard.api.POST("/api/master-institute/schools/import", multipart)
      : schoolId
        ? await guard.api.POST("/api/master-institute/student/import", multipart)
        : await guard.api.POST("/api/schools/student/import", multipart);
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

/** /institute/import/template: the schools import template, streamed from the API. */
export async function schoolTemplateLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, "institute.schools.manage");
  const { data, error, response } = await api.GET("/api/master-institute/schools/import/template", {
    parseAs: "stream",
  });
  if (!data)
    return refusedDownload(messageOf(error, "The template could not be made. Please try again."), response.status);
  return streamDownload(response);
}

/** /institute/import/<job>/errors: the schools an import did not save. */
export async function schoolErrorsLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, "institute.schools.manage");
  const jobId = Number(params.job);
  if (!Number.isSafeInteger(jobId) || jobId <= 0) return refusedDownload("There is no such import.", 404);
  const { data, error, response } = await api.GET("/api/master-institute/schools/import/{job_id}/errors", {
    params: { path: { job_id: jobId } },
    parseAs: "stream",
  });
  if (!data)
    return refusedDownload(messageOf(error, "The errors file could not be read. Please try again."), response.status);
  return streamDownload(response);
}
