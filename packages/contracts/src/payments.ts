/**
 * Paying for students (docs/decisions/017-payments.md): the amount for a choice of
 * unpaid students, an order for them with its checkout, the gateway's answers (webhooks and the
 * return), and what a payer sees of an order.
 */
import { z } from "zod";
import { ID_RANGE_MESSAGE, wholeNumber } from "./ids";
import { ID_MAX } from "./ids-constants";
import {
  GATEWAY_LIMITS,
  ORDER_MAX_STUDENTS,
  ORDER_MAX_STUDY_MATERIALS,
  ORDER_PURPOSES,
  ORDER_STATUSES,
} from "./payments-constants";
import { PAYMENT_STATUSES, type PaymentStatus } from "./students-constants";

const PAYMENT_CODES = /* @__PURE__ */ PAYMENT_STATUSES.map((s) => s.code) as [PaymentStatus, ...PaymentStatus[]];
const money = z.object({ currency: z.string(), amount_minor: z.number().int() });

/**
 * Which unpaid students: the ticked ones, or every unpaid one of a class, or (neither) every
 * unpaid one. A master institute names the school.
 */
export const studentChoice = z.strictObject({
  student_ids: z
    .array(z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE), {
      error: "student_ids must be a list of student numbers",
    })
    .max(ORDER_MAX_STUDENTS, `One payment can cover at most ${ORDER_MAX_STUDENTS} students: pay in parts`)
    .optional(),
  class_level: z.number().int().min(6, "class_level must be 6 to 11").max(11, "class_level must be 6 to 11").optional(),
  school_id: z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE).optional(),
});
export type StudentChoice = z.infer<typeof studentChoice>;

/**
 * An order of the payer's that still waits for the gateway: it holds its students (or materials)
 * until it is paid, cancelled, or released by itself at `releases_at` (decision 054).
 */
export const openOrder = z.object({
  id: z.number().int(),
  reference: z.string(),
  /** How many students (or study materials) it holds. */
  items: z.number().int(),
  amount: money,
  created_at: z.string(),
  releases_at: z.string(),
});
export type OpenOrder = z.infer<typeof openOrder>;

/** Which of the payer's unfinished payments: of students (and the student's own fee) or of study materials. */
export const openOrdersQuery = z.strictObject({
  purpose: z.enum(ORDER_PURPOSES, { error: `purpose must be one of ${ORDER_PURPOSES.join(", ")}` }).optional(),
});

export const paymentAmount = z.object({
  /** The chosen students free to pay for now (unpaid, in no unfinished payment). */
  students: z.number().int(),
  /** The chosen students held by an unfinished payment (anyone's), payable once it ends. */
  held: z.number().int(),
  /** One student's fee; null when the fee table has none for the school's country. */
  fee: money.nullable(),
  amount: money.nullable(),
  exam_level: z.string(),
});
export type PaymentAmount = z.infer<typeof paymentAmount>;

export const checkout = z.discriminatedUnion("provider", [
  /** The local demo gateway: the school app's own checkout page for the order. */
  z.object({ provider: z.literal("demo"), order_id: z.number().int() }),
  /** Razorpay's checkout, opened with these values in the browser. */
  z.object({
    provider: z.literal("razorpay"),
    order_id: z.number().int(),
    key_id: z.string(),
    provider_order_id: z.string(),
  }),
]);
export type Checkout = z.infer<typeof checkout>;

export const createdPayment = z.object({
  order_id: z.number().int(),
  reference: z.string(),
  amount: money,
  students: z.number().int(),
  checkout,
});
export type CreatedPayment = z.infer<typeof createdPayment>;

