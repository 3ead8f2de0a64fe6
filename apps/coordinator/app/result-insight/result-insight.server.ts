import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { components, operations } from "@repo/api-client/schema";
import { LANGUAGE_CODES } from "@repo/contracts/languages";
import {
  DEFAULT_INSIGHT_LEVEL,
  INSIGHT_LEVELS,
  OPTION_LETTERS,
  type OptionLetter,
} from "@repo/contracts/result-winners-constants";
import { auth } from "@repo/remix-app/auth.server";
import { regionOptions } from "../region-lists/region-lists.server";
import { classFrom, positiveId, resultRegionFrom } from "../result-winners/result-winners.server";

export type QuestionInsight = components["schemas"]["MockInsight"]["questions"][number];
export type MockInsight = components["schemas"]["MockInsight"];
export type ExamResultInsights = components["schemas"]["ExamResultInsights"];
export type StudentResult = components["schemas"]["StudentResult"];
export type ExplainedQuestion = StudentResult["questions"][number];
type InsightBody = NonNullable<operations["postStudentMockInsight"]["requestBody"]>["content"]["application/json"];

const pick = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  values.find((value) => value === raw);

/** The insight's filters from the URL: level (the mock unless it names another), class, language, region. */
export function insightFiltersFrom(params: URLSearchParams) {
  const filters: Omit<InsightBody, "level" | "paper_set_id"> & { level: (typeof INSIGHT_LEVELS)[number] } = {
    level: pick(INSIGHT_LEVELS, params.get("level")) ?? DEFAULT_INSIGHT_LEVEL,
    ...resultRegionFrom(params),
  };
  const classLevel = classFrom(params);
  if (classLevel) filters.class_level = classLevel;
  const language = pick(LANGUAGE_CODES, params.get("language"));
  if (language) filters.language = language;
  return filters;
}

/** The question table's option columns: A to D always, E and F only where some sheet marked them. */
export function optionColumns(questions: readonly QuestionInsight[]): OptionLetter[] {
  return OPTION_LETTERS.filter(
    (letter, index) => index < 4 || questions.some((q) => q.options.some((o) => o.option === letter && o.count > 0)),
  );
}

/**
 * result-overview/student-mock-insight: a level's summary and one paper set's questions, with the
 * levels to pick from and the option columns (so that the page itself imports no results constants).
 */
export async function insightLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const filters = insightFiltersFrom(params);
  const paperSetId = positiveId(params.get("paper_set_id"));
  const body: InsightBody = { ...filters, ...(paperSetId ? { paper_set_id: paperSetId } : {}) };
  const [questions, summary, regions] = await Promise.all([
    api.POST("/api/student-mock-insight", { body }),
    api.GET("/api/get-exam-result-insights", { params: { query: filters } }),
    regionOptions(api, params),
  ]);
  const insight = questions.data?.data ?? null;
  return {
    csrf,
    level: filters.level,
    levels: INSIGHT_LEVELS,
    letters: optionColumns(insight?.questions ?? []),
    /** The question table's export: the same filters and paper set. */
    filters: body,
    regions,
    insight,
    summary: summary.data?.data ?? null,
    failure:
      questions.data && summary.data
        ? null
        : (questions.error?.message ?? summary.error?.message ?? "The insight could not be loaded, please try again"),
  };
}

/**
 * result-overview/student-result?student_id=&level=: one student's explained score. A student
 * outside the region, or without a sheet of the level, answers 404 with the API's reason, shown
 * on the page so that the level can be changed from there.
 */
export async function studentResultLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const level = pick(INSIGHT_LEVELS, params.get("level")) ?? "level1";
  const studentId = positiveId(params.get("student_id"));
  if (!studentId) throw new Response("There is no such student in your region.", { status: 404 });
  const answer = await api.GET("/api/student-result/{student_id}", {
    params: { path: { student_id: studentId }, query: { level } },
  });
  if (answer.data) return { level, studentId, result: answer.data.data, message: null };
  const status = answer.response.status;
  if (status !== 404) throw new Response(answer.error?.message ?? "The result could not be loaded", { status });
  return data({ level, studentId, result: null, message: answer.error?.message ?? "No result" }, { status: 404 });
}
