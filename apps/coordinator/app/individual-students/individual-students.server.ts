import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import type { components, operations } from "@repo/api-client/schema";
import { pagePath } from "@repo/auth/menus";
import { can } from "@repo/auth/permissions";
import { idOfText } from "@repo/contracts/numbers-constants";
import { MULTIPART_OVERHEAD_BYTES } from "@repo/contracts/request-limits-constants";
import { SIF_IMPORT } from "@repo/contracts/sif-constants";
import { CLASS_LEVELS, PAYMENT_STATUSES } from "@repo/contracts/students-constants";
import { auth } from "@repo/remix-app/auth.server";
import { messageOf, refusalOf, refusedDownload, streamDownload } from "@repo/remix-app/downloads/server";
import { type FormAnswer, formAnswers } from "@repo/remix-app/forms/server";
import { parseTableQuery } from "@repo/ui/data-table";

export type IndividualStudentRow = components["schemas"]["IndividualStudentPage"]["items"][number];
type ListQuery = NonNullable<operations["getSifStudents"]["parameters"]["query"]>;

/** The form pipeline's answer (done, or why not). */
export type IndividualActionData = FormAnswer;

const PAYMENT_CODES = PAYMENT_STATUSES.map((s) => s.code);
const pick = <T extends string | number>(values: readonly T[], raw: string | null): T | undefined =>
  values.find((value) => String(value) === raw);
const positive = (raw: string | null) => idOfText(raw) ?? undefined;

/** The list query from the page's URL: paging, search and the filters. */
export function individualQueryFrom(params: URLSearchParams): ListQuery {
  const { page, perPage, search } = parseTableQuery(params);
  const query: ListQuery = { page, per_page: perPage };
  if (search) query.search = search;
  const classLevel = pick(CLASS_LEVELS, params.get("class_level"));
  if (classLevel) query.class_level = classLevel;
  const payment = pick(PAYMENT_CODES, params.get("payment_status"));
  if (payment) query.payment_status = payment;
  const zone = positive(params.get("zone_id"));
  if (zone) query.zone_id = zone;
  const state = positive(params.get("state_id"));
  if (state) query.state_id = state;
  const referred = pick(["yes", "no"] as const, params.get("referred"));
  if (referred) query.referred = referred;
  return query;
}

/** /individual-student: the individual students of the user's region, with the region pickers' options. */
export async function individualStudentsLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf, subject } = await auth.requirePage(request, context);
  const query = individualQueryFrom(new URL(request.url).searchParams);
  const [list, zones, states] = await Promise.all([
    api.GET("/api/sif/students", { params: { query } }),
    api.GET("/api/fetch/regions", {}),
    query.zone_id ? api.GET("/api/fetch/states", { params: { query: { zone_id: query.zone_id } } }) : null,
  ]);
  const { page: _page, per_page: _perPage, ...filters } = query;
  return {
    csrf,
    filters,
    canManage: can(subject, "individualStudents.manage"),
    zones: (zones.data?.data ?? []).map((z) => ({ id: z.id, name: z.name })),
    states: (states?.data?.data ?? []).map((s) => ({ id: s.id, name: s.name })),
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : (list.error?.message ?? "Individual students API failed, please try again"),
  };
}

/** Deletes one unpaid individual student (Admin, Sub Admin). */
export async function individualStudentsAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "individualStudents.manage");
  const { fail, failFromApi, done } = formAnswers<IndividualActionData>();
  const id = Number(form.get("id"));
  if (String(form.get("intent")) !== "delete" || !Number.isSafeInteger(id) || id <= 0) {
    return fail("Unknown action", 400);
  }
  const result = await api.DELETE("/api/sif/student/{id}/delete", { params: { path: { id } } });
  if (!result.data) return failFromApi(result, "Could not delete the student");
  return done(result.data.message);
}

/** /student/view-individual-students: the old portal's address of the same list. */
export async function viewIndividualStudentsLoader({ request, context }: LoaderFunctionArgs) {
  await auth.requirePage(request, context);
  const search = new URL(request.url).search;
  return redirect(`${pagePath("coordinator", "individual-students")}${search}`);
}

export interface SifImportAnswer {
  ok: boolean;
  message: string;
  jobId?: number;
}

const answer = (body: SifImportAnswer, status = 200) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/** /individual-student/import (POST multipart file, mode, csrf): starts the API's import job. */
export async function sifImportAction({ request, context }: ActionFunctionArgs) {
  const length = Number(request.headers.get("content-length") ?? 0);
  const tooLarge = `The file is larger than ${SIF_IMPORT.maxBytes / 1024 / 1024} MB: split it into smaller files.`;
  if (length > SIF_IMPORT.maxBytes + MULTIPART_OVERHEAD_BYTES) return answer({ ok: false, message: tooLarge }, 413);
  const read = await refusalOf(
    auth.readForm(request, context, { maxBytes: SIF_IMPORT.maxBytes + MULTIPART_OVERHEAD_BYTES }),
  );
  if ("refused" in read) return answer({ ok: false, message: await read.refused.text() }, read.refused.status);
  const form = read;
  const guard = await refusalOf(auth.requireAction(request, context, form, "individualStudents.manage"));
  if ("refused" in guard) return answer({ ok: false, message: await guard.refused.text() }, guard.refused.status);
  const file = form.get("file");
  const mode = form.get("mode") === "valid-rows" ? "valid-rows" : "all-or-nothing";
  if (!(file instanceof File) || file.size === 0) {
    return answer({ ok: false, message: "Choose the spreadsheet to upload (.xlsx or .csv)" }, 400);
  }
  const body = new FormData();
  body.set("file", file, file.name);
  body.set("mode", mode);
  const {
    data: started,
    error,
    response,
  } = await guard.api.POST("/api/sif/student/import", {
    body: body as unknown as { mode: typeof mode },
    bodySerializer: (value) => value as unknown as FormData,
  });
  if (!started) {
    return answer(
      { ok: false, message: messageOf(error, "The file could not be imported. Please try again.") },
      response.status,
    );
  }
  return answer({ ok: true, message: started.message, jobId: started.data.job_id }, 202);
}

/** /individual-student/import/template: the API's template workbook. */
export async function sifTemplateLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, "individualStudents.manage");
  const { data: file, error, response } = await api.GET("/api/sif/student/import/template", { parseAs: "stream" });
  if (!file)
    return refusedDownload(messageOf(error, "The template could not be made. Please try again."), response.status);
  return streamDownload(response);
}

/** /individual-student/import/<job>/errors: the rows an import did not save. */
export async function sifErrorsLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, "individualStudents.manage");
  const jobId = idOfText(params.job);
  if (jobId === null) return refusedDownload("There is no such import.", 404);
  const {
    data: file,
    error,
    response,
  } = await api.GET("/api/sif/student/import/{job_id}/errors", {
    params: { path: { job_id: jobId } },
    parseAs: "stream",
  });
  if (!file) return refusedDownload(messageOf(error, "The errors file could not be read."), response.status);
  return streamDownload(response);
}
