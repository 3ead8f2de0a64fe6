import type { LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { LANGUAGES } from "@repo/contracts/languages";
import { languageIdOf, SOURCE_LANGUAGE } from "@repo/contracts/papers-constants";
import { CLASS_LEVELS, classLabel } from "@repo/contracts/students-constants";
import { auth } from "@repo/remix-app/auth.server";

export type QuestionTableRow = components["schemas"]["QuestionTableRow"];
export type SubjectWiseRow = components["schemas"]["SubjectWiseRow"];

/** The three dashboards: Level 1, Level 2 and mock papers. */
export type DashboardLevel = "level1" | "level2" | "mock";

/** The API's filters of each dashboard (spec: class_level and is_mock). */
export const DASHBOARD_QUERY: Record<DashboardLevel, { class_level?: "1" | "2"; is_mock: "0" | "1" }> = {
  level1: { class_level: "1", is_mock: "0" },
  level2: { class_level: "2", is_mock: "0" },
  mock: { is_mock: "1" },
};

/** The 13 languages questions are translated into, with the spec's language_id. */
export const TARGET_LANGUAGES = LANGUAGES.filter((l) => l.code !== SOURCE_LANGUAGE).map((l) => ({
  id: languageIdOf(l.code),
  code: l.code,
  name: l.name,
}));

export interface DashboardTotals {
  written: number;
  reviewed: number;
  /** Done (not stale) translations, every language counted. */
  translated: number;
  /** Questions the draft paper sets still need: the sum over rows of max(0, needed - placed). */
  stillNeeded: number;
}

/** The cards on top of a dashboard, from its rows. */
export function dashboardTotals(rows: readonly QuestionTableRow[]): DashboardTotals {
  let written = 0;
  let reviewed = 0;
  let translated = 0;
  let stillNeeded = 0;
  for (const row of rows) {
    written += row.written;
    reviewed += row.reviewed;
    for (const count of Object.values(row.translated)) translated += count;
    stillNeeded += Math.max(0, row.needed - row.placed);
  }
  return { written, reviewed, translated, stillNeeded };
}

/** A row with nothing written and nothing needed: hidden unless asked for. */
export const isEmptyRow = (row: QuestionTableRow) => row.written === 0 && row.needed === 0 && row.placed === 0;

const classOf = (value: string | null) => {
  const n = Number(value);
  return (CLASS_LEVELS as readonly number[]).includes(n) ? n : null;
};

/**
 * A level's dashboard: per subject and class what is written, reviewed, translated per language and
 * needed by the draft paper sets (a subject panel user's subjects only: the API does that), the
 * URL's class filter, and with `subject` the subject's detail per paper set and section.
 */
export async function dashboardLoader(level: DashboardLevel, { request, context }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const classId = classOf(params.get("class_id"));
  const showEmpty = params.get("empty") === "1";
  const subject = (params.get("subject") ?? "").trim().slice(0, 100);
  const query = DASHBOARD_QUERY[level];
  const [table, detail] = await Promise.all([
    api.GET("/api/question/question-table-list", { params: { query } }),
    subject
      ? api.GET("/api/question/subject-wise-question-list", { params: { query: { ...query, subject_name: subject } } })
      : null,
  ]);
  const all = table.data?.data ?? [];
  const inClass = classId ? all.filter((row) => row.class_id === classId) : all;
  const rows = showEmpty ? inClass : inClass.filter((row) => !isEmptyRow(row));
  const subjects = [...new Map(all.map((row) => [row.subject_id, row.subject_name])).entries()].map(([id, name]) => ({
    id,
    name,
  }));
  return {
    level,
    classId,
    showEmpty,
    rows,
    /** Rows of the class filter left out because nothing is written or needed there. */
    hiddenEmpty: inClass.length - rows.length,
    totals: dashboardTotals(inClass),
    classes: CLASS_LEVELS.map((c) => ({ value: String(c), label: `Class ${classLabel(c)}` })),
    languages: TARGET_LANGUAGES,
    subjects,
    failure: table.data ? null : (table.error?.message ?? "The dashboard could not be loaded, please try again"),
    detail: subject
      ? {
          subject,
          rows: (detail?.data?.data ?? []).filter((row) => !classId || row.class_id === classId),
          failure: detail?.data
            ? null
            : (detail?.error?.message ?? "The subject could not be loaded, please try again"),
        }
      : null,
  };
}

export type DashboardData = Awaited<ReturnType<typeof dashboardLoader>>;
