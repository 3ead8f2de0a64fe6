import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import type { ExamLevelType, ImportantDateAudience } from "@repo/contracts/content-texts-constants";
import type { FieldError } from "@repo/contracts/envelope";
import { frontendPatternBody } from "@repo/contracts/frontend-pattern";
import { importantDateBody } from "@repo/contracts/important-dates";
import { lectureSeriesBody } from "@repo/contracts/lecture-series";
import { MAX_PER_PAGE } from "@repo/contracts/pagination-constants";
import { syllabusBody } from "@repo/contracts/syllabus";
import { auth } from "@repo/remix-app/auth.server";
import { CORRECT_THE_FIELDS, formAnswers, parseForm } from "@repo/remix-app/forms/server";
import { parseTableQuery } from "@repo/ui/data-table";

/** Rows of the four lists, as the API's generated client types them. */
export type ImportantDateRow = components["schemas"]["ImportantDateItem"];
export type PatternRow = components["schemas"]["FrontendPatternItem"];
export type LectureRow = components["schemas"]["LectureSeriesItem"];
export type SyllabusRow = components["schemas"]["SyllabusItem"];

export type ContentKind = "importantDates" | "frontendPattern" | "lectureSeries" | "syllabus";

export interface ContentActionData {
  ok: boolean;
  message: string;
  errors?: FieldError[];
}

const paging = (request: Request) => {
  const { page, perPage, search } = parseTableQuery(new URL(request.url).searchParams);
  return { page, per_page: perPage, ...(search ? { search } : {}) };
};

/** The list's search and the page's own filters, without paging: what Export sends. */
const exportFilters = (request: Request, own: Record<string, string | number> = {}) => {
  const { search } = parseTableQuery(new URL(request.url).searchParams);
  return { ...(search ? { search } : {}), ...own };
};

/** What every list page returns: its rows, their count and the warning when the list failed. */
function listOf<T>(result: { data?: { data: { items: T[]; total: number } } }, failure: string) {
  return {
    rows: result.data?.data.items ?? [],
    total: result.data?.data.total ?? 0,
    failure: result.data ? null : failure,
  };
}

export async function importantDatesLoader(audience: ImportantDateAudience, { request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const result = await api.GET("/api/important-dates", { params: { query: { ...paging(request), audience } } });
  return {
    csrf,
    audience,
    filters: exportFilters(request, { audience }),
    ...listOf(result, result.error?.message ?? "Important dates API failed, please try again"),
  };
}

export async function syllabusLoader(syllabusType: ExamLevelType, { request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const result = await api.GET("/api/syllabus", {
    params: { query: { ...paging(request), syllabus_type: syllabusType } },
  });
  return {
    csrf,
    syllabusType,
    filters: exportFilters(request, { syllabus_type: syllabusType }),
    ...listOf(result, result.error?.message ?? "Syllabus API failed, please try again"),
  };
}

export async function patternLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const result = await api.GET("/api/frontend-pattern", { params: { query: paging(request) } });
  return {
    csrf,
    filters: exportFilters(request),
    ...listOf(result, result.error?.message ?? "Question paper pattern API failed, please try again"),
  };
}

export async function lectureSeriesLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const result = await api.GET("/api/lecture-series", { params: { query: paging(request) } });
  return {
    csrf,
    filters: exportFilters(request),
    ...listOf(result, result.error?.message ?? "Lecture series API failed, please try again"),
  };
}

/**
 * The detailed syllabus (docs/decisions/011-detailed-syllabus.md): every class's syllabus of both
 * levels on one page, drafts included for the publishers, in the order the API sorts them.
 */
export async function detailedSyllabusLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context);
  const result = await api.GET("/api/syllabus", { params: { query: { per_page: MAX_PER_PAGE } } });
  return {
    rows: result.data?.data.items ?? [],
    total: result.data?.data.total ?? 0,
    failure: result.data ? null : (result.error?.message ?? "Syllabus API failed, please try again"),
  };
}

type Api = Awaited<ReturnType<typeof auth.requireAction>>["api"];
type Answer = Promise<{
  data?: { message: string };
  error?: { message: string; errors?: FieldError[] };
  response: Response;
}>;

/** Each kind's body schema (the API's own) and its create, update and delete calls. */
const KINDS = {
  importantDates: {
    body: importantDateBody,
    create: (api: Api, body: unknown) =>
      api.POST("/api/important-dates/create", { body: importantDateBody.parse(body) }),
    update: (api: Api, id: number, body: unknown) =>
      api.POST("/api/important-dates/update/{id}", { params: { path: { id } }, body: importantDateBody.parse(body) }),
    remove: (api: Api, id: number) => api.DELETE("/api/important-dates/{id}", { params: { path: { id } } }),
  },
  frontendPattern: {
    body: frontendPatternBody,
    create: (api: Api, body: unknown) =>
      api.POST("/api/frontend-pattern/create", { body: frontendPatternBody.parse(body) }),
    update: (api: Api, id: number, body: unknown) =>
      api.POST("/api/frontend-pattern/update/{id}", {
        params: { path: { id } },
        body: frontendPatternBody.parse(body),
      }),
    remove: (api: Api, id: number) => api.DELETE("/api/frontend-pattern/{id}", { params: { path: { id } } }),
  },
  lectureSeries: {
    body: lectureSeriesBody,
    create: (api: Api, body: unknown) =>
      api.POST("/api/lecture-series/create", { body: lectureSeriesBody.parse(body) }),
    update: (api: Api, id: number, body: unknown) =>
      api.POST("/api/lecture-series/update/{id}", { params: { path: { id } }, body: lectureSeriesBody.parse(body) }),
    remove: (api: Api, id: number) => api.DELETE("/api/lecture-series/{id}", { params: { path: { id } } }),
  },
  syllabus: {
    body: syllabusBody,
    create: (api: Api, body: unknown) => api.POST("/api/syllabus/create", { body: syllabusBody.parse(body) }),
    update: (api: Api, id: number, body: unknown) =>
      api.POST("/api/syllabus/update/{id}", { params: { path: { id } }, body: syllabusBody.parse(body) }),
    remove: (api: Api, id: number) => api.DELETE("/api/syllabus/{id}", { params: { path: { id } } }),
  },
} as const;

/**
 * Create, update and delete of one kind. The dialog posts its values as JSON in `payload`; they
 * are checked here with the API's own schema, then by the API, whose field errors come back.
 */
export async function contentAction(kind: ContentKind, { request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "content.manage");
  const spec = KINDS[kind];
  const intent = String(form.get("intent"));
  const id = Number(form.get("id"));
  const { fail, failFromApi, done } = formAnswers<ContentActionData>();

  let answer: Awaited<Answer>;
  if (intent === "delete") {
    answer = await spec.remove(api, id);
  } else {
    let raw: unknown;
    try {
      raw = JSON.parse(String(form.get("payload") ?? ""));
    } catch {
      return fail("The form could not be read. Reload the page and try again.", 400);
    }
    const parsed = parseForm(raw, spec.body);
    if (!parsed.ok) return fail(CORRECT_THE_FIELDS, 400, parsed.errors);
    answer = intent === "update" ? await spec.update(api, id, parsed.data) : await spec.create(api, parsed.data);
  }
  if (!answer.data) return failFromApi(answer, "Could not save, please try again");
  return done(answer.data.message);
}
