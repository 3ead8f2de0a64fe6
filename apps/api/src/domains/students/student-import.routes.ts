import type { OpenAPIHono } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { jobStarted } from "@repo/contracts/jobs";
import { STUDENT_IMPORT } from "@repo/contracts/students-constants";
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
import { json } from "../../kernel/http/schemas";
import { getJob } from "../../kernel/jobs/jobs";
import {
  importSchoolOf,
  previewStudentImport,
  startStudentImport,
  studentImportErrorsFile,
  studentTemplate,
} from "./student-import";

/** Routes for the students spreadsheet import (template, preview, job, errors file). */
export function registerStudentImportRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("students.add", {
      method: "get",
      path: "/api/schools/student/import/template",
      tags: ["Students"],
      summary: "The import template (XLSX)",
      description:
        "Header row First name, Last name, Class, Language, Gender, Date of birth, Parent's name, Phone, E-mail; drop-down lists for class, language and gender; an Instructions sheet.",
      responses: { 200: xlsxResponse("The template workbook") },
    }),
    async (c) => download(c, await studentTemplate(), "students-template.xlsx"),
  );

  app.openapi(
    apiRoute(
      "students.add",
      {
        method: "post",
        path: "/api/schools/student/import",
        tags: ["Students"],
        summary: "Import students from a spreadsheet",
        description:
          "Multipart form with `file` and `mode`. `preview` answers 200 with the column mapping, the number of data rows, the first rows as read and the count of rows already refused; nothing is saved. The other modes check the file's type, size and columns at once (413/422 with a message), then answer 202 with the job's id: GET /api/jobs/{id} gives progress and, when done, `{ inserted, already_registered, bad_rows, errors_file_id, errors, message }`. The students go to the caller's own school, in the open exam year, in one transaction. A student the school already has counts as already registered (uploading the same file again adds nothing); one that another school has is an error naming that school.",
        request: { body: { content: { "multipart/form-data": { schema: importForm } }, required: true } },
        responses: {
          200: json(envelope(importPreview).openapi("StudentImportPreviewResponse"), "The preview (mode preview)"),
          202: json(envelope(jobStarted).openapi("StudentImportStartedResponse"), "The import job was queued"),
          413: errorResponse("The file is larger than the limit"),
          422: errorResponse("The file is not a spreadsheet, cannot be read, or lacks a required column"),
        },
      },
      {
        bodyLimit: uploadLimit({ field: "file", what: "The file", maxBytes: STUDENT_IMPORT.maxBytes, hint: SPLIT }),
        spreadsheetUpload: true,
      },
    ),
    async (c) => {
      const { file, mode, bytes } = await readImportForm(c, STUDENT_IMPORT.maxBytes);
      const { database, storage } = c.var.services;
      const schoolId = await importSchoolOf(database.db, signedIn(c));
      if (mode === "preview") {
        return ok(c, await previewStudentImport(bytes), "Preview of the file; nothing was saved");
      }
      const jobId = await startStudentImport(
        { database, storage },
        { schoolId, actor: actorOf(c) },
        { bytes, name: file.name, mode },
      );
      return c.json({ status: true, message: "The import has started", data: { job_id: jobId } }, 202);
    },
  );

  app.openapi(
    apiRoute("students.add", {
      method: "get",
      path: "/api/schools/student/import/{job_id}/errors",
      tags: ["Students"],
      summary: "The errors file of an import",
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
      const bytes = await studentImportErrorsFile(storage, job);
      return download(c, bytes, `student-import-${jobId}-errors.xlsx`);
    },
  );
}
