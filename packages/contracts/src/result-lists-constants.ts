/**
 * The result lists of the coordinator console (issue 15: result-overview/statewise-student-list,
 * student-final, student-mock, school-final, school-mock, prant-wise-grouping). Plain values only
 * (no zod), so that screens import them without the schemas (decision 007).
 */
import type { ExamLevel } from "./fees";
import { RANKED_LEVELS } from "./results-constants";

/**
 * How far a list of students or schools can be paged: the first 10,000 rows of any filter, as the
 * region lists (decision 019). The filters narrow a list and the export takes all of it.
 */
export const RESULT_LIST_WINDOW = 10_000;

/** Counts stop here and say "more than": at the window, or at a thousand for a search. */
export const RESULT_COUNT_CAP = RESULT_LIST_WINDOW;
export const RESULT_SEARCH_COUNT_CAP = 1_000;

/** getstudentsList: one school's students of a level, at most this many (a school has a few hundred). */
export const SCHOOL_STUDENTS_LIMIT = 2_000;

/** The levels a final list shows (ranked and awarded); the mock lists show the mock. */
export const FINAL_LEVELS = RANKED_LEVELS;
export type FinalLevel = (typeof FINAL_LEVELS)[number];

/** The statewise list's level when none is chosen. */
export const DEFAULT_RESULT_LEVEL: ExamLevel = "level1";

/**
 * Students by rank (default: class, then the national rank, then roll number: one order at every
 * level of the region tree) or by name.
 */
export const RESULT_STUDENT_SORTS = ["rank", "name"] as const;
export type ResultStudentSort = (typeof RESULT_STUDENT_SORTS)[number];

export const RESULT_LIST_MESSAGES = {
  window: `Only the first ${RESULT_LIST_WINDOW.toLocaleString("en-IN")} rows can be paged through: narrow the filters, or export the list`,
  mockNotAwarded: "award applies to Level 1 and Level 2 only: a mock is never ranked or awarded",
  finalOnly: "level must be level1 or level2: a mock is never ranked",
  noSchool: "No school of your region has that id",
} as const;

/** A section's label from its place in the paper (sections are lettered A, B… in paper order). */
export const sectionLabel = (index: number): string => String.fromCharCode(65 + index);

/** A mark (hundredths / 100) as the lists print it: up to two decimals, Indian grouping. */
export const formatMarks = (marks: number | null | undefined): string =>
  marks == null ? "" : marks.toLocaleString("en-IN", { maximumFractionDigits: 2 });
