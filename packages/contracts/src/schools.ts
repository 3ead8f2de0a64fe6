import { z } from "zod";
import { isStrongPassword, PASSWORD_MESSAGES, usernameField } from "./auth";
import { ID_RANGE_MESSAGE, wholeNumber } from "./ids";
import { ID_MAX } from "./ids-constants";
import { SCHOOL_BOARDS, SCHOOL_DELETE_MAX } from "./schools-constants";
import { phoneField } from "./students";

/** A school's own account switch (POST /api/schools/disable-account): its new state. */
export const schoolToggleData = z.object({
  school_id: z.number().int(),
  is_active: z.union([z.literal(0), z.literal(1)]),
});
export type SchoolToggleData = z.infer<typeof schoolToggleData>;

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .max(max, `The ${label} can be at most ${max} characters`);

const optionalId = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  wholeNumber(z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE)).optional(),
);

/** The country code (countries.code) whose schools have PIN codes. */
export const PIN_CODE_COUNTRY = "IN";
/** India Post's PIN code: six digits, the first of them a region (1-9). */
const INDIA_PIN_CODE = /^[1-9][0-9]{5}$/;
/** Gulf postal codes are shorter and may hold letters. */
const POSTAL_CODE = /^[A-Za-z0-9 -]{3,10}$/;
export const PIN_CODE_MESSAGES = {
  shape: "Enter the PIN or postal code, e.g. 110001",
  india: "Enter the 6-digit PIN code, e.g. 110001",
} as const;

/**
 * The one rule for a school's PIN or postal code (issue 35 item 9): six digits in India, a
 * postal code's shape elsewhere. Forms check the shape with `pincodeField`; what needs the
 * school's country (the API knows it from the state) asks this.
 */
export function pinCodeProblem(code: string, countryCode: string | null | undefined): string | null {
  const value = code.trim();
  if (countryCode === PIN_CODE_COUNTRY) return INDIA_PIN_CODE.test(value) ? null : PIN_CODE_MESSAGES.india;
  return POSTAL_CODE.test(value) ? null : PIN_CODE_MESSAGES.shape;
}

export const pincodeField = z
  .string({ error: PIN_CODE_MESSAGES.shape })
  .trim()
  .regex(POSTAL_CODE, PIN_CODE_MESSAGES.shape);

/** The school's own details that it may change itself (edit-school-profile). */
export const schoolProfileFields = z.strictObject({
  // One of the boards offered, numbered from 1 (a smallint column: a number past them was a database error).
  board_id: wholeNumber(
    z
      .number({ error: "Choose the board" })
      .int("Choose the board")
      .min(1, "Choose the board")
      .max(SCHOOL_BOARDS.length, "Choose the board"),
  ),
  address: text("address", 300),
  pincode: pincodeField,
  contact_name: text("principal or contact name", 120),
  contact_phone: phoneField,
});
export type SchoolProfileFields = z.infer<typeof schoolProfileFields>;

/** Who the school is and where: set at registration, changed later only by admins. */
export const schoolAdminFields = {
  school_name: text("school name", 200),
  category_id: wholeNumber(z.number({ error: "Choose the category" }).int().min(1, "Choose the category").max(4)),
  zone_id: wholeNumber(
    z.number({ error: "Choose the zone" }).int().positive("Choose the zone").max(ID_MAX, "Choose the zone"),
  ),
  state_id: wholeNumber(
    z.number({ error: "Choose the state" }).int().positive("Choose the state").max(ID_MAX, "Choose the state"),
  ),
  prant_id: optionalId,
  district_id: optionalId,
  city_id: optionalId,
  email: z.string().trim().toLowerCase().pipe(z.email("Enter the school's e-mail address, e.g. office@school.edu.in")),
};

/** The public registration form (/register): the school, where it is, who to contact, its sign-in. */
export const schoolRegistrationBody = schoolProfileFields
  .extend({
    ...schoolAdminFields,
    username: usernameField,
    password: z
      .string({ error: PASSWORD_MESSAGES.required })
      .min(8, PASSWORD_MESSAGES.min)
      .max(100, PASSWORD_MESSAGES.max)
      .refine(isStrongPassword, PASSWORD_MESSAGES.complexity),
    confirm_password: z.string({ error: PASSWORD_MESSAGES.required }).min(1, PASSWORD_MESSAGES.required),
  })
  .superRefine((value, ctx) => {
    if (value.confirm_password && value.password !== value.confirm_password) {
      ctx.addIssue({ code: "custom", path: ["confirm_password"], message: PASSWORD_MESSAGES.mismatch });
    }
  });
