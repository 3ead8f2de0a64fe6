/**
 * The papersetter app's addresses, written once: the page tree (menus.ts) declares its pages with
 * them and screens link with the builders below. A module of its own, without the page tree, so a
 * screen's first view does not carry every app's menu.
 */

const BASE = "/paper-editor-admin";

export const PAPER_PAGES = {
  level1Dashboard: `${BASE}/level1-dashboard`,
  level1Questions: `${BASE}/level1-questions`,
  level1PaperSets: `${BASE}/level1-papersets`,
  level2Dashboard: `${BASE}/level2-dashboard`,
  level2Questions: `${BASE}/level2-questions`,
  level2PaperSets: `${BASE}/level2-papersets`,
  mockDashboard: `${BASE}/mock-dashboard`,
  mockQuestions: `${BASE}/mock-questions`,
  mockPaperSets: `${BASE}/mock-papersets`,
  examSchedule: `${BASE}/exam-schedule`,
  panelMembers: `${BASE}/panel-members`,
  activityLogs: `${BASE}/user-activity-logs`,
  question: `${BASE}/question`,
  translate: `${BASE}/translate`,
  paperSet: `${BASE}/paper-set`,
} as const;

type Level = "level1" | "level2" | "mock";
const LISTS = {
  level1: { questions: PAPER_PAGES.level1Questions, paperSets: PAPER_PAGES.level1PaperSets },
  level2: { questions: PAPER_PAGES.level2Questions, paperSets: PAPER_PAGES.level2PaperSets },
  mock: { questions: PAPER_PAGES.mockQuestions, paperSets: PAPER_PAGES.mockPaperSets },
} as const;

const level = (examLevel: string): Level => (examLevel in LISTS ? (examLevel as Level) : "level1");
const withQuery = (path: string, query: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;

/** An exam level's question list ("level1" → /paper-editor-admin/level1-questions), with filters. */
export const questionListPath = (examLevel: string, query: Record<string, string | number> = {}) =>
  Object.keys(query).length ? withQuery(LISTS[level(examLevel)].questions, query) : LISTS[level(examLevel)].questions;
/** An exam level's paper sets. */
export const paperSetListPath = (examLevel: string) => LISTS[level(examLevel)].paperSets;
/** A question's own screen. */
export const questionPath = (id: number | string) => withQuery(PAPER_PAGES.question, { id });
/** A new question of an exam level. */
export const newQuestionPath = (examLevel: string) => withQuery(PAPER_PAGES.question, { level: level(examLevel) });
/** Translating a question into one language. */
export const translatePath = (questionId: number | string, languageId: number | string) =>
  withQuery(PAPER_PAGES.translate, { question_id: questionId, language_id: languageId });
/** A paper set's screen. */
export const paperSetPath = (id: number | string) => withQuery(PAPER_PAGES.paperSet, { id });
/** A paper set's screen with the check of what keeps it a draft (a page of its own: works without script). */
export const paperSetCheckPath = (id: number | string) => withQuery(PAPER_PAGES.paperSet, { id, view: "check" });
/**
 * The "Add questions" picker's rows, as JSON for its dialog (a resource route, not a page: opened
 * as an address it answers data, never a page without the set's data).
 */
export const PAPER_SET_PICKER_PATH = "/paper-set-questions";
