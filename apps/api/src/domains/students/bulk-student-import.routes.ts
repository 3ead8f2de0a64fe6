import type { OpenAPIHono } from "@hono/zod-openapi";
import { bulkStudentImportOverview } from "@repo/contracts/bulk-student-import";
import { BULK_STUDENT_IMPORT, SCHOOL_CODE_HEADER, SCHOOLS_SHEET } from "@repo/contracts/bulk-student-import-constants";
import { envelope } from "@repo/contracts/envelope";
import { jobStarted } from "@repo/contracts/jobs";
import type { AppEnv } from "../../context";
import { actorOf, signedIn } from "../../kernel/auth/middleware";
import { SPLIT_HINT as SPLIT, uploadLimit } from "../../kernel/http/body-limit";
import { ok } from "../../kernel/http/envelope";
import {
  download,
  importForm,
  importPreview,
  jobIdParam,
  readImportForm,
  xlsxResponse,
} from "../../kernel/http/imports";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { json, named } from "../../kernel/http/schemas";
import { getJob } from "../../kernel/jobs/jobs";
import {
  bulkStudentImportErrorsFile,
  bulkStudentTemplate,
  bulkStudentImportOverview as overviewOf,
  previewBulkStudentImport,
  startBulkStudentImport,
} from "./bulk-student-import";

const tags = ["Bulk student import"];

/**
 * Routes of the coordinators' bulk student import (the GCC state coordinators): the template
 * with the region's schools, the upload (preview or job), the errors file and the page's overview.
 */
export function registerBulkStudentImportRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("students.bulkImport", {
      method: "get",
      path: "/api/coordinator/student/import/template",
      tags,
      summary: "The bulk import template (XLSX), with the region's schools",
      description: `The schools' student template with a "${SCHOOL_CODE_HEADER}" column first (the school's referral code, with a drop-down of the caller's schools), an Instructions sheet and a "${SCHOOLS_SHEET}" sheet listing the active schools of the caller's region with their codes.`,
      responses: { 200: xlsxResponse("The template workbook") },
    }),
    async (c) =>
      download(
        c,
        await bulkStudentTemplate(c.var.services.database.db, signedIn(c).userId),
        "bulk-students-template.xlsx",
      ),
  );

  app.openapi(
    apiRoute(
      "students.bulkImport",
      {
        method: "post",
        path: "/api/coordinator/student/import",
        tags,
        summary: "Import students into the schools of the caller's region",
        description: `Multipart form with \`file\` and \`mode\`, as POST /api/schools/student/import. Each row names its school in "${SCHOOL_CODE_HEADER}" (the school's referral code); a school outside the caller's region, unknown or deactivated is a mistake of that row. \`preview\` answers 200 and saves nothing; the other modes check the file's type, size and columns at once (413/422), then answer 202 with the job's id (GET /api/jobs/{id}: progress, then the result with \`schools\`, the number of schools that got students). Students go to their school like those of its own import, in the open exam year, in one transaction.`,
        request: { body: { content: { "multipart/form-data": { schema: importForm } }, required: true } },
        responses: {
          200: json(envelope(importPreview).openapi("BulkStudentImportPreviewResponse"), "The preview (mode preview)"),
          202: json(envelope(jobStarted).openapi("BulkStudentImportStartedResponse"), "The import job was queued"),
          413: errorResponse("The file is larger than the limit"),
          422: errorResponse("The file is not a spreadsheet, cannot be read, or lacks a required column"),
        },
      },
      {
        bodyLimit: uploadLimit({
          field: "file",
          what: "The file",
          maxBytes: BULK_STUDENT_IMPORT.maxBytes,
          hint: SPLIT,
        }),
        spreadsheetUpload: true,
      },
    ),
    async (c) => {
      const { file, mode, bytes } = await readImportForm(c, BULK_STUDENT_IMPORT.maxBytes);
      const { database, storage } = c.var.services;
      if (mode === "preview") {
        const preview = await previewBulkStudentImport(database.db, signedIn(c).userId, bytes);
        return ok(c, preview, "Preview of the file; nothing was saved");
      }
      const jobId = await startBulkStudentImport({ database, storage }, actorOf(c), {
        bytes,
        name: file.name,
        mode,
      });
      return c.json({ status: true, message: "The import has started", data: { job_id: jobId } }, 202);
    },
  );

  app.openapi(
    apiRoute("students.bulkImport", {
      method: "get",
      path: "/api/coordinator/student/import/{job_id}/errors",
      tags,
      summary: "The errors file of a bulk import",
      description:
        'The uploaded rows that were not saved, in the template\'s columns with an "Errors" column (every row when nothing was saved). Only for the user who started the import.',
      request: { params: jobIdParam },
      responses: {
        200: xlsxResponse("The errors workbook"),
        404: errorResponse("No such import of yours, or it has no errors file"),
      },
    }),
    async (c) => {
      const { job_id: jobId } = c.req.valid("param");
      const { database, storage } = c.var.services;
      const job = await getJob(database.db, jobId, signedIn(c));
      return download(c, await bulkStudentImportErrorsFile(storage, job), `bulk-student-import-${jobId}-errors.xlsx`);
    },
  );

  app.openapi(
    apiRoute("students.bulkImport", {
      method: "get",
      path: "/api/coordinator/student/import/overview",
      tags,
      summary: "The caller's region, its schools and its last bulk imports",
      description: `The names of the caller's assigned regions, the number of active schools in them, and the caller's ${BULK_STUDENT_IMPORT.recentImports} newest bulk imports with their outcome.`,
      responses: {
        200: json(
          envelope(named(bulkStudentImportOverview, "BulkStudentImportOverview")).openapi(
            "BulkStudentImportOverviewResponse",
          ),
          "The overview",
        ),
      },
    }),
    async (c) => ok(c, await overviewOf(c.var.services.database.db, signedIn(c).userId)),
  );
}
