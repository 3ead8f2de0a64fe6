import { z } from "zod";
import { ID_RANGE_MESSAGE, wholeNumber } from "./ids";
import { ID_MAX } from "./ids-constants";
import { LANGUAGE_CODES } from "./languages";
import { pageField, paginated, perPageField, searchField } from "./pagination";
import { SMS_STATUSES } from "./sms-constants";
import { classOf, genderOf, languageOf, MONTH_NAMES } from "./spellings";
import {
  CLASS_LEVELS,
  GENDERS,
  type Gender,
  PAYMENT_STATUSES,
  type PaymentStatus,
  STUDENT_AGE_YEARS,
  STUDENT_BULK_MAX,
  STUDENT_LIMITS,
} from "./students-constants";

const GENDER_CODES = /* @__PURE__ */ GENDERS.map((g) => g.code) as [Gender, ...Gender[]];
const PAYMENT_CODES = /* @__PURE__ */ PAYMENT_STATUSES.map((s) => s.code) as [PaymentStatus, ...PaymentStatus[]];

/** Spaces inside a value collapse to one; spreadsheets are full of doubled and trailing spaces. */
const tidy = (value: unknown) => (typeof value === "string" ? value.replace(/\s+/g, " ").trim() : value);

/** Whole days from 1899-12-30, the way spreadsheets count dates. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

function isoDate(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

const monthOf = (name: string): number | undefined => {
  const text = name.toLowerCase();
  // "Sept" as well as "Sep"; three letters at least, so "Ma" is not May or March.
  const index = text.length >= 3 ? MONTH_NAMES.findIndex((month) => month.startsWith(text)) : -1;
  return index < 0 ? undefined : index + 1;
};

/** A two-digit year of a student's birth: 20yy unless that is in the future. */
const fullYear = (year: string): number => {
  if (year.length === 4) return Number(year);
  const recent = 2000 + Number(year);
  return recent > new Date().getUTCFullYear() ? recent - 100 : recent;
};

/**
 * A date as schools write it, to YYYY-MM-DD (the forms in spellings.ts DATE_FORMS): ISO and
 * year-first dates, day-first dates (15/08/2012, 15-08-12), month names (15 Aug 2012,
 * Aug 15, 2012), spreadsheet serial numbers and Date objects. Anything else stays as it was, so
 * that the schema reports it.
 */
