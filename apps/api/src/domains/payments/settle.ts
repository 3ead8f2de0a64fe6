/**
 * Settling what the gateway says (docs/domain.md, Fees and payments). Money is never lost, doubled or guessed:
 * - a webhook counts only with the gateway's signature over its raw body, and once per event id;
 * - a payment counts once per gateway payment id (the webhook and the return may both bring it);
 * - its amount and currency must be the order's, else it is held as a mismatch, never applied;
 * - a second payment for a paid order is a duplicate, a payment for a failed or expired order is
 *   late (also for an order its payer cancelled, decision 054): both are recorded for a refund and change no student;
 * - an applied payment pays the order and its students in one transaction: the year's next
 *   invoice number (gapless), roll numbers and the referral ledger; the receipt and the students'
 *   sign-ins follow after the commit (domains/payments/after-paid.ts).
 */

import { formatMoney } from "@repo/contracts/fees";
import type { checkoutReturnBody, OrderSummary } from "@repo/contracts/payments";
import type { CaptureOutcome } from "@repo/contracts/payments-constants";
import { type DbOrTx, queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { Services } from "../../context";
import { activityInsertSql, recordActivity } from "../../kernel/activity";
import { ApiError } from "../../kernel/http/errors";
import { recordReferralCommissions } from "../referrals/referral-ledger";
import { type GatewayPayment, parseWebhook } from "./gateway";
import { orderForPayer, type Payer, releaseOrder } from "./orders";
import { markPaidWithRollNumbers, type PayableStudent } from "./student-payments";

export type SettleOutcome =
  | CaptureOutcome
  | "failed"
  | "ignored"
  | "duplicate-event"
  | "unknown-order"
  | "already-recorded";

export interface LockedOrder {
  id: number;
  status: string;
  currency: string;
  amount_minor: string | number;
  exam_year_id: number;
  payer_user_id: number;
  school_id: number | null;
  master_institute_id: number | null;
}

/** Applies (or records) a captured payment. Runs inside the caller's transaction. */
export async function settleCapture(
  services: Services,
  tx: DbOrTx,
  payment: GatewayPayment,
  source: "webhook" | "return" | "reconcile",
  /** The stored webhook event that brought it: its outcome is written with the activity, in one statement. */
  eventId?: number,
): Promise<{ outcome: SettleOutcome; orderId: number | null }> {
  const provider = services.gateway.provider;
  const [order] = await queryRows<LockedOrder>(
    tx,
    sql`select id, status, currency, amount_minor, exam_year_id, payer_user_id, school_id, master_institute_id
        from payment_orders where provider = ${provider} and provider_order_id = ${payment.providerOrderId} for update`,
  );
  if (!order) return { outcome: "unknown-order", orderId: null };
  const matches =
    Number(order.amount_minor) === payment.amountMinor && order.currency.trim() === payment.currency.trim();
  const outcome: CaptureOutcome = !matches
    ? "mismatch"
    : order.status === "paid" || order.status === "refunded"
      ? "duplicate"
      : order.status === "failed" || order.status === "expired" || order.status === "cancelled"
        ? "late"
        : "applied";
  const inserted = await queryRows<{ id: number }>(
    tx,
    sql`insert into payment_captures (order_id, provider, provider_payment_id, amount_minor, currency, outcome, method)
        values (${order.id}, ${provider}, ${payment.paymentId}, ${payment.amountMinor}, ${payment.currency}, ${outcome},
          ${payment.method})
        on conflict (provider, provider_payment_id) do nothing returning id`,
  );
  if (inserted.length === 0) return { outcome: "already-recorded", orderId: order.id };

  if (outcome === "mismatch") {
    await tx.execute(sql`
      update payment_orders set status_reason = ${`Payment ${payment.paymentId} of ${formatMoney({ currency: payment.currency, amount_minor: payment.amountMinor })} does not match the order: held for pay support to review.`},
        updated_at = now() where id = ${order.id}`);
  } else if (outcome === "applied") {
    await applyPayment(tx, order, payment.paymentId);
  }
  const activity = {
    userId: null,
    action: `payment.${outcome}`,
    entity: "payment_orders",
    entityId: order.id,
    before: { status: order.status },
    after: { payment_id: payment.paymentId, amount_minor: payment.amountMinor, currency: payment.currency, source },
  };
  if (eventId === undefined) await recordActivity(tx, activity);
  else {
    await tx.execute(sql`with logged as (${activityInsertSql(tx, activity)})
      update payment_events set outcome = ${outcome}, order_id = ${order.id} where id = ${eventId}`);
  }
  return { outcome, orderId: order.id };
}

export async function applyPayment(tx: DbOrTx, order: LockedOrder, paymentId: string | null) {
  const paidAt = new Date();
  const students = await queryRows<PayableStudent & { referred: boolean }>(
    tx,
    sql`select s.id, s.exam_year_id, s.state_id, s.class_level, s.roll_number,
          s.referred_by_school_id is not null as referred
        from students s join payment_order_items i on i.student_id = s.id where i.order_id = ${order.id}
        order by s.id for update of s`,
  );
  // The shared counters (roll numbers per state and class, the year's invoice number) are taken
  // last: every payment queues on their rows until it commits, so they are held as briefly as possible.
  await markPaidWithRollNumbers(tx, students);
  // A referred student's school earns its commission once the student is paid (the ledger reads that).
  const referred = students.filter((s) => s.referred).map((s) => s.id);
  if (referred.length > 0) await recordReferralCommissions(tx, referred, { examLevel: "level1", paidAt });
  // The year's next invoice number (one row per year, gapless) and the order's paid state in one
  // statement just before the commit: every settlement queues on that row until it commits.
  await tx.execute(sql`
    with invoice as (
      insert into invoice_sequences (exam_year_id, last_value) values (${order.exam_year_id}, 1)
      on conflict (exam_year_id) do update set last_value = invoice_sequences.last_value + 1
      returning last_value)
    update payment_orders set status = 'paid', paid_at = ${paidAt.toISOString()}::timestamptz,
      provider_payment_id = ${paymentId}, invoice_number = (select last_value from invoice), status_reason = null,
      updated_at = now()
    where id = ${order.id}`);
}

/** A payment the gateway reports as failed: the order fails and its students are payable again. */
async function settleFailure(services: Services, tx: DbOrTx, payment: GatewayPayment) {
  const [order] = await queryRows<{ id: number }>(
    tx,
    sql`select id from payment_orders where provider = ${services.gateway.provider}
        and provider_order_id = ${payment.providerOrderId} for update`,
  );
  if (!order) return { outcome: "unknown-order" as const, orderId: null };
  const released = await releaseOrder(tx, order.id, "failed", payment.error ?? "The payment did not go through.");
  return { outcome: released ? ("failed" as const) : ("ignored" as const), orderId: order.id };
}

async function eventOutcome(tx: DbOrTx, eventId: number, result: { outcome: SettleOutcome; orderId: number | null }) {
  await tx.execute(
    sql`update payment_events set outcome = ${result.outcome}, order_id = ${result.orderId} where id = ${eventId}`,
  );
}

/**
 * A webhook as it arrived: its raw body and the gateway's headers. Tampered or unsigned → 400 and
 * nothing is stored. Each event id is handled once (a repeat answers 200 and changes nothing); the
 * event and what it did are kept for pay support.
 */
export async function handleWebhook(
  services: Services,
  provider: string,
  rawBody: string,
  signature: string | null,
  eventIdHeader: string | null,
): Promise<{ outcome: SettleOutcome }> {
  const { gateway } = services;
  if (provider !== gateway.provider) throw new ApiError(404, `This portal does not take payments through ${provider}.`);
  if (!gateway.verifyWebhook(rawBody, signature)) throw new ApiError(400, "The webhook's signature does not match.");
  const event = parseWebhook(rawBody, eventIdHeader);
  if (!event) throw new ApiError(400, "The webhook is not an event this portal understands.");
  if ("field" in event) {
    throw new ApiError(400, `The webhook's ${event.field} cannot be kept: ${event.message}.`, [event]);
  }
  const settled = await services.database.db.transaction(async (tx) => {
    const [stored] = await queryRows<{ id: number }>(
      tx,
      sql`insert into payment_events (provider, event_id, source, type, provider_payment_id, amount_minor, currency,
            outcome, payload)
          values (${provider}, ${event.eventId}, 'webhook', ${event.type}, ${event.payment?.paymentId ?? null},
            ${event.payment?.amountMinor ?? null}, ${event.payment?.currency ?? null}, 'received', ${rawBody}::jsonb)
          on conflict (provider, event_id) where event_id is not null do nothing returning id`,
    );
    if (!stored) return { outcome: "duplicate-event" as const };
    if (event.payment && event.type === "payment.captured") {
      const settled = await settleCapture(services, tx, event.payment, "webhook", stored.id);
      // An applied, held or refundable capture wrote the event's outcome with its activity.
      if (settled.outcome !== "unknown-order" && settled.outcome !== "already-recorded") {
        return { outcome: settled.outcome };
      }
      await eventOutcome(tx, stored.id, settled);
      return { outcome: settled.outcome };
    }
    const result =
      event.payment && event.type === "payment.failed"
        ? await settleFailure(services, tx, event.payment)
        : { outcome: "ignored" as const, orderId: null };
    await eventOutcome(tx, stored.id, result);
    return { outcome: result.outcome };
  });
  return settled;
}

/**
 * The payer's return from the gateway's checkout: with Razorpay's ids and a signature that is the
 * gateway's, the order's captured payments are settled at once instead of waiting for the webhook
 * (each payment counts once, whichever comes first). Without them (the demo gateway) the order is
 * answered as it is. Someone else's or an unknown order is a 404, a wrong signature a 400 that settles nothing.
 */
export async function settleReturn(
  services: Services,
  payer: Payer,
  input: z.output<typeof checkoutReturnBody>,
): Promise<OrderSummary> {
  const { gateway } = services;
  const order = await orderForPayer(services.database.db, gateway, payer, input.order_id);
  if (input.razorpay_payment_id && input.razorpay_order_id && input.razorpay_signature) {
    if (!gateway.verifyCheckout(input.razorpay_order_id, input.razorpay_payment_id, input.razorpay_signature)) {
      throw new ApiError(400, "The checkout's signature does not match.");
    }
    const payments = await gateway.orderPayments(input.razorpay_order_id);
    await services.database.db.transaction(async (tx) => {
      for (const payment of payments.filter((p) => p.status === "captured")) {
        await settleCapture(services, tx, payment, "return");
      }
    });
  }
  return await orderForPayer(services.database.db, gateway, payer, order.id);
}
