import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { jobStarted } from "@repo/contracts/jobs";
import { STUDENT_IMPORT_MODES, studentImportPreview } from "@repo/contracts/student-import";
import { STUDENT_IMPORT } from "@repo/contracts/students-constants";
import type { Context } from "hono";
import { actorOf, signedIn } from "../auth/middleware";
import type { AppEnv } from "../context";
import { ok } from "../http/envelope";
import { ApiError, invalidField } from "../http/errors";
import { apiRoute, errorResponse } from "../http/routes";
import { json, named } from "../http/schemas";
import { getJob } from "../services/jobs";
import { XLSX_TYPE } from "../services/spreadsheets/index";
import {
  importSchoolOf,
  previewStudentImport,
  startStudentImport,
  studentImportErrorsFile,
  studentTemplate,
} from "../services/student-import";

// Documents the form; the handler checks it itself, so that each field gets its own message.
const importForm = z.object({
  file: z
    .any()
    .optional()
    .openapi({
      type: "string",
      format: "binary",
      description: `The filled-in template: .xlsx or CSV (UTF-8), told apart by content; at most ${STUDENT_IMPORT.maxBytes / 1024 / 1024} MB and ${STUDENT_IMPORT.maxRows.toLocaleString("en")} rows`,
    }),
  mode: z
    .string()
    .optional()
    .openapi({
      enum: [...STUDENT_IMPORT_MODES],
      description:
        "`preview`: read and check, save nothing. `all-or-nothing`: save every row only if no row has a mistake. `valid-rows`: save the good rows, report the others.",
    }),
});

const modeField = z.enum(STUDENT_IMPORT_MODES, {
  error: "Choose the mode: preview, all-or-nothing or valid-rows",
});

const importPreview = named(studentImportPreview, "StudentImportPreview");

const jobIdParam = z.object({
  job_id: z.coerce
    .number<unknown>()
    .int()
    .positive()
    .openapi({ param: { name: "job_id", in: "path", required: true }, type: "integer", example: 1 }),
});

const xlsxResponse = (description: string) => ({
  description,
  content: { [XLSX_TYPE]: { schema: z.string().openapi({ format: "binary" }) } },
});

const download = (c: Context<AppEnv>, bytes: Uint8Array, fileName: string) =>
  c.body(new Uint8Array(bytes), 200, {
    "Content-Type": XLSX_TYPE,
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
  });

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
    apiRoute("students.add", {
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
    }),
    async (c) => {
      // Refuse an oversized upload before reading its body, when the client says its size.
      const length = Number(c.req.header("content-length") ?? 0);
      if (length > STUDENT_IMPORT.maxBytes + 64 * 1024) {
        throw new ApiError(
          413,
          `The file is larger than ${STUDENT_IMPORT.maxBytes / 1024 / 1024} MB, the most that can be imported at once. Split it into smaller files.`,
        );
      }
      const form = await c.req.parseBody().catch(() => {
        throw new ApiError(400, "Send the file as multipart/form-data with the fields file and mode");
      });
      const file = form.file;
      if (!(file instanceof File) || file.size === 0) {
        throw invalidField("file", "Choose the spreadsheet to upload (.xlsx or .csv)", 400);
      }
      const mode = modeField.safeParse(form.mode);
      if (!mode.success) throw invalidField("mode", "Choose the mode: preview, all-or-nothing or valid-rows", 400);
      if (file.size > STUDENT_IMPORT.maxBytes) {
        throw invalidField(
          "file",
          `The file is ${Math.round(file.size / 1024 / 102.4) / 10} MB; at most ${STUDENT_IMPORT.maxBytes / 1024 / 1024} MB can be imported at once. Split it into smaller files.`,
          413,
        );
      }
      const { database, storage } = c.var.services;
      const schoolId = await importSchoolOf(database.db, signedIn(c));
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (mode.data === "preview") {
        return ok(c, await previewStudentImport(bytes), "Preview of the file; nothing was saved");
      }
      const jobId = await startStudentImport(
        { database, storage },
        { schoolId, actor: actorOf(c) },
        { bytes, name: file.name, mode: mode.data },
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