export function normalizeDate(value: unknown): unknown {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString().slice(0, 10);
  if (typeof value === "number" && Number.isInteger(value) && value > 0 && value < 100_000) {
    return new Date(EXCEL_EPOCH_MS + value * 86_400_000).toISOString().slice(0, 10);
  }
  if (typeof value !== "string") return value;
  const text = value.trim().replace(/\s+/g, " ");
  const yearFirst = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/.exec(text);
  if (yearFirst) return isoDate(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3])) ?? text;
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(text);
  if (dayFirst) return isoDate(fullYear(dayFirst[3] ?? ""), Number(dayFirst[2]), Number(dayFirst[1])) ?? text;
  const named = /^(\d{1,2})(?:st|nd|rd|th)?[ /.-]([a-z]+)\.?,?[ /.-](\d{4}|\d{2})$/i.exec(text);
  if (named) {
    const month = monthOf(named[2] ?? "");
    if (month) return isoDate(fullYear(named[3] ?? ""), month, Number(named[1])) ?? text;
  }
  const monthFirst = /^([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/i.exec(text);
  if (monthFirst) {
    const month = monthOf(monthFirst[1] ?? "");
    if (month) return isoDate(Number(monthFirst[3]), month, Number(monthFirst[2])) ?? text;
  }
  if (/^\d{5}$/.test(text)) return normalizeDate(Number(text));
  return text;
}

/** Age in whole years on `today` (YYYY-MM-DD strings). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

const todayIso = () => new Date().toISOString().slice(0, 10);

export const dateOfBirthField = z.preprocess(
  normalizeDate,
  z
    .string({ error: "Enter the date of birth, e.g. 2012-08-15 or 15/08/2012" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the date of birth as a date, e.g. 2012-08-15 or 15/08/2012")
    .refine((value) => {
      // A value that is not a date already has its message.
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return true;
      const age = ageOn(value, todayIso());
      return age >= STUDENT_AGE_YEARS.min && age <= STUDENT_AGE_YEARS.max;
    }, `A student of classes VI to XI is ${STUDENT_AGE_YEARS.min} to ${STUDENT_AGE_YEARS.max} years old: check the date of birth`),
);

/** Phone numbers keep their digits and a leading +; 10 to 15 digits (India and the Gulf). */
export function normalizePhone(value: unknown): unknown {
  if (typeof value === "number" && Number.isInteger(value)) return String(value);
  if (typeof value !== "string") return value;
  const text = value.trim();
  return text.replace(/[\s().-]/g, "");
}

export const phoneField = z.preprocess(
  normalizePhone,
  z
    .string({ error: "Enter a phone number" })
    .min(1, "Enter a phone number")
    .regex(/^\+?\d{10,15}$/, "Enter a phone number of 10 to 15 digits, e.g. 9876543210"),
);

const EMAIL_MESSAGE = "Enter an e-mail address like name@example.com, or leave it empty";
const emailShape = z.email();

/** An e-mail address or nothing ("" when empty: spreadsheets leave cells blank). */
export const optionalEmailField = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().toLowerCase() : value == null ? "" : value),
  z
    .string({ error: EMAIL_MESSAGE })
    .max(STUDENT_LIMITS.email, EMAIL_MESSAGE)
    .refine((value) => value === "" || emailShape.safeParse(value).success, EMAIL_MESSAGE),
);

/**
 * A name never starts like a spreadsheet formula: exports are guarded (decision 063), but a name
 * that starts so is a pasted formula, not a person's or a school's name. One rule for every name.
 */
export const startsLikeFormula = (value: string): boolean => /^[=+\-@]/.test(value);
export const noFormulaStart = (label: string) => `The ${label} cannot start with = + - or @`;

const nameField = (label: string, max: number) =>
  z.preprocess(
    tidy,
    z
      .string({ error: `Enter the ${label}` })
      .min(1, `Enter the ${label}`)
      .max(max, `The ${label} can be at most ${max} characters`)
      .refine((value) => !startsLikeFormula(value), noFormulaStart(label)),
  );

/** Class as a number 6-11, or as written in a spreadsheet: "VIII", "8", "Class 8", "8th" (spellings.ts). */
export function normalizeClass(value: unknown): unknown {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return value;
  return classOf(value) ?? (/^\s*\d+\s*$/.test(value) ? Number(value) : value);
}

export const classLevelField = z.preprocess(
  normalizeClass,
  z
    .number({ error: "Choose a class from VI to XI" })
    .int("Choose a class from VI to XI")
    .refine((value) => (CLASS_LEVELS as readonly number[]).includes(value), "Choose a class from VI to XI"),
);

/** Exam language by code ("hi"), English name or as written in its script ("हिंदी"): spellings.ts. */
export function normalizeLanguage(value: unknown): unknown {
  if (typeof value !== "string") return value;
  return languageOf(value) ?? value;
}

export const languageField = z.preprocess(
  normalizeLanguage,
  z.enum(LANGUAGE_CODES, { error: "Choose one of the 14 exam languages, e.g. English or Hindi" }),
);

/** Gender as written: "F", "Male", "पुरुष" (spellings.ts). */
export const genderField = z.preprocess(
  (value) => (typeof value === "string" ? (genderOf(value) ?? value) : value),
  z.enum(GENDER_CODES, { error: "Choose female, male or other" }),
);

