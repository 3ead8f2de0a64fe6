/**
 * The coordinator console's region-wide lists and dashboard (docs/decisions/019-region-lists.md).
 * Plain values only (no zod), so that screens import them without the schemas.
 */

/**
 * How far a list can be paged: the first 10,000 rows of any filter. Nobody reads further by
 * paging; the filters narrow a list and the export takes all of it. It also keeps every page
 * query cheap at a million students.
 */
export const REGION_LIST_WINDOW = 10_000;

/**
 * Counts made from the students themselves stop here and say "more than": a date range or one
 * school at the window, a search at a thousand (a search that finds more is refined, not paged).
 */
export const REGION_COUNT_CAP = REGION_LIST_WINDOW;
export const REGION_SEARCH_COUNT_CAP = 1_000;

export const REGION_LIST_MESSAGES = {
  window: `Only the first ${REGION_LIST_WINDOW.toLocaleString("en-IN")} rows can be paged through: narrow the filters, or export the list`,
  dates: "registered_to must be on or after registered_from",
} as const;

/** Whose students: those a school registered (form or import), or individual (SIF) students. */
export const STUDENT_SOURCES = [
  { code: "school", name: "Registered by a school" },
  { code: "individual", name: "Individual" },
] as const;
export type StudentSourceFilter = (typeof STUDENT_SOURCES)[number]["code"];

export const REGION_STUDENT_SORTS = ["registered", "name", "class"] as const;
export type RegionStudentSort = (typeof REGION_STUDENT_SORTS)[number];

export const REGION_SCHOOL_SORTS = ["registered", "name", "students", "paid"] as const;
export type RegionSchoolSort = (typeof REGION_SCHOOL_SORTS)[number];

/** Schools by their students' payments this exam year: at least one paid, or none paid yet. */
export const SCHOOL_PAYMENT_FILTERS = [
  { code: "paid", name: "At least one paid student" },
  { code: "unpaid", name: "No paid student yet" },
] as const;
export type SchoolPaymentFilter = (typeof SCHOOL_PAYMENT_FILTERS)[number]["code"];

/**
 * The coordinator app's student lists: each is the one region list with fixed filters, which its
 * page neither shows nor lets change (the export keeps them too).
 */
export const STUDENT_LIST_PRESETS = {
  total: {},
  paid: { payment_status: "paid" },
  school: { source: "school" },
  schoolPaid: { source: "school", payment_status: "paid" },
  schoolUnpaid: { source: "school", payment_status: "unpaid" },
} as const;
export type StudentListPreset = keyof typeof STUDENT_LIST_PRESETS;

export const SCHOOL_LIST_PRESETS = {
  total: {},
  paid: { payment: "paid" },
  unpaid: { payment: "unpaid" },
} as const;
export type SchoolListPreset = keyof typeof SCHOOL_LIST_PRESETS;
