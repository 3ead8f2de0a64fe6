/**
 * The pay-support desk's view of orders (coordinator app, paysupport/*): find an order by its
 * reference, a student (name, roll number, phone) or a school; see its students, the gateway's
 * payments and events; reconcile it now, expire it, or mark it paid by hand with a reference.
 */
import { z } from "zod";
import { ID_RANGE_MESSAGE, wholeNumber } from "./ids";
import { ID_MAX } from "./ids-constants";
import { pageField, paginated, perPageField, searchField } from "./pagination";
import { PAY_SUPPORT_PAYERS, PAY_SUPPORT_VIEWS } from "./pay-support-constants";
import { CAPTURE_OUTCOMES, ORDER_STATUSES } from "./payments-constants";
import { registrationIdOf } from "./students-constants";

const money = z.object({ currency: z.string(), amount_minor: z.number().int() });

export const supportOrderQuery = z.strictObject({
  page: pageField,
  per_page: perPageField,
  search: searchField,
  view: z.enum(PAY_SUPPORT_VIEWS, { error: `view must be one of ${PAY_SUPPORT_VIEWS.join(", ")}` }).default("all"),
  payer: z.enum(PAY_SUPPORT_PAYERS, { error: `payer must be one of ${PAY_SUPPORT_PAYERS.join(", ")}` }).default("any"),
  /** One school's orders: its own, and any that paid for its students (a master institute's, a student's). */
  school_id: wholeNumber(
    z.number({ error: "school_id must be a school number" }).int().positive().max(ID_MAX, ID_RANGE_MESSAGE),
  ).optional(),
});
export type SupportOrderQuery = z.infer<typeof supportOrderQuery>;

export const supportOrderRow = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(ORDER_STATUSES),
  amount: money,
  payer_name: z.string(),
  payer_username: z.string(),
  /** The school whose referral code a student of the order registered with, if any. */
  referred_by: z.string().nullable(),
  students: z.number().int(),
  summary: z.string(),
  provider: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  invoice_number: z.string().nullable(),
  status_reason: z.string().nullable(),
  /** Payments held because their amount did not match. */
  mismatches: z.number().int(),
  /** Duplicate or late payments waiting for a refund. */
  refunds_due: z.number().int(),
});
export type SupportOrderRow = z.infer<typeof supportOrderRow>;
export const supportOrderPage = paginated(supportOrderRow);

export const supportOrderDetail = supportOrderRow.extend({
  items: z.array(
    z.object({
      student_id: z.number().int().nullable(),
      description: z.string(),
      class_level: z.number().int().nullable(),
      roll_number: z.string().nullable(),
      payment_status: z.string().nullable(),
      amount_minor: z.number().int(),
    }),
  ),
  captures: z.array(
    z.object({
      provider_payment_id: z.string(),
      amount: money,
      outcome: z.enum(CAPTURE_OUTCOMES),
      method: z.string().nullable(),
      refund_reference: z.string().nullable(),
      refunded_at: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  events: z.array(
    z.object({
      source: z.string(),
      type: z.string(),
      outcome: z.string(),
      provider_payment_id: z.string().nullable(),
      received_at: z.string(),
    }),
  ),
  manual_reference: z.string().nullable(),
});
export type SupportOrderDetail = z.infer<typeof supportOrderDetail>;

export const markOrderPaidBody = z.strictObject({
  reference: z
    .string({ error: "Give the payment's reference (cheque number, bank transfer id)" })
    .trim()
    .min(3, "Give the payment's reference (cheque number, bank transfer id), at least 3 characters")
    .max(100, "The reference can be at most 100 characters"),
  reason: z
    .string({ error: "Say why the order is marked paid by hand" })
    .trim()
    .min(5, "Say why the order is marked paid by hand (at least 5 characters)")
    .max(500, "The reason can be at most 500 characters"),
});

/** School Payments: each school's students this exam year by payment status, what it paid and what it owes. */
export const schoolBalanceQuery = z.strictObject({
  page: pageField,
  per_page: perPageField,
  search: searchField,
  /** Only schools that still have unpaid students. */
  owing: z
    .enum(["true", "false"], { error: "owing must be true or false" })
    .transform((value) => value === "true")
    .optional(),
});
export type SchoolBalanceQuery = z.infer<typeof schoolBalanceQuery>;

export const schoolBalanceRow = z.object({
  school_id: z.number().int(),
  name: z.string(),
  username: z.string().nullable(),
  state: z.string(),
  students: z.number().int(),
  paid: z.number().int(),
  pending: z.number().int(),
  unpaid: z.number().int(),
  /** The fees paid for its students this year (by the school, its master institute or by hand). */
  paid_amount: money,
  /** Its unpaid students times its country's fee; null when no fee is set. */
  due_amount: money.nullable(),
});
export type SchoolBalanceRow = z.infer<typeof schoolBalanceRow>;
export const schoolBalancePage = paginated(schoolBalanceRow);

/** Give back a payment that is due back (duplicate, paid after expiry, amount mismatch), in full. */
export const refundCaptureBody = z.strictObject({
  provider_payment_id: z
    .string({ error: "Choose the payment to give back" })
    .trim()
    .min(1, "Choose the payment to give back"),
  reason: z
    .string({ error: "Say why the payment is given back" })
    .trim()
    .min(5, "Say why the payment is given back (at least 5 characters)")
    .max(500, "The reason can be at most 500 characters"),
});
export type RefundCaptureBody = z.infer<typeof refundCaptureBody>;

/**
 * Refund a paid order in full (admins, docs/domain.md, Fees and payments): through the gateway when a gateway payment
 * paid it; an order marked paid by hand needs the reference of how the money went back.
 */
export const refundOrderBody = z.strictObject({
  reason: z
    .string({ error: "Say why the order is refunded" })
    .trim()
    .min(5, "Say why the order is refunded (at least 5 characters)")
    .max(500, "The reason can be at most 500 characters"),
  reference: z
    .string()
    .trim()
    .max(100, "The reference can be at most 100 characters")
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type RefundOrderBody = z.infer<typeof refundOrderBody>;

/**
 * GET /api/paysupport/registrations/{reference}: the registration a school was told about as
 * "already registered this year with another school" (decision 055), for support to resolve.
 */
export const registrationReferenceParam = z.object({
  reference: z
    .string()
    .max(20)
    .refine((value) => registrationIdOf(value) !== null, "Enter the reference the school quoted, e.g. REG-000123"),
});
export const supportRegistration = z.object({
  reference: z.string(),
  student_id: z.number().int(),
  student_name: z.string(),
  class_level: z.number().int(),
  date_of_birth: z.string().nullable(),
  exam_year: z.string(),
  /** How it was registered: by a school ("form", "import") or by the student ("sif"). */
  source: z.string(),
  school_id: z.number().int().nullable(),
  /** The school's name, or an individual student's unlisted school as typed. */
  school_name: z.string().nullable(),
  school_username: z.string().nullable(),
  school_phone: z.string().nullable(),
  payment_status: z.string(),
  created_at: z.string(),
});
export type SupportRegistration = z.infer<typeof supportRegistration>;
