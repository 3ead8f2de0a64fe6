import { Readable } from "node:stream";
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { jobStarted } from "@repo/contracts/jobs";
import { COUNTED, countOf } from "@repo/contracts/plural";
import {
  answerSheetStats,
  answerUpload,
  answerUploadStarted,
  deleteAnswerSheetStats,
  resetExamBody,
  resetExamSummary,
  uploadIdBody,
  uploadIdQuery,
} from "@repo/contracts/results";
import {
  deletedUploadMessage,
  RESET_LEVELS,
  RESULT_LIMITS,
  RESULT_SHEET_FORMATS,
} from "@repo/contracts/results-constants";
import type { AppEnv } from "../../context";
import { actorOf } from "../../kernel/auth/middleware";
import { contentDisposition } from "../../kernel/files";
import { SPLIT_HINT as SPLIT, uploadLimit } from "../../kernel/http/body-limit";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { json, named, pathId } from "../../kernel/http/schemas";
import {
  answerUploadItem,
  answerUploadProblems,
  confirmAnswerUpload,
  deleteAnswerUpload,
  deleteAnswerSheetStats as deleteStatsOf,
  receiveAnswerUpload,
  resetExam,
  resetExamSummary as resetSummaryOf,
  answerSheetStats as statsOf,
} from "./uploads";

const tags = ["Results: answer sheets"];

const uploadIdParam = z.object({
  upload_id: pathId("upload_id"),
});
const uploadResponse = json(
  envelope(named(answerUpload, "AnswerUpload")).openapi("AnswerUploadResponse"),
  "The upload",
);
const resetResponse = json(
  envelope(named(resetExamSummary, "ResetExamSummary")).openapi("ResetExamSummaryResponse"),
  "The level's sheets, uploads and finalized paper sets of the exam year",
);

const FORMATS = RESULT_SHEET_FORMATS.map((f) => `\`${f.code}\` (${f.name}, e.g. \`${f.example}\`)`).join("; ");

/**
 * Answer-sheet uploads, their dry run and confirmation, deleting an upload and resetting a level
 * (issue 15; admins 3 and 6 only: permissions exam.uploadFile and exam.reset).
 */
