/**
 * Payments (docs/decisions/017-payments.md): orders, their statuses, the gateway's
 * captures and raised requests. Plain values and pure rules without zod, so screens can import
 * them cheaply (docs/decisions/007-contracts-constants-without-zod.md).
 */

/**
 * created → pending → paid | failed | expired | cancelled (by its payer, decision 054); refunded
 * is set by admins on a paid order.
 */
export const ORDER_STATUSES = ["created", "pending", "paid", "failed", "expired", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_NAMES: Record<OrderStatus, string> = {
  created: "Created",
  pending: "Awaiting payment",
  paid: "Paid",
  failed: "Failed",
  expired: "Expired",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

/** The badge tone each status is shown in, on the payer's and pay support's lists alike. */
export const ORDER_STATUS_TONES: Record<OrderStatus, "success" | "warning" | "danger" | "neutral"> = {
  created: "neutral",
  pending: "warning",
  paid: "success",
  failed: "danger",
  expired: "neutral",
  cancelled: "neutral",
  refunded: "neutral",
};

/** Where an order may go from each status. Paid is final except for an admin's refund. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  created: ["pending", "failed", "expired", "cancelled", "paid"],
  pending: ["paid", "failed", "expired", "cancelled"],
  paid: ["refunded"],
  failed: [],
  expired: [],
  cancelled: [],
  refunded: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** An order still waiting for the gateway: its students are held as pending. */
export const OPEN_ORDER_STATUSES = ["created", "pending"] as const satisfies readonly OrderStatus[];

/** What an order pays for. */
export const ORDER_PURPOSES = ["students", "study_materials"] as const;
export type OrderPurpose = (typeof ORDER_PURPOSES)[number];

/** The exam level a student's registration fee is for (docs/decisions/017-payments.md). */
export const REGISTRATION_FEE_LEVEL = "level1" as const;

/** The gateways behind the one adapter interface; `demo` is the default (PAYMENT_PROVIDER). */
export const PAYMENT_PROVIDERS = ["demo", "razorpay"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * How long an open order holds what it pays for (decision 054): after this the reconciliation job
 * asks the gateway about it and settles it or expires it, which releases its students.
 */
export const ORDER_EXPIRES_AFTER_MINUTES = 30;

/** When an open order created at `createdAt` releases its students, unless it is paid or cancelled first. */
export function orderReleasesAt(createdAt: Date | string): Date {
  return new Date(new Date(createdAt).getTime() + ORDER_EXPIRES_AFTER_MINUTES * 60_000);
}

/** Whether an order of this status still waits for the gateway (its payer may continue or cancel it). */
export function isOpenOrder(status: OrderStatus): boolean {
  return (OPEN_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

/**
 * What the portal keeps of a gateway's webhook or payment, as its columns hold it (decision 049):
 * ids and types as text no longer than a gateway's, a currency of three letters (`char(3)`),
 * amounts as whole minor units a JavaScript number holds exactly (`bigint` holds more).
 */
export const GATEWAY_LIMITS = {
  idChars: 100,
  eventTypeChars: 100,
  statusChars: 40,
  methodChars: 40,
  errorChars: 500,
  currency: /^[A-Za-z]{3}$/,
  maxAmountMinor: Number.MAX_SAFE_INTEGER,
} as const;

/** The most students one order may cover (a large school pays in several orders). */
export const ORDER_MAX_STUDENTS = 5000;
/** Study materials one order may buy (a cart, not a warehouse). */
export const ORDER_MAX_STUDY_MATERIALS = 50;

/**
 * What became of one capture (a payment the gateway reports, unique by its payment id):
 * applied to its order; a second payment for an order already paid (refund due); a payment whose
 * amount or currency differs from the order (held for review, never applied); a payment that
 * arrived after its order expired, failed or was cancelled (refund due); refunded by an admin.
 */
export const CAPTURE_OUTCOMES = ["applied", "duplicate", "mismatch", "late", "refunded"] as const;
export type CaptureOutcome = (typeof CAPTURE_OUTCOMES)[number];

/** Payments not applied to their order, which pay support gives back to the payer. */
export const CAPTURE_OUTCOMES_DUE_BACK: readonly CaptureOutcome[] = ["duplicate", "late", "mismatch"];

export const CAPTURE_OUTCOME_NAMES: Record<CaptureOutcome, string> = {
  applied: "Applied",
  duplicate: "Duplicate payment (refund due)",
  mismatch: "Amount mismatch (held for review)",
  late: "Paid after expiry (refund due)",
  refunded: "Refunded",
};

/** Raised requests (docs/domain.md, Fees and payments): open → in progress → resolved | rejected, each with a comment. */
export const RAISED_REQUEST_STATUSES = ["open", "in_progress", "resolved", "rejected"] as const;
export type RaisedRequestStatus = (typeof RAISED_REQUEST_STATUSES)[number];

export const RAISED_REQUEST_STATUS_NAMES: Record<RaisedRequestStatus, string> = {
  open: "Open",
  in_progress: "In progress",
  resolved: "Resolved",
  rejected: "Rejected",
};

export const RAISED_REQUEST_TRANSITIONS: Record<RaisedRequestStatus, readonly RaisedRequestStatus[]> = {
  open: ["in_progress", "resolved", "rejected"],
  in_progress: ["resolved", "rejected"],
  resolved: [],
  rejected: [],
};

/** An order as payers and pay support quote it: "ORD-000042". */
export function orderReference(orderId: number): string {
  return `ORD-${String(orderId).padStart(6, "0")}`;
}

/** The order id in a reference ("ORD-000042", "ord-42" or "42"), or null when it is not one. */
export function orderIdOf(reference: string): number | null {
  const match = /^(?:ord-?)?0*(\d{1,9})$/i.exec(reference.trim());
  return match?.[1] ? Number(match[1]) : null;
}

/** An invoice number as printed: the exam year's label and the year's gapless sequence, "2026-27/000017". */
export function formatInvoiceNumber(examYearLabel: string, sequence: number): string {
  return `${examYearLabel}/${String(sequence).padStart(6, "0")}`;
}

/** A raised request's limits (docs/domain.md, Fees and payments): the form, the comments and the optional attachment. */
export const RAISED_REQUEST_LIMITS = {
  subjectMax: 150,
  messageMax: 2000,
  commentMax: 1000,
  attachmentMaxBytes: 5 * 1024 * 1024,
} as const;

/** Razorpay's Standard Checkout, loaded by the payer's browser only when it pays through Razorpay. */
export const RAZORPAY_CHECKOUT_SCRIPT = "https://checkout.razorpay.com/v1/checkout.js";

/**
 * What Razorpay's checkout loads beside its script (its payment window is a frame of api.razorpay.com,
 * and it reports to lumberjack): the school app's Content-Security-Policy allows exactly these.
 */
export const RAZORPAY_CSP_SOURCES = {
  "script-src": ["https://checkout.razorpay.com"],
  "frame-src": ["https://api.razorpay.com", "https://checkout.razorpay.com"],
  "connect-src": ["https://api.razorpay.com", "https://lumberjack.razorpay.com"],
  "img-src": ["https://cdn.razorpay.com"],
} as const;
