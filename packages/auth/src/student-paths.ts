/**
 * The student area's addresses in the school app (issue 16), written once: the page tree
 * (menus.ts) declares its pages with them and screens link with the builder below. A module of its
 * own, without the page tree, so a screen's first view does not carry every app's menu.
 */

export const STUDENT_PAGES = {
  /** The student's landing page: its card, the year's steps, its exams and dates. */
  home: "/student",
  /** One level's explained result, reached from the student's exams (hidden from the sidebar). */
  results: "/student/results",
} as const;

/** The student's explained result of a level ("mock", "level1" or "level2"). */
export const studentResultsPath = (level: string) => `${STUDENT_PAGES.results}?${new URLSearchParams({ level })}`;
