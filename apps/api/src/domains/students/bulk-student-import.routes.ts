import type { OpenAPIHono } from "@hono/zod-openapi";
import { bulkStudentImportOverview } from "@repo/contracts/bulk-student-import";
import { BULK_STUDENT_IMPORT, SCHOOL_CODE_HEADER, SCHOOLS_SHEET } from "@repo/contracts/bulk-student-import-constants";
import { envelope } from "@repo/contracts/envelope";
import type { AppEnv } from "../../context";
import { actorOf, signedIn } from "../../kernel/auth/middleware";
import { ok } from "../../kernel/http/envelope";
import { registerImportRoutes } from "../../kernel/http/imports";
import { apiRoute } from "../../kernel/http/routes";
import { json, named } from "../../kernel/http/schemas";
import {
  BULK_STUDENT_IMPORT_LAYOUT,
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
  registerImportRoutes(app, {
    file: BULK_STUDENT_IMPORT_LAYOUT,
    access: "students.bulkImport",
    tags,
    path: "/api/coordinator/student/import",
    nouns: "students",
    template: {
      summary: "The bulk import template (XLSX), with the region's schools",
      description: `The schools' student template with a "${SCHOOL_CODE_HEADER}" column first (the school's referral code, with a drop-down of the caller's schools), an Instructions sheet and a "${SCHOOLS_SHEET}" sheet listing the active schools of the caller's region with their codes.`,
      fileName: "bulk-students-template.xlsx",
      build: (c) => bulkStudentTemplate(c.var.services.database.db, signedIn(c).userId),
    },
    upload: {
      summary: "Import students into the schools of the caller's region",
      description: `Multipart form with \`file\` and \`mode\`, as POST /api/schools/student/import. Each row names its school in "${SCHOOL_CODE_HEADER}" (the school's referral code); a school outside the caller's region, unknown or deactivated is a mistake of that row. \`preview\` answers 200 and saves nothing; the other modes check the file's type, size and columns at once (413/422), then answer 202 with the job's id (GET /api/jobs/{id}: progress, then the result with \`schools\`, the number of schools that got students). Students go to their school like those of its own import, in the open exam year, in one transaction.`,
      schemaPrefix: "BulkStudentImport",
      target: async () => undefined,
      preview: (c, bytes) => previewBulkStudentImport(c.var.services.database.db, signedIn(c).userId, bytes),
      start: (c, _target, upload) => {
        const { database, storage } = c.var.services;
        return startBulkStudentImport({ database, storage }, actorOf(c), upload);
      },
    },
    errors: {
      summary: "The errors file of a bulk import",
      description:
        'The uploaded rows that were not saved, in the template\'s columns with an "Errors" column (every row when nothing was saved). Only for the user who started the import.',
      fileName: (jobId) => `bulk-student-import-${jobId}-errors.xlsx`,
    },
  });

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
