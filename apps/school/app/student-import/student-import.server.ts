import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { SCHOOL_IMPORT } from "@repo/contracts/master-institutes-constants";
import { STUDENT_IMPORT } from "@repo/contracts/students-constants";
import {
  forwardImportUpload,
  multipart,
  streamImportErrors,
  streamImportTemplate,
} from "@repo/remix-app/imports/server";

/**
 * /student/import/upload (POST, multipart `file`, `mode`, `csrf`): the spreadsheet forwarded to
 * the API as it came. `preview` answers what the file holds; the other modes start the import
 * job and answer its id. Every refusal (413, 422, an expired form) is `{ ok: false, message }`.
 */
export function studentImportAction(args: ActionFunctionArgs) {
  return forwardImportUpload(args, {
    permission: "students.add",
    maxBytes: STUDENT_IMPORT.maxBytes,
    post: (api, body, form) => {
      // A master institute names the school the students go to.
      const schoolId = String(form.get("school_id") ?? "");
      if (!schoolId) return api.POST("/api/schools/student/import", multipart(body));
      body.set("school_id", schoolId);
      return api.POST("/api/master-institute/student/import", multipart(body));
    },
  });
}

/** /institute/import/upload: a master institute's schools spreadsheet, like the students one. */
export function schoolImportAction(args: ActionFunctionArgs) {
  return forwardImportUpload(args, {
    permission: "institute.schools.manage",
    maxBytes: SCHOOL_IMPORT.maxBytes,
    post: (api, body) => api.POST("/api/master-institute/schools/import", multipart(body)),
  });
}

/** /student/import/template: the API's template workbook, streamed as a download. */
export function importTemplateLoader(args: LoaderFunctionArgs) {
  return streamImportTemplate(args, "students.add", (api) =>
    api.GET("/api/schools/student/import/template", { parseAs: "stream" }),
  );
}

/** /student/import/<job>/errors: the rows an import did not save, with their "Errors" column. */
export function importErrorsLoader(args: LoaderFunctionArgs) {
  return streamImportErrors(args, "students.add", (api, jobId) =>
    api.GET("/api/schools/student/import/{job_id}/errors", { params: { path: { job_id: jobId } }, parseAs: "stream" }),
  );
}

/** /institute/import/template: the schools import template, streamed from the API. */
export function schoolTemplateLoader(args: LoaderFunctionArgs) {
  return streamImportTemplate(args, "institute.schools.manage", (api) =>
    api.GET("/api/master-institute/schools/import/template", { parseAs: "stream" }),
  );
}

/** /institute/import/<job>/errors: the schools an import did not save. */
export function schoolErrorsLoader(args: LoaderFunctionArgs) {
  return streamImportErrors(args, "institute.schools.manage", (api, jobId) =>
    api.GET("/api/master-institute/schools/import/{job_id}/errors", {
      params: { path: { job_id: jobId } },
      parseAs: "stream",
    }),
  );
}
