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

/** A school's printouts for its students without e-mail (decision 050): admit cards and sign-in slips. */
export const PRINTOUT_PAGES = {
  /** The page: the admit cards of a level or class, and a class's sign-in slips. */
  page: "/student/admit-cards",
  /** A finished admit-cards run's PDF (a resource route). */
  admitCardsFile: (jobId: number) => `/student/admit-cards/${jobId}`,
  /** Where a slip form posts (a resource route answering the PDF). */
  slips: "/student/sign-in-slips",
} as const;
