import { z } from "zod";
import { idList } from "./geography";
import { idField, wholeNumber } from "./ids";
import { pageField, paginated, perPageField, searchField } from "./pagination";
import { EXAM_LEVEL_CODES } from "./papers-constants";
import {
  DEFAULT_RESULT_LEVEL,
  FINAL_LEVELS,
  type FinalLevel,
  RESULT_LIST_MESSAGES,
  RESULT_LIST_WINDOW,
  RESULT_STUDENT_SORTS,
} from "./result-lists-constants";
import { AWARD_CODES } from "./results-constants";
import { CLASS_LEVELS } from "./students-constants";

/**
 * The result lists (issue 15): students with their marks and ranks (POST /api/student-results),
 * schools (POST /api/school-mock-results), states (POST /api/state-mock-results) and prants
 * (POST /api/admin/get-prant-ranking-final-list) of the caller's region, one school's students
 * (GET /api/getstudentsList) and the finalized paper sets a list can be narrowed to
 * (GET /api/admin/get-combination-name-finalzed-list). Marks are numbers of marks (not hundredths).
 */

/** Pickers post "" for "not chosen". */
const blank = (value: unknown) => (value === "" || value === null ? undefined : value);
const optionalId = (name: string) => z.preprocess(blank, idField(name, `${name} must be an id`).optional());
const classField = z.preprocess(
  blank,
  wholeNumber(
    z
      .number({ error: "class_level must be a class from 6 to 11" })
      .int("class_level must be a class from 6 to 11")
      .refine((value) => (CLASS_LEVELS as readonly number[]).includes(value), "Choose a class from VI to XI"),
  ).optional(),
);
const levelField = z.preprocess(
  blank,
  z.enum(EXAM_LEVEL_CODES, { error: "level must be level1, level2 or mock" }).default(DEFAULT_RESULT_LEVEL),
);
const finalLevelField = z.preprocess(
  blank,
  z
    .enum(FINAL_LEVELS as unknown as [FinalLevel, ...FinalLevel[]], { error: RESULT_LIST_MESSAGES.finalOnly })
    .default("level1"),
);

/** The region filters every result list takes (as the region lists: one node or several of a level). */
const regionFilters = {
  zone_id: optionalId("zone_id"),
  state_ids: idList("state_ids"),
  prant_ids: idList("prant_ids"),
  district_ids: idList("district_ids"),
};

const withinWindow = (body: { page: number; per_page: number }) => body.page * body.per_page <= RESULT_LIST_WINDOW;
const awardOnRankedLevel = (body: { level: string; award?: string | undefined }) =>
  !body.award || body.level !== "mock";

// ── Students ───────────────────────────────────────────────────────────────────────────────────

/** The student lists' filters: also the body of their export (POST /api/export/student-results). */
export const studentResultFilterShape = z.strictObject({
  level: levelField,
  class_level: classField,
  ...regionFilters,
  school_id: optionalId("school_id"),
  /** A finalized paper set (get-combination-name-finalzed-list): its sheets only. */
  paper_set_id: optionalId("paper_set_id"),
  /** The beginning of a name (first or last) or of a roll number. */
  search: searchField,
  award: z.preprocess(
    blank,
    z.enum(AWARD_CODES, { error: `award must be one of ${AWARD_CODES.join(", ")}` }).optional(),
  ),
  sort: z.preprocess(
    blank,
    z.enum(RESULT_STUDENT_SORTS, { error: `sort must be one of ${RESULT_STUDENT_SORTS.join(", ")}` }).optional(),
  ),
  direction: z.preprocess(blank, z.enum(["asc", "desc"], { error: "direction must be asc or desc" }).optional()),
});
export const studentResultFilters = studentResultFilterShape.refine(awardOnRankedLevel, {
  path: ["award"],
  message: RESULT_LIST_MESSAGES.mockNotAwarded,
});
export type StudentResultFilters = z.infer<typeof studentResultFilterShape>;

export const studentResultQuery = studentResultFilterShape
  .extend({ page: pageField, per_page: perPageField })
  .refine(awardOnRankedLevel, { path: ["award"], message: RESULT_LIST_MESSAGES.mockNotAwarded })
  .refine(withinWindow, { path: ["page"], message: RESULT_LIST_MESSAGES.window });
export type StudentResultQuery = z.infer<typeof studentResultQuery>;

/** GET student-mock-results/export: the mock student list's filters as query parameters, and the format. */
export const studentMockExportQuery = studentResultFilterShape
  .omit({ level: true, award: true, state_ids: true, prant_ids: true, district_ids: true })
  .extend({
    state_id: optionalId("state_id"),
    prant_id: optionalId("prant_id"),
    district_id: optionalId("district_id"),
    format: z.preprocess(blank, z.enum(["xlsx", "csv"], { error: "format must be xlsx or csv" }).default("xlsx")),
  });
export type StudentMockExportQuery = z.infer<typeof studentMockExportQuery>;

export const sectionResult = z.object({
  label: z.string(),
  marks: z.number(),
  /** False when the section's qualifying rule was not met: its marks are shown, not counted. */
  counted: z.boolean(),
});

export const studentRanks = z.object({
  school: z.number().int().nullable(),
  district: z.number().int().nullable(),
  state: z.number().int(),
  national: z.number().int(),
});

