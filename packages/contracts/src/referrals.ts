import { z } from "zod";
import { EXAM_LEVELS, type ExamLevel } from "./fees";
import { ID_RANGE_MESSAGE, wholeNumber } from "./ids";
import { ID_MAX } from "./ids-constants";
import { pageField, paginated, perPageField, searchField } from "./pagination";
import {
  COMMISSION_MAX_MINOR,
  LEDGER_BULK_MAX,
  LEDGER_KINDS,
  LEDGER_STATUSES,
  REFERRAL_REASON_MAX,
  REFERRAL_STATUSES,
} from "./referrals-constants";
import { PAYMENT_STATUSES, type PaymentStatus } from "./students-constants";

const PAYMENT_CODES = /* @__PURE__ */ PAYMENT_STATUSES.map((s) => s.code) as [PaymentStatus, ...PaymentStatus[]];
const LEVEL_CODES = /* @__PURE__ */ EXAM_LEVELS.map((l) => l.code) as [ExamLevel, ...ExamLevel[]];
const isoDay = (label: string) =>
  z
    .string({ error: `Enter the ${label} as a date, e.g. 2026-12-01` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Enter the ${label} as a date, e.g. 2026-12-01`)
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      `The ${label} is not a real date`,
    );
const id = z.number().int();

// ---- The school's referred students -------------------------------------------------------------

export const referredStudentListQuery = z.strictObject({
  page: pageField,
  per_page: perPageField,
  search: searchField,
  referral_status: z.enum(REFERRAL_STATUSES).optional(),
  payment_status: z.enum(PAYMENT_CODES).optional(),
  class_level: wholeNumber(z.number().int().min(6).max(11)).optional(),
});
export type ReferredStudentListQuery = z.infer<typeof referredStudentListQuery>;

export const referredStudentRow = z.object({
  id,
  first_name: z.string(),
  last_name: z.string(),
  class_level: z.number().int(),
  /** The school the student studies at (not the referring school). */
  school_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  payment_status: z.enum(PAYMENT_CODES),
  roll_number: z.string().nullable(),
  referral_status: z.enum(REFERRAL_STATUSES),
  referral_reason: z.string().nullable(),
  referral_decided_at: z.string().nullable(),
  /** Net commission this student has earned the school so far, in paise. */
  commission_minor: z.number().int(),
  created_at: z.string(),
});
export type ReferredStudentRow = z.infer<typeof referredStudentRow>;
export const referredStudentPage = paginated(referredStudentRow);

export const referralStatusBody = z.strictObject({
  status: z.enum(["approved", "rejected"], { error: "Choose approved or rejected" }),
  reason: z
    .string()
    .trim()
    .max(REFERRAL_REASON_MAX, `The reason can be at most ${REFERRAL_REASON_MAX} characters`)
    .optional()
    .nullable(),
});
export type ReferralStatusBody = z.infer<typeof referralStatusBody>;

export const referralCodeData = z.object({
  referral_code: z.string(),
  /** The public registration form with the code filled in. */
  share_url: z.string(),
});

// ---- Earnings ------------------------------------------------------------------------------------

const amounts = {
  /** Net of every entry (reversals subtract). */
  earned: z.number().int(),
  /** Approved by an admin, waiting for a payout. */
  approved: z.number().int(),
  paid_out: z.number().int(),
  /** Earned, waiting for an admin's approval. */
  pending: z.number().int(),
};

export const earningsDashboard = z.object({
  currency: z.string(),
  totals: z.object(amounts),
  /** Referred students by the school's decision (every exam year). */
  referrals: z.object({
    pending: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
  }),
  /** Paid referred students whose commission stands (earned entries less reversals). */
  commissions: z.number().int(),
  /** Oldest first, by the month the commission was earned (India time), "2026-11". */
  by_month: z.array(z.object({ month: z.string(), ...amounts })),
});
export type EarningsDashboard = z.infer<typeof earningsDashboard>;

// ---- Commission rules ---------------------------------------------------------------------------

export const commissionRule = z.object({
  id,
  exam_level: z.enum(LEVEL_CODES),
  starts_on: z.string(),
  ends_on: z.string().nullable(),
  amount_minor: z.number().int(),
  currency: z.string(),
  /** Ledger entries made at this rule's amount. */
  entries: z.number().int(),
  updated_at: z.string(),
});
export type CommissionRule = z.infer<typeof commissionRule>;

export const commissionRuleBody = z
  .strictObject({
    /** Present to change a rule; absent to add one. */
    id: z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE).optional().nullable(),
    exam_level: z.enum(LEVEL_CODES, { error: "Choose the exam level: mock, level1 or level2" }),
    starts_on: isoDay("start date"),
    ends_on: isoDay("end date").optional().nullable(),
    amount_minor: z
      .number({ error: "Enter the amount in paise, a whole number" })
      .int("Enter the amount in paise, a whole number")
      .min(1, "The amount must be more than ₹0")
      .max(COMMISSION_MAX_MINOR, "The amount can be at most ₹1,00,000 per student"),
  })
  .refine((rule) => !rule.ends_on || rule.ends_on >= rule.starts_on, {
    path: ["ends_on"],
    message: "The end date cannot be before the start date",
  });
export type CommissionRuleBody = z.infer<typeof commissionRuleBody>;

// ---- The ledger ---------------------------------------------------------------------------------

export const ledgerListQuery = z.strictObject({
  page: pageField,
  per_page: perPageField,
  search: searchField,
  school_id: wholeNumber(z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE)).optional(),
  status: z.enum(LEDGER_STATUSES).optional(),
  kind: z.enum(LEDGER_KINDS).optional(),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Choose a month like 2026-11")
    .optional(),
});
export type LedgerListQuery = z.infer<typeof ledgerListQuery>;

export const ledgerEntry = z.object({
  id,
  school_id: id,
  school_name: z.string(),
  student_id: id,
  student_name: z.string(),
  exam_level: z.enum(LEVEL_CODES),
  kind: z.enum(LEDGER_KINDS),
  amount_minor: z.number().int(),
  currency: z.string(),
  status: z.enum(LEDGER_STATUSES),
  earned_at: z.string(),
  approved_at: z.string().nullable(),
  payout_id: id.nullable(),
  payout_reference: z.string().nullable(),
  reverses_entry_id: id.nullable(),
  /** Whether the referral is approved by the school (an admin approves only those). */
  referral_status: z.enum(REFERRAL_STATUSES),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;
export const ledgerPage = paginated(ledgerEntry).extend({
  /** Sums over every entry of the filters (not only this page), in paise. */
  sums: z.object(amounts),
});

export const ledgerIdsBody = z.strictObject({
  ids: z
    .array(z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE))
    .min(1, "Choose at least one entry")
    .max(LEDGER_BULK_MAX, `Choose at most ${LEDGER_BULK_MAX} entries at a time`),
});
export const ledgerApproveData = z.object({
  approved: z.array(id),
  kept: z.array(z.object({ id, reason: z.string() })),
});

export const schoolBalance = z.object({
  school_id: id,
  school_name: z.string(),
  referral_code: z.string(),
  ...amounts,
  bank_details: z.enum(["none", "unverified", "verified"]),
});
export type SchoolBalance = z.infer<typeof schoolBalance>;

export const payoutBody = z.strictObject({
  school_id: z
    .number({ error: "Choose the school" })
    .int()
    .positive("Choose the school")
    .max(ID_MAX, "Choose the school"),
  reference: z
    .string({ error: "Enter the bank transfer's reference" })
    .trim()
    .min(3, "Enter the bank transfer's reference (at least 3 characters)")
    .max(64, "The reference can be at most 64 characters"),
  paid_on: isoDay("payment date"),
});
export type PayoutBody = z.infer<typeof payoutBody>;

export const payout = z.object({
  id,
  school_id: id,
  school_name: z.string(),
  reference: z.string(),
  paid_on: z.string(),
  amount_minor: z.number().int(),
  currency: z.string(),
  entries: z.number().int(),
  created_at: z.string(),
});
export type Payout = z.infer<typeof payout>;

// ---- Marking a student paid by hand (admins) -----------------------------------------------------

export const markPaidBody = z.strictObject({
  payment_status: z.literal("paid", { error: "Only marking a student paid is possible here" }),
  reference: z
    .string({ error: "Enter the payment's reference (cheque or transfer number)" })
    .trim()
    .min(3, "Enter the payment's reference (cheque or transfer number)")
    .max(64, "The reference can be at most 64 characters"),
  reason: z
    .string({ error: "Say why the student is marked paid by hand" })
    .trim()
    .min(3, "Say why the student is marked paid by hand")
    .max(500, "The reason can be at most 500 characters"),
  exam_level: z.enum(LEVEL_CODES).default("level1"),
});
export type MarkPaidBody = z.infer<typeof markPaidBody>;

export const markPaidData = z.object({
  student_id: id,
  payment_status: z.literal("paid"),
  roll_number: z.string(),
  /** The commission entry this payment earned its referring school, if any. */
  commission: z.object({ entry_id: id, school_id: id, amount_minor: z.number().int() }).nullable(),
});
export type MarkPaidData = z.infer<typeof markPaidData>;