export function registerResultRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute(
      "exam.uploadFile",
      {
        method: "post",
        path: "/api/admin-upload-txt-answersheet",
        tags,
        summary: "Upload a scanning vendor's answer-sheet file (checked first, stored only when confirmed)",
        description: `Multipart fields \`file\` (plain text told by its content, whatever its name: .txt, .csv; one line per sheet, at most ${RESULT_LIMITS.maxUploadBytes / 1024 / 1024} MB), \`exam_level\` (level1, level2 or mock) and \`format\`: ${FORMATS}. Answers 202 with the upload's id and its check job: the dry run reads every line and reports sheets read, unknown roll numbers, unpaid students, roll numbers repeated in the file (the last line wins; when it is refused, the roll number has no sheet from the file, and a sheet an earlier upload stored stays, which the report says), unreadable lines (an answer in lower case among them) and wrong paper-set codes, answer counts or options (an answer a question does not offer, such as E where it has A–D), with line numbers. Nothing is stored until POST /api/answer-sheet-upload/{upload_id}/confirm.`,
        request: {
          body: {
            content: {
              // A JSON schema, not a zod one: the form is read as it streams (decision 047), never
              // parsed whole by a validator.
              "multipart/form-data": {
                schema: {
                  type: "object",
                  properties: {
                    file: { type: "string", format: "binary" },
                    exam_level: { type: "string", enum: ["level1", "level2", "mock"] },
                    format: { type: "string", enum: RESULT_SHEET_FORMATS.map((f) => f.code) },
                  },
                },
              },
            },
            required: true,
          },
        },
        responses: {
          202: json(envelope(answerUploadStarted).openapi("AnswerUploadStartedResponse"), "The check job was queued"),
          413: errorResponse("The file is larger than the limit"),
          422: errorResponse("Not a text file, or a field is missing"),
        },
      },
      {
        bodyLimit: uploadLimit({
          field: "file",
          what: "The answer-sheet file",
          maxBytes: RESULT_LIMITS.maxUploadBytes,
          hint: SPLIT,
        }),
        streamsForm: true,
      },
    ),
    async (c) => {
      const started = await receiveAnswerUpload(c.var.services, actorOf(c), c.req.raw);
      return c.json(
        {
          status: true,
          message: "The file is being checked; nothing is stored until you confirm",
          data: { upload_id: started.uploadId, job_id: started.jobId },
        },
        202,
      );
    },
  );

  app.openapi(
    apiRoute("exam.uploadFile", {
      method: "get",
      path: "/api/answer-sheet-submitted-stats",
      tags,
      summary: "Stored answer sheets per level and class, and the newest uploads",
      responses: {
        200: json(envelope(named(answerSheetStats, "AnswerSheetStats")).openapi("AnswerSheetStatsResponse"), "Stats"),
      },
    }),
    async (c) => ok(c, await statsOf(c.var.services.database.db)),
  );

  app.openapi(
    apiRoute("exam.uploadFile", {
      method: "get",
      path: "/api/answer-sheet-upload/{upload_id}",
      tags,
      summary: "One upload: its status, the dry run's report and how many of its sheets are stored",
      request: { params: uploadIdParam },
      responses: { 200: uploadResponse, 404: errorResponse("No such upload") },
    }),
    async (c) => ok(c, await answerUploadItem(c.var.services.database.db, c.req.valid("param").upload_id)),
  );

  app.openapi(
    apiRoute("exam.uploadFile", {
      method: "post",
      path: "/api/answer-sheet-upload/{upload_id}/confirm",
      tags,
      summary: "Store a checked upload: score its accepted sheets and rank the level again",
      description:
        "Only for a checked upload with sheets to store. Answers 202 with the store job: it reads the file again (students may have paid since the check), stores the accepted sheets (a student's earlier sheet of the level is replaced) and rebuilds the level's ranks, in one transaction.",
      request: { params: uploadIdParam },
      responses: {
        202: json(envelope(jobStarted).openapi("AnswerUploadConfirmedResponse"), "The store job was queued"),
        404: errorResponse("No such upload"),
        409: errorResponse("Not checked yet, already stored or deleted, or nothing to store"),
      },
    }),
    async (c) => {
      const jobId = await confirmAnswerUpload(c.var.services.database.db, actorOf(c), c.req.valid("param").upload_id);
      return c.json({ status: true, message: "The sheets are being stored", data: { job_id: jobId } }, 202);
    },
  );

  app.openapi(
    apiRoute("exam.uploadFile", {
      method: "get",
      path: "/api/answer-sheet-upload/{upload_id}/problems",
      tags,
      summary: "Every line the dry run refused, as CSV (line, roll number, problem, message)",
      request: { params: uploadIdParam },
      responses: {
        200: { description: "The problems file", content: { "text/csv": { schema: z.string() } } },
        404: errorResponse("No such upload, or no problems"),
      },
    }),
    async (c) => {
      const { stream, fileName } = await answerUploadProblems(
        c.var.services.database.db,
        c.var.services.storage,
        c.req.valid("param").upload_id,
      );
      // Streamed from storage: a million refused lines are a file of 100 MB (decision 047).
      return c.body(Readable.toWeb(stream) as ReadableStream<Uint8Array>, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": contentDisposition(fileName),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      });
    },
  );

  app.openapi(
    apiRoute("exam.uploadFile", {
      method: "get",
      path: "/api/admin-delete-answersheet-stats",
      tags,
      summary:
        "What deleting an upload would take away: the sheets it still holds, per class, and the certificates it withdraws",
      request: { query: uploadIdQuery },
      responses: {
        200: json(
          envelope(named(deleteAnswerSheetStats, "DeleteAnswerSheetStats")).openapi("DeleteAnswerSheetStatsResponse"),
          "The sheets",
        ),
        404: errorResponse("No such upload"),
      },
    }),
    async (c) => {
      const { upload_id: uploadId } = c.req.valid("query");
      return ok(c, await deleteStatsOf(c.var.services.database.db, uploadId));
    },
  );

  app.openapi(
    apiRoute("exam.uploadFile", {
      method: "post",
      path: "/api/admin-delete-answersheet",
      tags,
      summary: "Delete the sheets an upload still holds and rank the level again",
      request: {
        body: { content: { "application/json": { schema: named(uploadIdBody, "UploadIdBody") } }, required: true },
      },
      responses: {
        200: json(envelope(z.object({ sheets: z.number().int() })).openapi("DeleteAnswerSheetResponse"), "Deleted"),
        404: errorResponse("No such upload"),
        409: errorResponse("Being checked or stored, or already deleted"),
      },
    }),
    async (c) => {
      const { upload_id: uploadId } = c.req.valid("json");
      const sheets = await deleteAnswerUpload(c.var.services.database.db, actorOf(c), uploadId);
      return ok(c, { sheets }, deletedUploadMessage(sheets));
    },
  );

  const levelQuery = z.object({
    level: z
      .string()
      .optional()
      .openapi({ enum: RESET_LEVELS.map((l) => l.param), description: "level-1, level-2 or mock" }),
  });

  app.openapi(
    apiRoute("exam.reset", {
      method: "get",
      path: "/api/reset-exam",
      tags,
      summary:
        "What resetting a level would delete (sheets, uploads), withdraw (certificates) and keep (finalized paper sets)",
      request: { query: levelQuery },
      responses: { 200: resetResponse, 422: errorResponse("Not a level") },
    }),
    async (c) => ok(c, await resetSummaryOf(c.var.services.database.db, c.req.valid("query").level ?? "level-1")),
  );

  app.openapi(
    apiRoute("exam.reset", {
      method: "post",
      path: "/api/reset-exam",
      tags,
      summary: "Delete one level's answer sheets and results of the exam year",
      description:
        'The body names the level (`level-1`, `level-2`, `mock`) and `confirm` is its name typed by the admin ("Level 1"). When the level\'s sheets have valid certificates, `withdraw_certificates` must be their number as GET /api/reset-exam counts it (`certificates`): the reset withdraws them, and their QR codes answer "withdrawn on <date>" until the same results are stored again, which gives each unchanged award its code back (decision 060). Uploads stay listed as deleted; paper sets are kept. Logged.',
      request: {
        body: { content: { "application/json": { schema: named(resetExamBody, "ResetExamBody") } }, required: true },
      },
      responses: {
        200: resetResponse,
        409: errorResponse("An upload of the level is being checked or stored"),
        422: errorResponse("The level's name was not typed, or the certificates it withdraws were not confirmed"),
      },
    }),
    async (c) => {
      const input = c.req.valid("json");
      const { summary, withdrawn } = await resetExam(
        c.var.services.database.db,
        actorOf(c),
        input.level,
        input.confirm,
        input.withdraw_certificates,
      );
      const certificates = withdrawn > 0 ? `; ${countOf(withdrawn, COUNTED.certificate)} withdrawn` : "";
      return ok(c, summary, `${summary.confirm} results of ${summary.exam_year} were reset${certificates}.`);
    },
  );
}
