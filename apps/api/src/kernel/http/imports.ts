import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { jobStarted } from "@repo/contracts/jobs";
import {
  STUDENT_IMPORT_MODES,
  type StudentImportJobMode,
  type StudentImportMode,
  type StudentImportPreview,
  studentImportPreview,
} from "@repo/contracts/student-import";
import { IMPORT_ERRORS_FILE_DAYS, type ImportLimits, importLimitsText } from "@repo/contracts/uploads-constants";
import type { Context } from "hono";
import type { AppEnv } from "../../context";
import type { Access } from "../auth/middleware";
import { signedIn } from "../auth/middleware";
import { type ImportFile, importErrorsFile } from "../imports/spreadsheet-imports";
import { getJob } from "../jobs/jobs";
import { XLSX_TYPE } from "../spreadsheets/index";
import { SPLIT_HINT, uploadLimit } from "./body-limit";
import { ok } from "./envelope";
import { invalidField } from "./errors";
import { FormFile, type FormValue, readForm } from "./multipart";
import { apiRoute, errorResponse } from "./routes";
import { json, named, pathId } from "./schemas";

/**
 * The HTTP side of the one import capability (docs/decisions/064-one-import-capability.md): each
 * spreadsheet import (students, bulk students, schools, individual students) is one declaration
 * (`ImportRoutes`) that `registerImportRoutes` turns into its template, upload (preview or job)
 * and errors-file routes. The job's progress and result are GET /api/jobs/{id}'s. The documented
 * limits are written from the import's own constant (`file.limits`), the one the body limit and
 * the reader use.
 */

const MODE_WORDS: Record<StudentImportMode, string> = {
  preview: "`preview`: read and check, save nothing.",
  "all-or-nothing": "`all-or-nothing`: save every row only if no row has a mistake.",
  "valid-rows": "`valid-rows`: save the good rows, report the others.",
};

/** The limits as the OpenAPI document states them: the same sentence the app's import screen shows. */
export const documentedLimits = (limits: ImportLimits, nouns: string) =>
  `The filled-in template: .xlsx, CSV or Unicode Text, told apart by content. ${importLimitsText(limits, nouns)}`;

/** Documents an import's form; the handler checks it itself, so that each field gets its own message. */
export function importFormOf(
  limits: ImportLimits,
  nouns: string,
  modes: readonly StudentImportMode[] = STUDENT_IMPORT_MODES,
) {
  return z.object({
    file: z
      .any()
      .optional()
      .openapi({ type: "string", format: "binary", description: documentedLimits(limits, nouns) }),
    mode: z
      .string()
      .optional()
      .openapi({ enum: [...modes], description: modes.map((mode) => MODE_WORDS[mode]).join(" ") }),
  });
}

/** "Choose the mode: preview, all-or-nothing or valid-rows". */
const chooseMode = (modes: readonly StudentImportMode[]) =>
  `Choose the mode: ${modes.length > 1 ? `${modes.slice(0, -1).join(", ")} or ${modes.at(-1)}` : modes.join("")}`;

export const jobIdParam = z.object({ job_id: pathId("job_id") });

export const xlsxResponse = (description: string) => ({
  description,
  content: { [XLSX_TYPE]: { schema: z.string().openapi({ format: "binary" }) } },
});

export const download = (c: Context<AppEnv>, bytes: Uint8Array, fileName: string) =>
  c.body(new Uint8Array(bytes), 200, {
    "Content-Type": XLSX_TYPE,
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
  });

/**
 * Reads an import's multipart form (file and mode, plus any other fields) with a message per
 * field. The route's body limit (uploadLimit) has refused an oversized body before it was read.
 */
export async function readImportForm(
  c: Context<AppEnv>,
  maxBytes: number,
  modes: readonly StudentImportMode[] = STUDENT_IMPORT_MODES,
) {
  const megabytes = maxBytes / 1024 / 1024;
  const form = await readUploadForm(c);
  const file = form.file;
  if (!(file instanceof FormFile) || file.size === 0) {
    throw invalidField("file", "Choose the spreadsheet to upload (.xlsx or .csv)", 400);
  }
  const mode = modes.find((m) => m === form.mode);
  if (!mode) throw invalidField("mode", chooseMode(modes), 400);
  if (file.size > maxBytes) {
    throw invalidField(
      "file",
      `The file is ${Math.round(file.size / 1024 / 102.4) / 10} MB; at most ${megabytes} MB can be imported at once. Split it into smaller files.`,
      413,
    );
  }
  return { form, file, mode, bytes: await file.bytes() };
}

/** An upload form's fields (kernel/http/multipart.ts, decision 046), or 400 for a body that is no form. */
export const readUploadForm = (c: Context<AppEnv>): Promise<Record<string, FormValue>> => readForm(c, "file");

/** The upload as a service's start function takes it. */
export interface ImportUpload {
  bytes: Uint8Array;
  name: string;
  mode: StudentImportJobMode;
}