export const studentResultRow = z.object({
  sheet_id: z.number().int(),
  student_id: z.number().int(),
  roll_number: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  class_level: z.number().int(),
  language: z.string(),
  /** Null for an individual student whose school is not on the portal. */
  school_id: z.number().int().nullable(),
  school_name: z.string(),
  state: z.string().nullable(),
  prant: z.string().nullable(),
  district: z.string().nullable(),
  paper_set: z.string(),
  /** The counted total, in marks. */
  total: z.number(),
  sections: z.array(sectionResult),
  right: z.number().int(),
  wrong: z.number().int(),
  blank: z.number().int(),
  /** Dense ranks within the class; null for a mock (never ranked). */
  ranks: studentRanks.nullable(),
  /** The highest award the sheet earns (results-constants AWARDS), if any. */
  award: z.enum(AWARD_CODES).nullable(),
});
export type StudentResultRow = z.infer<typeof studentResultRow>;

/** `total_capped`: the total is "more than `total`" (a count stops at the paging window, a search at 1,000). */
export const studentResultPage = paginated(studentResultRow).extend({ total_capped: z.boolean() });

/** getstudentsList: one school's students of a level with their results, best first. */
export const schoolStudentsQuery = z.strictObject({
  school_id: idField("school_id", "school_id must be a school's id"),
  level: levelField,
  class_level: classField,
});
export type SchoolStudentsQuery = z.infer<typeof schoolStudentsQuery>;

export const schoolStudents = z.object({
  school: z.object({
    id: z.number().int(),
    name: z.string(),
    district: z.string().nullable(),
    state: z.string().nullable(),
  }),
  level: z.enum(EXAM_LEVEL_CODES),
  items: z.array(studentResultRow),
  /** More sheets than the list holds (SCHOOL_STUDENTS_LIMIT): filter by class. */
  truncated: z.boolean(),
});
export type SchoolStudents = z.infer<typeof schoolStudents>;

// ── Schools ────────────────────────────────────────────────────────────────────────────────────

/** The school lists' filters: also the body of their export (POST /api/export/school-mock-results). */
export const schoolResultFilterShape = z.strictObject({
  level: levelField,
  class_level: classField,
  ...regionFilters,
  paper_set_id: optionalId("paper_set_id"),
  /** Part of the school's name. */
  search: searchField,
});
export type SchoolResultFilters = z.infer<typeof schoolResultFilterShape>;

export const schoolResultQuery = schoolResultFilterShape
  .extend({ page: pageField, per_page: perPageField })
  .refine(withinWindow, { path: ["page"], message: RESULT_LIST_MESSAGES.window });
export type SchoolResultQuery = z.infer<typeof schoolResultQuery>;

export const schoolResultRow = z.object({
  school_id: z.number().int(),
  name: z.string(),
  state: z.string().nullable(),
  prant: z.string().nullable(),
  district: z.string().nullable(),
  sheets: z.number().int(),
  average: z.number(),
  highest: z.number(),
  lowest: z.number(),
  /** Students with a school topper's award (top 3 per class); null for a mock. */
  toppers: z.number().int().nullable(),
});
export type SchoolResultRow = z.infer<typeof schoolResultRow>;
export const schoolResultPage = paginated(schoolResultRow).extend({ total_capped: z.boolean() });

// ── States and prants ──────────────────────────────────────────────────────────────────────────

/** The statewise list's filters: also its export's body (POST /api/export/state-mock-results). */
export const stateResultFilters = z.strictObject({
  level: levelField,
  class_level: classField,
  zone_id: optionalId("zone_id"),
  paper_set_id: optionalId("paper_set_id"),
});
export type StateResultFilters = z.infer<typeof stateResultFilters>;

const aggregate = {
  sheets: z.number().int(),
  average: z.number(),
  highest: z.number(),
  /** Sheets whose every section counted (Level 1: Section A reached the mark that lets B count). */
  qualified: z.number().int(),
};

export const stateResultRow = z.object({
  state_id: z.number().int(),
  state: z.string(),
  zone: z.string().nullable(),
  ...aggregate,
});
export type StateResultRow = z.infer<typeof stateResultRow>;

export const stateResults = z.object({
  level: z.enum(EXAM_LEVEL_CODES),
  items: z.array(stateResultRow),
  /** All the rows together. */
  total: z.object(aggregate),
});
export type StateResults = z.infer<typeof stateResults>;

/** admin/get-prant-ranking-final-list: also its export's body (POST /api/export/prant-ranking-final-list). */
export const prantResultFilters = z.strictObject({
  level: finalLevelField,
  class_level: classField,
  zone_id: optionalId("zone_id"),
  state_ids: idList("state_ids"),
  paper_set_id: optionalId("paper_set_id"),
});
export type PrantResultFilters = z.infer<typeof prantResultFilters>;

export const prantResultRow = z.object({
  /** Null for the sheets of a state's students with no prant. */
  prant_id: z.number().int().nullable(),
  prant: z.string().nullable(),
  state_id: z.number().int(),
  state: z.string(),
  ...aggregate,
  /** Award holders: state camp (top 20 per class in the state) and national camp (top 2). */
  state_camp: z.number().int(),
  national_camp: z.number().int(),
});
export type PrantResultRow = z.infer<typeof prantResultRow>;

export const prantResults = z.object({
  level: z.enum(EXAM_LEVEL_CODES),
  items: z.array(prantResultRow),
  total: z.object({ ...aggregate, state_camp: z.number().int(), national_camp: z.number().int() }),
});
export type PrantResults = z.infer<typeof prantResults>;

// ── Paper sets ─────────────────────────────────────────────────────────────────────────────────

export const finalizedPaperSetQuery = z.strictObject({
  level: levelField,
  class_level: classField,
});

/** A finalized paper set ("combination name": its name and code) with the region's sheets of it. */
export const finalizedPaperSet = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  class_level: z.number().int(),
  sheets: z.number().int(),
});
export type FinalizedPaperSet = z.infer<typeof finalizedPaperSet>;
