import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import type { FieldError } from "@repo/contracts/envelope";
import { idOfText } from "@repo/contracts/numbers-constants";
import { EXAM_LEVEL_CODES } from "@repo/contracts/papers-constants";
import { MULTIPART_OVERHEAD_BYTES } from "@repo/contracts/request-limits-constants";
import { RESET_LEVELS, RESULT_LIMITS, RESULT_SHEET_FORMAT_CODES } from "@repo/contracts/results-constants";
import { auth } from "@repo/remix-app/auth.server";
import { messageOf, refusalOf, refusedDownload, streamDownload } from "@repo/remix-app/downloads/server";
import { formAnswers } from "@repo/remix-app/forms/server";
import { type AnswerFileAnswer, answerFileTooLarge, NO_ANSWER_FILE } from "./answer-file";
import { type ResetLevelParam, resetExamPath } from "./answer-uploads-paths";

export type AnswerUploadItem = components["schemas"]["AnswerUpload"];
export type AnswerUploadReport = NonNullable<AnswerUploadItem["report"]>;
export type AnswerSheetStats = components["schemas"]["AnswerSheetStats"];
export type DeleteSheetStats = components["schemas"]["DeleteAnswerSheetStats"];
export type ResetSummary = components["schemas"]["ResetExamSummary"];

const UPLOAD_PERMISSION = "exam.uploadFile";
const RESET_PERMISSION = "exam.reset";

const positive = (raw: string | null | undefined) => idOfText(raw);

// ── Upload Exam File ─────────────────────────────────────────────────────────────────────────

/**
 * /result-overview/upload-exam-file: the stored sheets per level and class, the newest uploads,
 * and (`?upload=<id>`) one upload with its report, plus what deleting its sheets would take away.
 */
export async function answerUploadsLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context, UPLOAD_PERMISSION);
  const uploadId = positive(new URL(request.url).searchParams.get("upload"));
  const [stats, selected] = await Promise.all([
    api.GET("/api/answer-sheet-submitted-stats", {}),
    uploadId ? api.GET("/api/answer-sheet-upload/{upload_id}", { params: { path: { upload_id: uploadId } } }) : null,
  ]);
  const upload = selected?.data?.data ?? null;
  // Only an upload that still holds sheets, and is not being worked on, can have them deleted.
  const deletable = upload && upload.current_sheets > 0 && upload.status !== "checking" && upload.status !== "storing";
  const deletion = deletable
    ? await api.GET("/api/admin-delete-answersheet-stats", { params: { query: { upload_id: upload.id } } })
    : null;
  return {
    csrf,
    stats: stats.data?.data ?? null,
    failure: stats.data
      ? null
      : messageOf(stats.error, "The stored answer sheets could not be loaded. Please try again."),
    upload,
    uploadFailure:
      selected && !upload ? messageOf(selected.error, "This upload could not be loaded. Please try again.") : null,
    deletion: deletion?.data?.data ?? null,
  };
}

export interface UploadIntentAnswer {
  ok: boolean;
  message: string;
  intent: "confirm" | "delete";
  /** confirm: the store job to follow. */
  jobId?: number;
  /** delete: the sheets deleted. */
  sheets?: number;
}

/**
 * The page's action: `confirm` stores a checked upload (the API queues the store job), `delete`
 * takes away the sheets an upload still holds (or discards an upload that stored none).
 */
export async function answerUploadsAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, UPLOAD_PERMISSION);
  const intent = form.get("intent") === "delete" ? "delete" : "confirm";
  const uploadId = positive(String(form.get("upload_id") ?? ""));
  const { fail, done } = formAnswers<UploadIntentAnswer>({ intent });
  if (!uploadId) return fail("Choose the upload first.", 400);

  if (intent === "delete") {
    const {
      data: result,
      error,
      response,
    } = await api.POST("/api/admin-delete-answersheet", {
      body: { upload_id: uploadId },
    });
    if (!result) return fail(messageOf(error, "The sheets could not be deleted. Please try again."), response.status);
    return done(result.message, { sheets: result.data.sheets });
  }
  const {
    data: result,
    error,
    response,
  } = await api.POST("/api/answer-sheet-upload/{upload_id}/confirm", {
    params: { path: { upload_id: uploadId } },
  });
  if (!result) return fail(messageOf(error, "The sheets could not be stored. Please try again."), response.status);
  return data<UploadIntentAnswer>({ ok: true, message: result.message, intent, jobId: result.data.job_id }, 202);
}

const answerFile = (body: AnswerFileAnswer, status = 200) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
const refuseFile = (message: string, status: number, errors: FieldError[] = [{ field: "file", message }]) =>
  answerFile({ ok: false, message, errors }, status);

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T => values.includes(value as T);

/**
 * …/upload-exam-file/upload (POST, multipart `file`, `exam_level`, `format`, `csrf`): the vendor's
 * file checked for presence, size and fields, then forwarded to the API as it came. The API
 * stores it and queues its check (the dry run); the answer is the upload's id and that job's id.
 * Every refusal (413, 422, an expired form) is `{ ok: false, message, errors }`.
 */