export type SchoolRegistrationBody = z.infer<typeof schoolRegistrationBody>;

/** An admin's change to a school (POST /api/admin/school/info/update/{id}): every field. */
export const schoolAdminBody = schoolProfileFields.extend({
  ...schoolAdminFields,
  is_active: z.boolean({ error: "is_active must be true or false" }).optional(),
});
export type SchoolAdminBody = z.infer<typeof schoolAdminBody>;

/** What registration answers: the new school and its sign-in name. */
export const schoolRegistrationData = z.object({
  school_id: z.number().int(),
  username: z.string(),
  email: z.string(),
});

/** What a verified link answers. */
export const schoolEmailVerifiedData = z.object({ school_id: z.number().int(), email: z.string() });

export const verifySchoolEmailBody = z.strictObject({
  token: z.string().trim().min(20, "This verification link is incomplete.").max(200),
});

/** IFSC: four letters (the bank), a zero, six letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/** Bank details for referral payouts; every change needs the password again and is logged. */
export const bankDetailsBody = z
  .strictObject({
    account_holder: text("account holder's name", 120),
    account_number: z
      .string({ error: "Enter the account number" })
      .trim()
      .regex(/^\d{9,18}$/, "Enter the account number: 9 to 18 digits"),
    confirm_account_number: z.string({ error: "Enter the account number again" }).trim(),
    ifsc: z
      .string({ error: "Enter the IFSC" })
      .trim()
      .toUpperCase()
      .regex(IFSC_PATTERN, "Enter the 11-character IFSC, e.g. SBIN0001234"),
    bank_name: text("bank name", 120),
    branch: text("branch", 120),
    password: z.string({ error: "Enter your password to confirm" }).min(1, "Enter your password to confirm"),
  })
  .superRefine((value, ctx) => {
    if (value.confirm_account_number !== value.account_number) {
      ctx.addIssue({ code: "custom", path: ["confirm_account_number"], message: "The account numbers do not match" });
    }
  });
export type BankDetailsBody = z.infer<typeof bankDetailsBody>;

export const bankDetails = z.object({
  account_holder: z.string(),
  /** Only the last four digits leave the API. */
  account_number_masked: z.string(),
  ifsc: z.string(),
  bank_name: z.string(),
  branch: z.string(),
  has_cheque: z.boolean(),
  updated_at: z.string(),
  /** When an admin verified the account (payouts need it); null until then and after any change of account. */
  verified_at: z.string().nullable(),
});
export type BankDetails = z.infer<typeof bankDetails>;

/** The signed-in school as its profile page shows it; admin fields are read-only there. */
export const schoolProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  category_id: z.number().int(),
  board_id: z.number().int().nullable(),
  address: z.string().nullable(),
  pincode: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_phone: z.string().nullable(),
  email: z.string(),
  email_verified: z.boolean(),
  referral_code: z.string(),
  is_active: z.boolean(),
  zone: z.string(),
  state: z.string(),
  prant: z.string().nullable(),
  district: z.string().nullable(),
  city: z.string().nullable(),
});
export type SchoolProfile = z.infer<typeof schoolProfile>;

export const schoolIdsBody = z.strictObject({
  ids: z
    .array(z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE))
    .min(1, "Choose at least one school")
    .max(SCHOOL_DELETE_MAX, `Choose at most ${SCHOOL_DELETE_MAX} schools at a time`),
});
export type SchoolIdsBody = z.infer<typeof schoolIdsBody>;

/** What a school delete did: deleted ids, and the ones kept with the reason. */
export const schoolDeleteData = z.object({
  deleted: z.array(z.number().int()),
  kept: z.array(z.object({ id: z.number().int(), reason: z.string() })),
});
export type SchoolDeleteData = z.infer<typeof schoolDeleteData>;