/**
 * One spreadsheet import's routes, declared once. `path` is the upload's; the template is at
 * `${path}/template` and the errors file at `${path}/{job_id}/errors`. `target` resolves whom the
 * import is for (the caller's school, one of an institute's schools...) before the file is read.
 */
export interface ImportRoutes<Target> {
  /** The import's file: job kind, limits (the one constant), columns and sheet. */
  file: ImportFile;
  access: Access;
  tags: string[];
  path: string;
  /** What a row adds, for the documented limits ("students", "schools"). */
  nouns: string;
  template?: {
    summary: string;
    description?: string;
    fileName: string;
    build: (c: Context<AppEnv>) => Promise<Uint8Array>;
  };
  upload: {
    summary: string;
    description: string;
    /** Names of the answers in the OpenAPI document (`XPreviewResponse`, `XStartedResponse`); unnamed without. */
    schemaPrefix?: string;
    /** More form fields, documented (a master institute's `school_id`). */
    fields?: z.ZodRawShape;
    /** More answers the route documents (404 for an institute without the school). */
    responses?: Record<number, ReturnType<typeof errorResponse>>;
    target: (c: Context<AppEnv>, form: Record<string, FormValue>) => Promise<Target>;
    /** The preview (mode `preview`: nothing is saved); an import without one has no such mode. */
    preview?: (c: Context<AppEnv>, bytes: Uint8Array, target: Target) => Promise<StudentImportPreview>;
    start: (c: Context<AppEnv>, target: Target, upload: ImportUpload) => Promise<number>;
  };
  errors?: { summary: string; description?: string; fileName: (jobId: number) => string };
}

const importPreview = named(studentImportPreview, "StudentImportPreview");

/** The template, upload and errors-file routes of one import (the job's status is GET /api/jobs/{id}). */
export function registerImportRoutes<Target>(app: OpenAPIHono<AppEnv>, routes: ImportRoutes<Target>) {
  const { file, access, tags, path, upload } = routes;
  const modes = STUDENT_IMPORT_MODES.filter((mode) => mode !== "preview" || upload.preview);
  const { template, errors } = routes;
  if (template) {
    app.openapi(
      apiRoute(access, {
        method: "get",
        path: `${path}/template`,
        tags,
        summary: template.summary,
        ...(template.description ? { description: template.description } : {}),
        responses: { 200: xlsxResponse("The template workbook") },
      }),
      async (c) => download(c, await template.build(c), template.fileName),
    );
  }

  const answer = <T extends z.ZodType>(schema: T, suffix: string) =>
    upload.schemaPrefix ? schema.openapi(`${upload.schemaPrefix}${suffix}`) : schema;
  const form = importFormOf(file.limits, routes.nouns, modes).extend(upload.fields ?? {});
  app.openapi(
    apiRoute(
      access,
      {
        method: "post",
        path,
        tags,
        summary: upload.summary,
        description: upload.description,
        request: { body: { content: { "multipart/form-data": { schema: form } }, required: true } },
        responses: {
          ...(upload.preview
            ? { 200: json(answer(envelope(importPreview), "PreviewResponse"), "The preview (mode preview)") }
            : {}),
          202: json(answer(envelope(jobStarted), "StartedResponse"), "The import job was queued"),
          ...upload.responses,
          413: errorResponse("The file is larger than the limit"),
          422: errorResponse("The file is not a spreadsheet, cannot be read, or lacks a required column"),
        },
      },
      {
        bodyLimit: uploadLimit({ field: "file", what: "The file", maxBytes: file.limits.maxBytes, hint: SPLIT_HINT }),
        spreadsheetUpload: true,
      },
    ),
    async (c: Context<AppEnv>) => {
      const read = await readImportForm(c, file.limits.maxBytes, modes);
      const target = await upload.target(c, read.form);
      if (read.mode === "preview") {
        if (!upload.preview) throw invalidField("mode", chooseMode(modes), 400);
        return ok(c, await upload.preview(c, read.bytes, target), "Preview of the file; nothing was saved");
      }
      const jobId = await upload.start(c, target, { bytes: read.bytes, name: read.file.name, mode: read.mode });
      return c.json({ status: true, message: "The import has started", data: { job_id: jobId } }, 202);
    },
  );

  if (errors) {
    app.openapi(
      apiRoute(access, {
        method: "get",
        path: `${path}/{job_id}/errors`,
        tags,
        summary: errors.summary,
        ...(errors.description ? { description: errors.description } : {}),
        request: { params: jobIdParam },
        responses: {
          200: xlsxResponse("The errors workbook"),
          404: errorResponse("No such import of yours, or it has no errors file"),
          410: errorResponse(
            `The errors file was removed ${IMPORT_ERRORS_FILE_DAYS} days after the import (it holds students' details)`,
          ),
        },
      }),
      async (c) => {
        const { job_id: jobId } = c.req.valid("param");
        const { database, storage } = c.var.services;
        const job = await getJob(database.db, jobId, signedIn(c));
        return download(c, await importErrorsFile(file, storage, job), errors.fileName(jobId));
      },
    );
  }
}
