import { z } from "@hono/zod-openapi";
import { STUDENT_IMPORT_MODES, studentImportPreview } from "@repo/contracts/student-import";
import { STUDENT_IMPORT } from "@repo/contracts/students-constants";
import type { Context } from "hono";
import type { AppEnv } from "../../context";
import { XLSX_TYPE } from "../spreadsheets/index";
import { invalidField } from "./errors";
import { FormFile, type FormValue, readForm } from "./multipart";
import { named, pathId } from "./schemas";

/**
 * The HTTP side every spreadsheet import shares (students, schools, individual students): the
 * documented upload form, reading it with a message per field, the job id parameter and the
 * XLSX downloads (template, errors file).
 */

// Documents the form; the handler checks it itself, so that each field gets its own message.
export const importForm = z.object({
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

export const importPreview = named(studentImportPreview, "StudentImportPreview");

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
export async function readImportForm(c: Context<AppEnv>, maxBytes: number) {
  const megabytes = maxBytes / 1024 / 1024;
  const form = await readUploadForm(c);
  const file = form.file;
  if (!(file instanceof FormFile) || file.size === 0) {
    throw invalidField("file", "Choose the spreadsheet to upload (.xlsx or .csv)", 400);
  }
  const mode = modeField.safeParse(form.mode);
  if (!mode.success) throw invalidField("mode", "Choose the mode: preview, all-or-nothing or valid-rows", 400);
  if (file.size > maxBytes) {
    throw invalidField(
      "file",
      `The file is ${Math.round(file.size / 1024 / 102.4) / 10} MB; at most ${megabytes} MB can be imported at once. Split it into smaller files.`,
      413,
    );
  }
  return { form, file, mode: mode.data, bytes: await file.bytes() };
}

/** An upload form's fields (kernel/http/multipart.ts, decision 046), or 400 for a body that is no form. */
export const readUploadForm = (c: Context<AppEnv>): Promise<Record<string, FormValue>> => readForm(c, "file");
