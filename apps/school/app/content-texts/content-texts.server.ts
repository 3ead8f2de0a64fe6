import type { LoaderFunctionArgs } from "@remix-run/node";
import type { ExamLevelType } from "@repo/contracts/content-texts-constants";
import { MAX_PER_PAGE } from "@repo/contracts/pagination-constants";
import { auth } from "@repo/remix-app/auth.server";

// The reading pages show everything published for the school on one page (the API keeps drafts
// and other zones' dates back); a page holds at most MAX_PER_PAGE items of each kind.
const ALL = { per_page: MAX_PER_PAGE };

/** student/important-dates: the dates for all schools, and the GCC ones for a GCC school. */
export async function importantDatesLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context);
  const result = await api.GET("/api/important-dates", { params: { query: ALL } });
  return {
    dates: result.data?.data.items ?? [],
    failure: result.data ? null : (result.error?.message ?? "Important dates API failed, please try again"),
  };
}

/** syllabus-for-exam-level-i / -ii: the level's syllabus of every class and its paper pattern. */
export async function syllabusLevelLoader(level: ExamLevelType, { request, context }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context);
  const [syllabus, patterns] = await Promise.all([
    api.GET("/api/syllabus", { params: { query: { ...ALL, syllabus_type: level } } }),
    api.GET("/api/frontend-pattern", { params: { query: { ...ALL, exam_level: level } } }),
  ]);
  return {
    level,
    syllabus: syllabus.data?.data.items ?? [],
    patterns: patterns.data?.data.items ?? [],
    failure:
      syllabus.data && patterns.data
        ? null
        : (syllabus.error?.message ?? patterns.error?.message ?? "Syllabus API failed, please try again"),
  };
}

/** detailed-syllabus: every class's syllabus of both levels (docs/decisions/011-detailed-syllabus.md). */
export async function detailedSyllabusLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context);
  const result = await api.GET("/api/syllabus", { params: { query: ALL } });
  return {
    syllabus: result.data?.data.items ?? [],
    failure: result.data ? null : (result.error?.message ?? "Syllabus API failed, please try again"),
  };
}

/** go-to-student-lecture-series: the published lectures, newest first. */
export async function lectureSeriesLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context);
  const result = await api.GET("/api/lecture-series", { params: { query: ALL } });
  return {
    lectures: result.data?.data.items ?? [],
    failure: result.data ? null : (result.error?.message ?? "Lecture series API failed, please try again"),
  };
}