/** The single-student form and one row of an import: the same rules for both. */
export const studentFields = z.strictObject({
  first_name: nameField("first name", STUDENT_LIMITS.name),
  last_name: z.preprocess(
    (value) => tidy(value ?? ""),
    z
      .string()
      .max(STUDENT_LIMITS.name, `The last name can be at most ${STUDENT_LIMITS.name} characters`)
      .refine((value) => !startsLikeFormula(value), noFormulaStart("last name")),
  ),
  class_level: classLevelField,
  language: languageField,
  gender: genderField,
  date_of_birth: dateOfBirthField,
  parent_name: nameField("parent's name", STUDENT_LIMITS.parentName),
  phone: phoneField,
  email: optionalEmailField,
});
export type StudentFields = z.infer<typeof studentFields>;
export type StudentFieldsInput = z.input<typeof studentFields>;

/**
 * The duplicate rule: the same name, date of birth and phone in one exam year is one student,
 * even across schools. Case, spacing and phone punctuation do not make a new student.
 */
export function studentKey(
  fields: Pick<StudentFields, "first_name" | "last_name" | "date_of_birth" | "phone">,
): string {
  const name = `${fields.first_name} ${fields.last_name}`.replace(/\s+/g, " ").trim().toLocaleLowerCase("en");
  const phone = fields.phone.replace(/\D/g, "").slice(-10);
  return `${name}|${fields.date_of_birth}|${phone}`;
}

export const studentRow = z.object({
  id: z.number().int(),
  school_id: z.number().int(),
  school_name: z.string(),
  exam_year: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  class_level: z.number().int(),
  language: z.string(),
  gender: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  parent_name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  payment_status: z.enum(PAYMENT_CODES),
  roll_number: z.string().nullable(),
  /** Whether the student's own sign-in exists (it is made when the first credentials mail goes out). */
  has_account: z.boolean(),
  /** The newest text with the student's sign-in details, so the school sees whether it went. */
  sign_in_sms: z.object({ status: z.enum(SMS_STATUSES), last_error: z.string().nullable(), at: z.string() }).nullable(),
  created_at: z.string(),
});
export type StudentRow = z.infer<typeof studentRow>;

export const studentPage = paginated(studentRow);

export const studentListQuery = z.strictObject({
  page: pageField,
  per_page: perPageField,
  search: searchField,
  class_level: wholeNumber(z.number().int().min(6).max(11)).optional(),
  language: z.enum(LANGUAGE_CODES).optional(),
  payment_status: z.enum(PAYMENT_CODES).optional(),
  gender: z.enum(GENDER_CODES).optional(),
  /** For coordinators and admins: one school's students. */
  school_id: wholeNumber(z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE)).optional(),
});
export type StudentListQuery = z.infer<typeof studentListQuery>;

export const studentIdsBody = z.strictObject({
  ids: z
    .array(z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE))
    .min(1, "Choose at least one student")
    .max(STUDENT_BULK_MAX, `Choose at most ${STUDENT_BULK_MAX} students at a time`),
});

/** What a bulk delete did: deleted ids, and the ones kept with the reason. */
export const studentDeleteData = z.object({
  deleted: z.array(z.number().int()),
  kept: z.array(z.object({ id: z.number().int(), reason: z.string() })),
});

/** The 409 of a duplicate: which school already has the student. */
export const studentDuplicateData = z.object({ student_id: z.number().int().nullable(), school_name: z.string() });

/**
 * A paid student's roll number: the state (its id, two digits or more), the class (two digits)
 * and a six-digit sequence, e.g. 2708000123 for state 27, class VIII, the 123rd. Unique per exam
 * year (the database refuses a second one). States carry no official code here, hence the id.
 */
export function rollNumber(stateId: number, classLevel: number, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 999_999) {
    throw new RangeError(`A roll number sequence is 1 to 999999, not ${sequence}`);
  }
  return `${String(stateId).padStart(2, "0")}${String(classLevel).padStart(2, "0")}${String(sequence).padStart(6, "0")}`;
}
