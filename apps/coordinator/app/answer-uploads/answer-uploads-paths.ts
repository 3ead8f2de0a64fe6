import type { RESET_LEVELS } from "@repo/contracts/results-constants";

/**
 * The answer-sheet pages' addresses in the coordinator app (the page tree in
 * packages/auth/src/menus.ts declares the two pages; the test beside the server module checks that
 * these agree with it) and their resource routes. Plain values: the screens import them, and the
 * page tree is too large for a page's first view.
 */
const UPLOAD_PAGE = "/result-overview/upload-exam-file";
const RESET_PAGE = "/result-overview/reset-exam";

export type ResetLevelParam = (typeof RESET_LEVELS)[number]["param"];

export const ANSWER_UPLOAD_PATHS = {
  page: UPLOAD_PAGE,
  /** One upload's report on the page. */
  report: (uploadId: number) => `${UPLOAD_PAGE}?upload=${uploadId}`,
  /** POST multipart: the file, forwarded to the API (resource route). */
  upload: `${UPLOAD_PAGE}/upload`,
  /** Every line an upload's check refused, as CSV (resource route). */
  problems: (uploadId: number) => `${UPLOAD_PAGE}/${uploadId}/problems`,
} as const;

/** The reset page of a level (`level-1`, `level-2`, `mock`). */
export const resetExamPath = (level: ResetLevelParam) => `${RESET_PAGE}?level=${level}`;
export const RESET_EXAM_PAGE = RESET_PAGE;
