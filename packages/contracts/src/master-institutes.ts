import { z } from "zod";
import { isStrongPassword, PASSWORD_MESSAGES, usernameField } from "./auth";
import { ID_RANGE_MESSAGE, wholeNumber } from "./ids";
import { ID_MAX } from "./ids-constants";
import { ACTIVE_FILTERS } from "./master-institutes-constants";
import { pageField, paginated, perPageField, searchField } from "./pagination";
import { money } from "./school-dashboard";
import { schoolAdminFields, schoolProfileFields } from "./schools";
import { phoneField, studentFields } from "./students";

/**
 * Master institutes (decision 016): an institute that owns several schools (role 17), managed by
 * LMS (role 4). The institute creates and imports its schools, each with a role-2 account whose
 * sign-in details are mailed, and registers students into one of them.
 */

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .max(max, `The ${label} can be at most ${max} characters`);

const activeFilter = z.enum(ACTIVE_FILTERS.map((f) => f.code) as ["active", "inactive"]).optional();

/**
 * A password chosen by the person creating the account, or nothing: then the portal makes one
 * and the credentials mail carries it.
 */
export const optionalPasswordField = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z
    .string()
    .min(8, PASSWORD_MESSAGES.min)
    .max(100, PASSWORD_MESSAGES.max)
    .refine(isStrongPassword, PASSWORD_MESSAGES.complexity)
    .optional(),
);

/** The institute's own details: what LMS sets and what the institute may change itself. */
export const masterInstituteFields = z.strictObject({
  name: text("institute's name", 200),
  contact_name: text("contact person's name", 120),
  contact_phone: phoneField,
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email("Enter the institute's e-mail address, e.g. office@institute.org")),
});
export type MasterInstituteFields = z.infer<typeof masterInstituteFields>;

/** POST /api/master-institute (LMS): the institute and its role-17 sign-in. */
export const masterInstituteCreateBody = masterInstituteFields.extend({
  username: usernameField,
  password: optionalPasswordField,
});
export type MasterInstituteCreateBody = z.infer<typeof masterInstituteCreateBody>;

/** One master institute as LMS's list shows it, with its schools and students this exam year. */
export const masterInstituteRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  contact_name: z.string().nullable(),
  contact_phone: z.string().nullable(),
  is_active: z.boolean(),
  username: z.string().nullable(),
  schools: z.number().int(),
  students: z.number().int(),
  paid_students: z.number().int(),
  created_at: z.string(),
});
export type MasterInstituteRow = z.infer<typeof masterInstituteRow>;
export const masterInstitutePage = paginated(masterInstituteRow);

export const masterInstituteListQuery = z.strictObject({
  page: pageField,
  per_page: perPageField,
  search: searchField,
  status: activeFilter,
});
export type MasterInstituteListQuery = z.infer<typeof masterInstituteListQuery>;

/** What enabling or disabling answers. */
export const activeState = z.object({ id: z.number().int(), is_active: z.boolean() });
export type ActiveState = z.infer<typeof activeState>;

/** A school created by its master institute: the registration form, with the password optional. */
export const instituteSchoolBody = schoolProfileFields.extend({
  ...schoolAdminFields,
  username: usernameField,
  password: optionalPasswordField,
});
export type InstituteSchoolBody = z.infer<typeof instituteSchoolBody>;

export const instituteSchoolCreated = z.object({
  school_id: z.number().int(),
  username: z.string(),
  email: z.string(),
});

/** One school of a master institute (or of the GCC zone) with its students this exam year. */
export const instituteSchoolRow = z.object({
  id: z.number().int(),
  name: z.string(),
  category_id: z.number().int(),
  email: z.string(),
  email_verified: z.boolean(),
  contact_name: z.string().nullable(),
  contact_phone: z.string().nullable(),
  pincode: z.string().nullable(),
  state: z.string(),
  district: z.string().nullable(),
  city: z.string().nullable(),
  is_active: z.boolean(),
  username: z.string().nullable(),
  master_institute: z.string().nullable(),
  students: z.number().int(),
  paid: z.number().int(),
  pending: z.number().int(),
  unpaid: z.number().int(),
  /** unpaid × the Level 1 fee of the school's country; null when no fee is set. */
  amount_due: money.nullable(),
  created_at: z.string(),
});
export type InstituteSchoolRow = z.infer<typeof instituteSchoolRow>;
export const instituteSchoolPage = paginated(instituteSchoolRow);

export const instituteSchoolListQuery = z.strictObject({
  page: pageField,
  per_page: perPageField,
  search: searchField,
  status: activeFilter,
});
export type InstituteSchoolListQuery = z.infer<typeof instituteSchoolListQuery>;

/** LMS's list of the GCC zone's schools: the same row, filtered by country (state) too. */
export const gccSchoolListQuery = instituteSchoolListQuery.extend({
  state_id: wholeNumber(z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE)).optional(),
  payment: z.enum(["paid", "unpaid"]).optional(),
});
export type GccSchoolListQuery = z.infer<typeof gccSchoolListQuery>;

/** A student registered by a master institute into one of its schools. */
export const instituteStudentBody = studentFields.extend({
  school_id: wholeNumber(
    z.number({ error: "Choose the school" }).int().positive("Choose the school").max(ID_MAX, "Choose the school"),
  ),
});
export type InstituteStudentBody = z.infer<typeof instituteStudentBody>;

/** The master institute's own profile (edit-school-profile for role 17). */
export const masterInstituteProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  contact_name: z.string().nullable(),
  contact_phone: z.string().nullable(),
  is_active: z.boolean(),
  schools: z.number().int(),
});
export type MasterInstituteProfile = z.infer<typeof masterInstituteProfile>;

/** What a finished schools import reports (the job's `result`). */
export const schoolImportResult = z.object({
  mode: z.enum(["all-or-nothing", "valid-rows"]),
  total_rows: z.number().int(),
  inserted: z.number().int(),
  /** Rows naming a school of this institute that already exists (same username): nothing changes. */
  already_registered: z.number().int(),
  bad_rows: z.number().int(),
  errors_file_id: z.string().nullable(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
  warnings: z.array(z.string()),
  message: z.string(),
});
export type SchoolImportResult = z.infer<typeof schoolImportResult>;