/** An order as its payer (and the checkout and result pages) see it. */
export const orderSummary = z.object({
  id: z.number().int(),
  reference: z.string(),
  purpose: z.enum(ORDER_PURPOSES),
  status: z.enum(ORDER_STATUSES),
  amount: money,
  provider: z.string(),
  items: z.array(z.object({ id: z.number().int(), description: z.string(), amount_minor: z.number().int() })),
  invoice_number: z.string().nullable(),
  status_reason: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** While it waits for payment: when it releases its students by itself; null otherwise. */
  releases_at: z.string().nullable(),
  /** How to pay it while it waits for payment (pending); absent otherwise. */
  checkout: checkout.optional(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const orderIdQuery = z.strictObject({
  order_id: wholeNumber(
    z
      .number({ error: "order_id must be an order number" })
      .int()
      .positive("order_id must be an order number")
      .max(ID_MAX, "order_id must be an order number"),
  ),
});

/** The demo gateway's buttons. */
export const demoCheckoutBody = z.strictObject({
  outcome: z.enum(["pay", "fail"], { error: "outcome must be pay or fail" }),
});

const gatewayText = (field: string, max: number) =>
  z.string({ error: `${field} must be text` }).max(max, `${field} is longer than ${max} characters`);

/** The return from Razorpay's checkout: its ids and signature (HMAC of `order_id|payment_id`). */
export const checkoutReturnBody = z.strictObject({
  order_id: z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE),
  razorpay_order_id: gatewayText("razorpay_order_id", GATEWAY_LIMITS.idChars).min(1).optional(),
  razorpay_payment_id: gatewayText("razorpay_payment_id", GATEWAY_LIMITS.idChars).min(1).optional(),
  razorpay_signature: gatewayText("razorpay_signature", GATEWAY_LIMITS.idChars).min(1).optional(),
});

export const webhookAnswer = z.object({ outcome: z.string() });

/**
 * A payment as the gateway describes it (a webhook's `payload.payment.entity`, an order's payments
 * in reconciliation), checked against what the portal's columns hold (decision 049). Fields the
 * portal does not keep are ignored. A payment without an order id is not one of the portal's.
 */
export const gatewayPaymentEntity = z.object({
  id: gatewayText("id", GATEWAY_LIMITS.idChars).min(1, "id is empty"),
  order_id: gatewayText("order_id", GATEWAY_LIMITS.idChars).min(1, "order_id is empty").nullish(),
  amount: z
    .number({ error: "amount must be a whole number of the currency's minor unit" })
    .int("amount must be a whole number of the currency's minor unit")
    .min(0, "amount cannot be negative")
    .max(GATEWAY_LIMITS.maxAmountMinor, "amount is too large"),
  currency: z
    .string({ error: "currency must be a 3-letter ISO 4217 code" })
    .regex(GATEWAY_LIMITS.currency, "currency must be a 3-letter ISO 4217 code")
    .transform((code) => code.toUpperCase()),
  status: gatewayText("status", GATEWAY_LIMITS.statusChars).default(""),
  method: gatewayText("method", GATEWAY_LIMITS.methodChars).nullish(),
  // Shown to the payer and pay support, never matched: a long one is cut, not refused.
  error_description: z
    .string({ error: "error_description must be text" })
    .nullish()
    .transform((text) => (text ? text.slice(0, GATEWAY_LIMITS.errorChars) : null)),
});

/** A webhook's body: the event's type, its id (when the header has none) and maybe a payment. */
export const gatewayWebhookBody = z.object({
  event: gatewayText("event", GATEWAY_LIMITS.eventTypeChars).min(1, "event is empty"),
  id: gatewayText("id", GATEWAY_LIMITS.idChars).optional(),
  payload: z.object({ payment: z.object({ entity: gatewayPaymentEntity }).optional() }).optional(),
});

/** The webhook's event id header (X-Razorpay-Event-Id). */
export const gatewayEventId = gatewayText("X-Razorpay-Event-Id", GATEWAY_LIMITS.idChars).min(1);

/** buy-study-materials/create-payment: the priced study materials in the cart. */
export const buyStudyMaterialsBody = z.strictObject({
  study_material_ids: z
    .array(z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE), {
      error: "study_material_ids must be a list of study material numbers",
    })
    .min(1, "Choose at least one study material to buy")
    .max(ORDER_MAX_STUDY_MATERIALS, `One payment can buy at most ${ORDER_MAX_STUDY_MATERIALS} study materials`),
});
export type BuyStudyMaterialsBody = z.infer<typeof buyStudyMaterialsBody>;

/** get-buy-study-materials: what the payer has bought, and in which paid order. */
export const boughtStudyMaterial = z.object({
  study_material_id: z.number().int(),
  title: z.string(),
  order_id: z.number().int(),
  reference: z.string(),
  amount_minor: z.number().int(),
  currency: z.string(),
  paid_at: z.string(),
});
export type BoughtStudyMaterial = z.infer<typeof boughtStudyMaterial>;

/** pay-my-fee: an individual student's own registration and what it costs. */
export const ownFee = z.object({
  student_name: z.string(),
  class_level: z.number().int(),
  payment_status: z.enum(PAYMENT_CODES),
  roll_number: z.string().nullable(),
  /** The fee when unpaid; null when paid or when no fee is set for the student's country. */
  amount: money.nullable(),
  /** The order that holds the fee while it waits for the gateway (pending), to continue it. */
  open_order_id: z.number().int().nullable(),
  /** The student's exam language: the page speaks it (issue 35 item 7). */
  language: z.string(),
});
export type OwnFee = z.infer<typeof ownFee>;
