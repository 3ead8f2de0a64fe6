/**
 * The coordinator app's result and ranking addresses, written once: the page tree (menus.ts)
 * declares its pages with them and screens link with the builders below. A module of its own,
 * without the page tree, so a screen's first view does not carry every app's menu.
 */

export const RESULT_PAGES = {
  winners: "/result-overview/result-winner-tab",
  insight: "/result-overview/student-mock-insight",
  /** One student's explained score, reached from a student's row (hidden from the sidebar). */
  studentResult: "/result-overview/student-result",
  ranking: "/state-district",
  stateWiseDistrict: "/state-district/state-wise-district",
  districtRankerList: "/state-district/state-wise-district/district-ranker-list",
} as const;

const withQuery = (path: string, query: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== "") params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

/** One student's explained score of a level ("level1", "level2" or "mock"). */
export const studentResultPath = (studentId: number | string, level: string) =>
  withQuery(RESULT_PAGES.studentResult, { student_id: studentId, level });

/** The districts of a state on the Ranking pages. */
export const stateWiseDistrictPath = (stateId: number | string, level?: string) =>
  withQuery(RESULT_PAGES.stateWiseDistrict, { state_id: stateId, level });

/** A district's rank list of a class. */
export const districtRankerListPath = (districtId: number | string, classLevel?: number | string, level?: string) =>
  withQuery(RESULT_PAGES.districtRankerList, { district_id: districtId, class: classLevel, level });
