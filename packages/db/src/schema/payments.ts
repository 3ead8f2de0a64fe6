import {
  CAPTURE_OUTCOMES,
  ORDER_PURPOSES,
  ORDER_STATUSES,
  PAYMENT_PROVIDERS,
  RAISED_REQUEST_STATUSES,
} from "@repo/contracts/payments-constants";
import { sql } from "drizzle-orm";
import { bigint, char, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { enumCheck } from "./checks";
import { studyMaterials } from "./content-files";
import { users } from "./people";
import { examYears, masterInstitutes, schools, students } from "./schools";

/**
 * A payment order (docs/decisions/017-payments.md): what one payer pays for one or
 * more students or study materials, in one currency. Status moves only along ORDER_TRANSITIONS
 * (contracts/payments-constants). The gateway knows it by `provider_order_id`; a paid order has
 * the capture that paid it, its paid time and its invoice number (gapless per exam year, taken in
 * the same transaction that makes it paid).
 */
export const paymentOrders = pgTable(
  "payment_orders",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    examYearId: integer("exam_year_id")
      .notNull()
      .references(() => examYears.id, { onDelete: "restrict" }),
    /** students | study_materials */
    purpose: text("purpose").notNull(),
    /** The user who created the order (a school, a master institute, an institute or a student). */
    payerUserId: integer("payer_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** The school paying (roles 2, 18), or whose student pays for itself; null for a master institute. */
    schoolId: integer("school_id").references(() => schools.id, { onDelete: "restrict" }),
    masterInstituteId: integer("master_institute_id").references(() => masterInstitutes.id, {
      onDelete: "restrict",
    }),
    currency: char("currency", { length: 3 }).notNull(),
    /** The sum of the items, in the currency's minor unit. */
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    status: text("status").notNull().default("created"),
    /** demo | razorpay */
    provider: text("provider").notNull(),
    providerOrderId: text("provider_order_id"),
    /** The gateway payment that paid the order (also for an order paid by hand: null). */
    providerPaymentId: text("provider_payment_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** When it failed, expired or was refunded, and why (shown to the payer and to pay support). */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    statusReason: text("status_reason"),
    invoiceNumber: integer("invoice_number"),
    /** Marked paid by hand (cheque, bank transfer): who, and the reference they gave. */
    manualReference: text("manual_reference"),
    markedBy: integer("marked_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * When what follows a payment was done: the receipt queued, the students' sign-ins handed to a
     * job (domains/payments/after-paid.ts). Null on a paid order: still to do.
     */
    followedUpAt: timestamp("followed_up_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The follow-up worker's queue: paid orders not followed up yet.
    index("payment_orders_follow_up_idx").on(t.id).where(sql`${t.status} = 'paid' and ${t.followedUpAt} is null`),
    uniqueIndex("payment_orders_provider_order_key").on(t.provider, t.providerOrderId),
    uniqueIndex("payment_orders_invoice_key").on(t.examYearId, t.invoiceNumber),
    index("payment_orders_payer_idx").on(t.payerUserId, t.createdAt),
    index("payment_orders_school_idx").on(t.schoolId, t.createdAt),
    index("payment_orders_institute_idx").on(t.masterInstituteId, t.createdAt),
    // The reconciliation job and the order review read open orders oldest first.
    index("payment_orders_open_idx").on(t.createdAt).where(sql`${t.status} in ('created', 'pending')`),
    // The dashboard's money collected and latest payments (docs/decisions/019-region-lists.md).
    // (What the sums read is in the index: the money is summed without reading the orders.)
    index("payment_orders_paid_idx")
      .on(t.examYearId, t.paidAt, t.currency, t.amountMinor, t.schoolId)
      .where(sql`${t.status} = 'paid'`),
    check("payment_orders_purpose", enumCheck(t.purpose, ORDER_PURPOSES)),
    check("payment_orders_status", enumCheck(t.status, ORDER_STATUSES)),
    check("payment_orders_provider", enumCheck(t.provider, PAYMENT_PROVIDERS)),
    check("payment_orders_amount", sql`${t.amountMinor} > 0`),
    check("payment_orders_currency", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      "payment_orders_paid_fields",
      sql`(${t.status} in ('paid', 'refunded')) = (${t.paidAt} is not null and ${t.invoiceNumber} is not null)`,
    ),
  ],
);

/**
 * One line of an order: a student's registration fee or a study material, with the amount and a
 * description copied at order time (the invoice prints what was bought, whatever changes later).
 */
export const paymentOrderItems = pgTable(
  "payment_order_items",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => paymentOrders.id, { onDelete: "cascade" }),
    studentId: integer("student_id").references(() => students.id, { onDelete: "restrict" }),
    studyMaterialId: integer("study_material_id").references(() => studyMaterials.id, { onDelete: "restrict" }),
    /** mock | level1 | level2 for a student's fee; null for a study material. */
    examLevel: text("exam_level"),
    description: text("description").notNull(),
    amountMinor: integer("amount_minor").notNull(),
  },
  (t) => [
    index("payment_order_items_order_idx").on(t.orderId),
    index("payment_order_items_student_idx").on(t.studentId),
    index("payment_order_items_material_idx").on(t.studyMaterialId),
    uniqueIndex("payment_order_items_order_student_key").on(t.orderId, t.studentId),
    uniqueIndex("payment_order_items_order_material_key").on(t.orderId, t.studyMaterialId),
    check("payment_order_items_one_thing", sql`(${t.studentId} is null) <> (${t.studyMaterialId} is null)`),
    check("payment_order_items_amount", sql`${t.amountMinor} > 0`),
  ],
);

/**
 * A payment the gateway reported, once per gateway payment id whatever number of webhooks,
 * returns and reconciliations mention it. Its outcome says what it did: paid its order, or was
 * held (amount mismatch) or is due back (duplicate, paid after expiry) for pay support.
 */
export const paymentCaptures = pgTable(
  "payment_captures",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => paymentOrders.id, { onDelete: "restrict" }),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    /** CAPTURE_OUTCOMES: applied | duplicate | mismatch | late | refunded */
    outcome: text("outcome").notNull(),
    method: text("method"),
    refundReference: text("refund_reference"),
    refundedBy: integer("refunded_by").references(() => users.id, { onDelete: "set null" }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_captures_provider_payment_key").on(t.provider, t.providerPaymentId),
    index("payment_captures_order_idx").on(t.orderId),
    index("payment_captures_review_idx").on(t.createdAt).where(sql`${t.outcome} in ('duplicate', 'mismatch', 'late')`),
    check("payment_captures_outcome", enumCheck(t.outcome, CAPTURE_OUTCOMES)),
  ],
);

/**
 * Everything the gateway told us (webhooks, returns from checkout, reconciliation answers) and
 * what we did with it, for pay support. A webhook's event id is unique: the first delivery is
 * processed, repeats answer 200 and change nothing.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text("provider").notNull(),
    /** The gateway's event id (webhooks); null for returns and reconciliation. */
    eventId: text("event_id"),
    /** webhook | return | reconcile | manual */
    source: text("source").notNull(),
    /** The gateway's event type, e.g. payment.captured, payment.failed, order.paid. */
    type: text("type").notNull(),
    orderId: integer("order_id").references(() => paymentOrders.id, { onDelete: "set null" }),
    providerPaymentId: text("provider_payment_id"),
    amountMinor: bigint("amount_minor", { mode: "number" }),
    currency: char("currency", { length: 3 }),
    /** What it did: applied, duplicate, mismatch, late, failed, expired, ignored… */
    outcome: text("outcome").notNull(),
    payload: jsonb("payload"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_events_provider_event_key").on(t.provider, t.eventId).where(sql`${t.eventId} is not null`),
    index("payment_events_order_idx").on(t.orderId, t.receivedAt),
    index("payment_events_payment_idx").on(t.providerPaymentId),
    check("payment_events_source", sql`${t.source} in ('webhook', 'return', 'reconcile', 'manual')`),
  ],
);

