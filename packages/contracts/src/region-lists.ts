import { z } from "zod";
import { idList } from "./geography";
import { idField, wholeNumber } from "./ids";
import { LANGUAGE_CODES } from "./languages";
import { pageField, paginated, perPageField, searchField } from "./pagination";
import {
  REGION_LIST_MESSAGES,
  REGION_LIST_WINDOW,
  REGION_SCHOOL_SORTS,
  REGION_STUDENT_SORTS,
  SCHOOL_PAYMENT_FILTERS,
  STUDENT_SOURCES,
} from "./region-lists-constants";
import { CLASS_LEVELS, PAYMENT_STATUSES, type PaymentStatus } from "./students-constants";

/**
 * The coordinator console's region-wide lists of students and schools (POST /api/region/students,
 * POST /api/region/schools), scoped to the caller's region, and their exports.
 */

const PAYMENT_CODES = /* @__PURE__ */ PAYMENT_STATUSES.map((s) => s.code) as [PaymentStatus, ...PaymentStatus[]];
const codes = <T extends readonly { code: string }[]>(list: T) =>
  list.map((item) => item.code) as [T[number]["code"], ...T[number]["code"][]];

/** Pickers post "" for "not chosen". */
const blank = (value: unknown) => (value === "" || value === null ? undefined : value);
const optionalId = (name: string) => z.preprocess(blank, idField(name, `${name} must be an id`).optional());
const isoDate = (name: string) =>
  z.preprocess(blank, z.iso.date({ error: `${name} must be a date like 2026-11-25` }).optional());

const regionFilters = {
  search: searchField,
  zone_id: optionalId("zone_id"),
  state_ids: idList("state_ids"),
  prant_ids: idList("prant_ids"),
  district_ids: idList("district_ids"),
  registered_from: isoDate("registered_from"),
  registered_to: isoDate("registered_to"),
};

const sortFields = <T extends readonly [string, ...string[]]>(sorts: T) => ({
  sort: z.enum(sorts, { error: `sort must be one of ${sorts.join(", ")}` }).optional(),
  direction: z.enum(["asc", "desc"], { error: "direction must be asc or desc" }).optional(),
});

const datesInOrder = (body: { registered_from?: string | undefined; registered_to?: string | undefined }) =>
  !body.registered_from || !body.registered_to || body.registered_from <= body.registered_to;

const withinWindow = (body: { page: number; per_page: number }) => body.page * body.per_page <= REGION_LIST_WINDOW;

/** The students list's filters: also the body of its export (POST /api/export/region-students). */
export const regionStudentFilterShape = z.strictObject({
  ...regionFilters,
  school_id: optionalId("school_id"),
  class_level: z.preprocess(
    blank,
    wholeNumber(
      z
        .number()
        .int()
        .refine((value) => (CLASS_LEVELS as readonly number[]).includes(value), "Choose a class from VI to XI"),
    ).optional(),
  ),
  language: z.preprocess(blank, z.enum(LANGUAGE_CODES, { error: "Choose one of the 14 languages" }).optional()),
  payment_status: z.preprocess(
    blank,
    z.enum(PAYMENT_CODES, { error: "payment_status must be unpaid, pending or paid" }).optional(),
  ),
  source: z.preprocess(
    blank,
    z.enum(codes(STUDENT_SOURCES), { error: "source must be school or individual" }).optional(),
  ),
  ...sortFields(REGION_STUDENT_SORTS),
});
export const regionStudentFilters = regionStudentFilterShape.refine(datesInOrder, {
  path: ["registered_to"],
  message: REGION_LIST_MESSAGES.dates,
});
export type RegionStudentFilters = z.infer<typeof regionStudentFilterShape>;

export const regionStudentQuery = regionStudentFilterShape
  .extend({ page: pageField, per_page: perPageField })
  .refine(datesInOrder, { path: ["registered_to"], message: REGION_LIST_MESSAGES.dates })
  .refine(withinWindow, { path: ["page"], message: REGION_LIST_MESSAGES.window });
export type RegionStudentQuery = z.infer<typeof regionStudentQuery>;

export const regionStudentRow = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  class_level: z.number().int(),
  language: z.string(),
  gender: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  parent_name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** Null for an individual student whose school is not on the portal. */
  school_id: z.number().int().nullable(),
  school_name: z.string(),
  individual: z.boolean(),
  zone: z.string().nullable(),
  state: z.string().nullable(),
  prant: z.string().nullable(),
  district: z.string().nullable(),
  payment_status: z.enum(PAYMENT_CODES),
  roll_number: z.string().nullable(),
  created_at: z.string(),
});
export type RegionStudentRow = z.infer<typeof regionStudentRow>;

/**
 * A page of a region list. `total_capped`: the total is "more than `total`" (a search or date
 * range counted live stops at the paging window; narrow it or export for the rest).
 */
const regionPage = <T extends z.ZodType>(row: T) => paginated(row).extend({ total_capped: z.boolean() });
export const regionStudentPage = regionPage(regionStudentRow);

/** The schools list's filters: also the body of its export (POST /api/export/region-schools). */
export const regionSchoolFilterShape = z.strictObject({
  ...regionFilters,
  payment: z.preprocess(
    blank,
    z.enum(codes(SCHOOL_PAYMENT_FILTERS), { error: "payment must be paid or unpaid" }).optional(),
  ),
  is_active: z.preprocess(
    (value) => (value === "true" ? true : value === "false" ? false : blank(value)),
    z.boolean({ error: "is_active must be true or false" }).optional(),
  ),
  ...sortFields(REGION_SCHOOL_SORTS),
});
export const regionSchoolFilters = regionSchoolFilterShape.refine(datesInOrder, {
  path: ["registered_to"],
  message: REGION_LIST_MESSAGES.dates,
});
export type RegionSchoolFilters = z.infer<typeof regionSchoolFilterShape>;

export const regionSchoolQuery = regionSchoolFilterShape
  .extend({ page: pageField, per_page: perPageField })
  .refine(datesInOrder, { path: ["registered_to"], message: REGION_LIST_MESSAGES.dates })
  .refine(withinWindow, { path: ["page"], message: REGION_LIST_MESSAGES.window });
export type RegionSchoolQuery = z.infer<typeof regionSchoolQuery>;

export const regionSchoolRow = z.object({
  id: z.number().int(),
  name: z.string(),
  category_id: z.number().int(),
  is_active: z.boolean(),
  zone: z.string().nullable(),
  state: z.string().nullable(),
  prant: z.string().nullable(),
  district: z.string().nullable(),
  city: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_phone: z.string().nullable(),
  email: z.string(),
  email_verified: z.boolean(),
  master_institute: z.string().nullable(),
  /** This exam year's students of the school, by payment. */
  students: z.number().int(),
  paid: z.number().int(),
  pending: z.number().int(),
  unpaid: z.number().int(),
  created_at: z.string(),
});
export type RegionSchoolRow = z.infer<typeof regionSchoolRow>;
export const regionSchoolPage = regionPage(regionSchoolRow);