export async function answerFileUploadAction({ request, context }: ActionFunctionArgs) {
  // A body over the limit is refused before it is read, as the API would.
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > RESULT_LIMITS.maxUploadBytes + MULTIPART_OVERHEAD_BYTES)
    return refuseFile(answerFileTooLarge(length), 413);
  const read = await refusalOf(
    auth.readForm(request, context, { maxBytes: RESULT_LIMITS.maxUploadBytes + MULTIPART_OVERHEAD_BYTES }),
  );
  if ("refused" in read) return refuseFile(await read.refused.text(), read.refused.status, []);
  const form = read;
  const guard = await refusalOf(auth.requireAction(request, context, form, UPLOAD_PERMISSION));
  if ("refused" in guard) return refuseFile(await guard.refused.text(), guard.refused.status, []);
  const file = form.get("file");
  const level = form.get("exam_level");
  const format = form.get("format") || "default";
  if (!isOneOf(EXAM_LEVEL_CODES, level)) {
    const message = "Choose the exam level: Level 1, Level 2 or Mock";
    return refuseFile(message, 400, [{ field: "exam_level", message }]);
  }
  if (!isOneOf(RESULT_SHEET_FORMAT_CODES, format)) {
    const message = "Choose the file's format";
    return refuseFile(message, 400, [{ field: "format", message }]);
  }
  if (!(file instanceof File) || file.size === 0) return refuseFile(NO_ANSWER_FILE, 400);
  if (file.size > RESULT_LIMITS.maxUploadBytes) return refuseFile(answerFileTooLarge(file.size), 413);

  const body = new FormData();
  body.set("file", file, file.name);
  body.set("exam_level", level);
  body.set("format", format);
  const {
    data: started,
    error,
    response,
  } = await guard.api.POST("/api/admin-upload-txt-answersheet", {
    // openapi-fetch passes a FormData through unchanged (the API reads multipart).
    body: body as unknown as { exam_level: typeof level },
    bodySerializer: (value: unknown) => value as FormData,
  });
  if (!started) {
    const message = messageOf(error, "The file could not be uploaded. Please try again.");
    return refuseFile(message, response.status, error?.errors?.length ? error.errors : undefined);
  }
  return answerFile(
    { ok: true, message: started.message, uploadId: started.data.upload_id, jobId: started.data.job_id },
    202,
  );
}

/** …/upload-exam-file/<upload>/problems: every line the check refused, as the API's CSV. */
export async function answerProblemsLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, UPLOAD_PERMISSION);
  const uploadId = positive(params.upload);
  if (!uploadId) return refusedDownload("There is no such upload.", 404);
  const {
    data: file,
    error,
    response,
  } = await api.GET("/api/answer-sheet-upload/{upload_id}/problems", {
    params: { path: { upload_id: uploadId } },
    parseAs: "stream",
  });
  if (!file) {
    return refusedDownload(messageOf(error, "The problems file could not be read. Please try again."), response.status);
  }
  return streamDownload(response);
}

// ── Reset Exam ───────────────────────────────────────────────────────────────────────────────

const resetLevelOf = (raw: string | null) => RESET_LEVELS.find((level) => level.param === raw);

/**
 * /result-overview/reset-exam?level=level-1: what resetting the level would delete and keep. An
 * address without a known level goes to Level 1's.
 */
export async function resetExamLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context, RESET_PERMISSION);
  const level = resetLevelOf(new URL(request.url).searchParams.get("level"));
  if (!level) throw redirect(resetExamPath("level-1"));
  const { data: summary, error } = await api.GET("/api/reset-exam", { params: { query: { level: level.param } } });
  return {
    csrf,
    level: level.param as ResetLevelParam,
    levels: RESET_LEVELS.map((l) => ({ param: l.param as ResetLevelParam, name: l.confirm })),
    summary: summary?.data ?? null,
    failure: summary ? null : messageOf(error, "What a reset would delete could not be loaded. Please try again."),
  };
}

export interface ResetAnswer {
  ok: boolean;
  message: string;
  /** After a reset: what is left of the level (nothing but its paper sets). */
  summary?: ResetSummary;
  errors?: FieldError[];
  /** A refused reset: what was typed and ticked, shown again when the page is plain HTML (decision 053). */
  typed?: { confirm: string; withdraw: boolean };
}

/**
 * Resets the level after the admin typed its name and ticked the certificates it withdraws; the
 * API checks both and answers a field error.
 */
export async function resetExamAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, RESET_PERMISSION);
  const level = resetLevelOf(String(form.get("level") ?? ""));
  if (!level) {
    const message = `Choose the level to reset: ${RESET_LEVELS.map((l) => l.confirm).join(", ")}`;
    return formAnswers<ResetAnswer>().fail(message, 400, [{ field: "level", message }]);
  }
  const confirm = String(form.get("confirm") ?? "");
  const {
    data: result,
    error,
    response,
  } = await api.POST("/api/reset-exam", {
    body: {
      level: level.param,
      confirm,
      // The ticked box carries the number of certificates the page showed (decision 060).
      withdraw_certificates: positive(form.get("withdraw_certificates")?.toString()) ?? undefined,
    },
  });
  const { failFromApi, done } = formAnswers<ResetAnswer>(
    {},
    { typed: { confirm, withdraw: form.get("withdraw_certificates") != null } },
  );
  if (!result) return failFromApi({ error, response }, "The level could not be reset. Please try again.");
  return done(result.message, { summary: result.data });
}
