import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { pagePath } from "@repo/auth/menus";
import { can } from "@repo/auth/permissions";
import { BULK_STUDENT_IMPORT } from "@repo/contracts/bulk-student-import-constants";
import { auth } from "@repo/remix-app/auth.server";
import { messageOf } from "@repo/remix-app/downloads/server";
import {
  forwardImportUpload,
  multipart,
  streamImportErrors,
  streamImportTemplate,
} from "@repo/remix-app/imports/server";

export type BulkImportOverview = components["schemas"]["BulkStudentImportOverview"];
export type BulkImportItem = BulkImportOverview["imports"][number];
export type BulkImportResult = NonNullable<BulkImportItem["result"]>;

const PERMISSION = "students.bulkImport";

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

/**
 * …/student-import/upload (POST, multipart `file`, `mode`, `csrf`): the spreadsheet forwarded to
 * the API as it came. `preview` answers what the file holds; the other modes start the import
 * job and answer its id. Every refusal (413, 422, an expired form) is `{ ok: false, message }`.
 */
export function studentImportUploadAction(args: ActionFunctionArgs) {
  return forwardImportUpload(args, {
    permission: PERMISSION,
    maxBytes: BULK_STUDENT_IMPORT.maxBytes,
    post: (api, body) => api.POST("/api/coordinator/student/import", multipart(body)),
  });
}

/** …/student-import/template: the API's template (with the region's schools), streamed as a download. */
export function studentImportTemplateLoader(args: LoaderFunctionArgs) {
  return streamImportTemplate(args, PERMISSION, (api) =>
    api.GET("/api/coordinator/student/import/template", { parseAs: "stream" }),
  );
}

/** …/student-import/<job>/errors: the rows an import did not save, with their "Errors" column. */
export function studentImportErrorsLoader(args: LoaderFunctionArgs) {
  return streamImportErrors(args, PERMISSION, (api, jobId) =>
    api.GET("/api/coordinator/student/import/{job_id}/errors", {
      params: { path: { job_id: jobId } },
      parseAs: "stream",
    }),
  );
}