/**
 * The last invoice number given per exam year. Taking the next one is an upsert on this row
 * inside the transaction that makes the order paid, so numbers have no gaps (a rolled-back payment
 * rolls its number back too) and no repeats (concurrent payments queue on the row).
 */
export const invoiceSequences = pgTable("invoice_sequences", {
  examYearId: integer("exam_year_id")
    .primaryKey()
    .references(() => examYears.id, { onDelete: "cascade" }),
  lastValue: integer("last_value").notNull(),
});

/**
 * A request a school or master institute raises to pay support about a payment (docs/domain.md, Fees and payments):
 * subject, the order it is about, a message and an optional attachment in the file storage.
 */
export const raisedRequests = pgTable(
  "raised_requests",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    raisedBy: integer("raised_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    schoolId: integer("school_id").references(() => schools.id, { onDelete: "restrict" }),
    masterInstituteId: integer("master_institute_id").references(() => masterInstitutes.id, {
      onDelete: "restrict",
    }),
    orderId: integer("order_id").references(() => paymentOrders.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    attachmentKey: text("attachment_key"),
    attachmentName: text("attachment_name"),
    attachmentType: text("attachment_type"),
    /** RAISED_REQUEST_STATUSES: open | in_progress | resolved | rejected */
    status: text("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("raised_requests_status_idx").on(t.status, t.createdAt),
    index("raised_requests_raised_by_idx").on(t.raisedBy, t.createdAt),
    index("raised_requests_school_idx").on(t.schoolId),
    check("raised_requests_status", enumCheck(t.status, RAISED_REQUEST_STATUSES)),
  ],
);

/** Each status change of a raised request, with its comment; the requester sees them all. */
export const raisedRequestChanges = pgTable(
  "raised_request_changes",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    requestId: integer("request_id")
      .notNull()
      .references(() => raisedRequests.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").notNull(),
    toStatus: text("to_status").notNull(),
    comment: text("comment").notNull(),
    changedBy: integer("changed_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("raised_request_changes_request_idx").on(t.requestId, t.createdAt)],
);
