import { z } from "zod";
import { ID_RANGE_MESSAGE, wholeNumber } from "./ids";
import { ID_MAX } from "./ids-constants";
import { pageField, paginated, perPageField, searchField } from "./pagination";
import { REFERRAL_STATUSES } from "./referrals-constants";
import { normalizeReferralCode, REFERRAL_CODE_PATTERN, SIF_LIMITS, SIF_MESSAGES } from "./sif-constants";
import { noFormulaStart, startsLikeFormula, studentFields } from "./students";
import { CLASS_LEVELS, PAYMENT_STATUSES, type PaymentStatus, STUDENT_LIMITS } from "./students-constants";

/**
 * Individual (SIF) students (docs/decisions/013-individual-students.md): the public
 * registration at /sif/register, its school search and referral-code check, and the coordinators'
 * individual-students list.
 */

const PAYMENT_CODES = /* @__PURE__ */ PAYMENT_STATUSES.map((s) => s.code) as [PaymentStatus, ...PaymentStatus[]];

/** Empty form values (the pickers post "") mean "not chosen". */
const blank = (value: unknown) => (value === "" || value === null ? undefined : value);

const optionalId = z.preprocess(
  blank,
  wholeNumber(z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE)).optional(),
);

/** A referral code as typed: spaces dropped, upper case; empty means none. */
export const referralCodeField = z.preprocess(
  (value) => (typeof value === "string" ? normalizeReferralCode(value) || undefined : blank(value)),
  z.string().regex(REFERRAL_CODE_PATTERN, "A referral code has 4 to 20 letters and digits, e.g. VVM7K2Q9D").optional(),
);

const EMAIL_REQUIRED = "Enter your e-mail address: your username and password are mailed to it";

/**
 * The public form: the student (the single-student form's fields, e-mail required because the
 * sign-in details go there), the school (one from the list, or an unlisted one named with its
 * state), and an optional referral code.
 */
export const sifRegistrationBody = studentFields
  .extend({
    email: z.preprocess(
      (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
      z
        .string({ error: EMAIL_REQUIRED })
        .min(1, EMAIL_REQUIRED)
        .max(STUDENT_LIMITS.email)
        .pipe(z.email(EMAIL_REQUIRED)),
    ),
    /** A listed school (GET /api/sif/list/schools). */
    school_id: optionalId,
    /** "My school is not listed": its name, with zone and state (prant and district if known). */
    unlisted_school_name: z.preprocess(
      (value) => (typeof value === "string" ? value.replace(/\s+/g, " ").trim() || undefined : blank(value)),
      z
        .string()
        .max(
          SIF_LIMITS.unlistedSchoolName,
          `The school name can be at most ${SIF_LIMITS.unlistedSchoolName} characters`,
        )
        .refine((value) => !startsLikeFormula(value), noFormulaStart("school name"))
        .optional(),
    ),
    zone_id: optionalId,
    state_id: optionalId,
    prant_id: optionalId,
    district_id: optionalId,
    referral_code: referralCodeField,
  })
  .superRefine((body, context) => {
    if (body.school_id && body.unlisted_school_name) {
      context.addIssue({
        code: "custom",
        path: ["unlisted_school_name"],
        message: "Either choose your school from the list or name an unlisted one, not both",
      });
    } else if (!body.school_id && !body.unlisted_school_name) {
      context.addIssue({ code: "custom", path: ["school_id"], message: SIF_MESSAGES.chooseSchool });
    }
    if (body.unlisted_school_name && !body.school_id) {
      if (!body.zone_id) context.addIssue({ code: "custom", path: ["zone_id"], message: "Choose your school's zone" });
      if (!body.state_id)
        context.addIssue({ code: "custom", path: ["state_id"], message: "Choose your school's state" });
    }
  });
export type SifRegistrationBody = z.infer<typeof sifRegistrationBody>;
export type SifRegistrationInput = z.input<typeof sifRegistrationBody>;

export const sifRegistrationData = z.object({
  student_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  school_name: z.string(),
  /** The school whose referral code was given, or null. */
  referred_by: z.string().nullable(),
  exam_year: z.string(),
});
export type SifRegistrationData = z.infer<typeof sifRegistrationData>;

/** GET /api/sif/list/schools: active schools by name, city or state. */
export const sifSchoolQuery = z.strictObject({
  search: searchField,
  page: pageField,
  per_page: perPageField.pipe(z.number().max(SIF_LIMITS.schoolsPerPage * 2)),
});
export const sifSchoolOption = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  state: z.string(),
});
export type SifSchoolOption = z.infer<typeof sifSchoolOption>;
export const sifSchoolPage = paginated(sifSchoolOption);

/** GET /api/sif/referral-code/{code}: the school that owns a code. */
export const referralCodeCheckData = z.object({ code: z.string(), school_name: z.string() });

/** One individual student in the coordinators' list. */
export const individualStudentRow = z.object({
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
  school_id: z.number().int().nullable(),
  /** The listed school's name, or the name the student gave for an unlisted one. */
  school_name: z.string(),
  school_listed: z.boolean(),
  zone: z.string().nullable(),
  state: z.string().nullable(),
  district: z.string().nullable(),
  payment_status: z.enum(PAYMENT_CODES),
  roll_number: z.string().nullable(),
  referred_by: z.string().nullable(),
  referral_status: z.enum(REFERRAL_STATUSES).nullable(),
  has_account: z.boolean(),
  created_at: z.string(),
});
export type IndividualStudentRow = z.infer<typeof individualStudentRow>;
export const individualStudentPage = paginated(individualStudentRow);

const classFilter = wholeNumber(
  z
    .number()
    .int()
    .refine((value) => (CLASS_LEVELS as readonly number[]).includes(value), "Choose a class from VI to XI"),
).optional();

/** The list's filters (also the export's, without the paging). */
export const individualStudentQuery = z.strictObject({
  page: pageField,
  per_page: perPageField,
  search: searchField,
  class_level: classFilter,
  payment_status: z.enum(PAYMENT_CODES).optional(),
  zone_id: wholeNumber(z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE)).optional(),
  state_id: wholeNumber(z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE)).optional(),
  district_id: wholeNumber(z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE)).optional(),
  /** Only those who gave a referral code (true) or only those who did not (false). */
  referred: z.enum(["yes", "no"]).optional(),
});
export type IndividualStudentQuery = z.infer<typeof individualStudentQuery>;
