import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { can } from "@repo/auth/permissions";
import { LANGUAGES, languageIdOf } from "@repo/contracts/languages";
import { subjectExportBody } from "@repo/contracts/papers";
import { SOURCE_LANGUAGE } from "@repo/contracts/papers-constants";
import { CLASS_LEVELS, classLabel } from "@repo/contracts/students-constants";
import { auth } from "@repo/remix-app/auth.server";
import { messageOf, refusalOf, refusedDownloadJson, streamDownload } from "@repo/remix-app/downloads/server";

export type QuestionTableRow = components["schemas"]["QuestionTableRow"];
export type SubjectWiseRow = components["schemas"]["SubjectWiseRow"];

/** The three dashboards: Level 1, Level 2 and mock papers. */
export type DashboardLevel = "level1" | "level2" | "mock";

/** The API's filters of each dashboard (class_level and is_mock: docs/domain.md, Paper sets). */
export const DASHBOARD_QUERY: Record<DashboardLevel, { class_level?: 1 | 2; is_mock: 0 | 1 }> = {
  level1: { class_level: 1, is_mock: 0 },
  level2: { class_level: 2, is_mock: 0 },
  mock: { is_mock: 1 },
};

/** The 13 languages questions are translated into, with their language_id (docs/domain.md, Paper sets). */
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
  const { api, subject: viewer, csrf } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const classId = classOf(params.get("class_id"));
  const showEmpty = params.get("empty") === "1";
  const subject = (params.get("subject") ?? "").trim().slice(0, 100);
  const query = DASHBOARD_QUERY[level];
  const seesPaperSets = can(viewer, "paperSets.view");
  const [table, detail] = await Promise.all([
    api.GET("/api/question/question-table-list", { params: { query } }),
    subject && seesPaperSets
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
    /** Leads print a subject's questions (subject/export-subject-wise). */
    canPrint: can(viewer, "paperSets.export"),
    /** The subject detail shows paper sets and what they hold: not for translators (decision 049). */
    seesPaperSets,
    csrf,
    failure: table.data ? null : (table.error?.message ?? "The dashboard could not be loaded, please try again"),
    detail:
      subject && detail
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

/**
 * /subject-export (POST): every question of a subject, class and exam in one language, PDF or
 * DOCX, from POST /api/subject/export-subject-wise, streamed back as a download. A refusal
 * answers JSON `{ message }` for the dashboard's dialog.
 */
export async function subjectExportAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const guard = await refusalOf(auth.requireAction(request, context, form, "paperSets.export"));
  if ("refused" in guard) return refusedDownloadJson(await guard.refused.text(), guard.refused.status);
  const parsed = subjectExportBody.safeParse({
    subject_id: form.get("subject_id"),
    class_id: form.get("class_id"),
    exam_level: form.get("exam_level"),
    language_id: form.get("language_id"),
    document: form.get("document") || undefined,
    format: form.get("format") || undefined,
  });
  if (!parsed.success) return refusedDownloadJson(parsed.error.issues[0]?.message ?? "Choose what to print.", 400);
  const { error, response } = await guard.api.POST("/api/subject/export-subject-wise", {
    body: parsed.data,
    parseAs: "stream",
  });
  if (!response.ok || !response.body) {
    return refusedDownloadJson(
      messageOf(error, "The file could not be made. Please try again."),
      response.ok ? 502 : response.status,
    );
  }
  return streamDownload(response);
}
