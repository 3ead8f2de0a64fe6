/**
 * Reconciliation (docs/domain.md, Fees and payments; decision 054): an order still pending ORDER_EXPIRES_AFTER_MINUTES after it was
 * created is asked about at the gateway; a captured payment settles it (as a webhook would have),
 * no payment expires it and frees its students. Runs as a job every few minutes, so one API
 * instance does it at a time; each result is in the activity log.
 */
import { ORDER_EXPIRES_AFTER_MINUTES } from "@repo/contracts/payments-constants";
import { queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import type { Services } from "../../context";
import { recordActivity } from "../../kernel/activity";
import type { JobHandler } from "../../kernel/jobs/jobs";
import { releaseOrder } from "./orders";
import { settleCapture } from "./settle";

export const RECONCILE_JOB = "payments.reconcile";
/**
 * How often the API queues a reconciliation: every minute, so an order releases its students
 * within a minute of the time its payer was shown (decision 054).
 */
export const RECONCILE_EVERY_MS = 60_000;

export async function reconcileOrders(services: Services, now = new Date()) {
  const { db } = services.database;
  const cutoff = new Date(now.getTime() - ORDER_EXPIRES_AFTER_MINUTES * 60_000).toISOString();
  const stuck = await queryRows<{ id: number; provider_order_id: string | null }>(
    db,
    sql`select id, provider_order_id from payment_orders
        where status in ('created', 'pending') and provider = ${services.gateway.provider}
          and created_at < ${cutoff}::timestamptz
        order by id limit 500`,
  );
  let settled = 0;
  let expired = 0;
  for (const order of stuck) {
    const payments = order.provider_order_id ? await services.gateway.orderPayments(order.provider_order_id) : [];
    const captured = payments.filter((p) => p.status === "captured");
    if (captured.length > 0) {
      await db.transaction(async (tx) => {
        for (const payment of captured) await settleCapture(services, tx, payment, "reconcile");
      });
      settled += 1;
      continue;
    }
    await db.transaction(async (tx) => {
      const closed = await releaseOrder(
        tx,
        order.id,
        "expired",
        `No payment arrived within ${ORDER_EXPIRES_AFTER_MINUTES} minutes; the students can be paid for again.`,
      );
      if (closed) {
        expired += 1;
        await recordActivity(tx, {
          userId: null,
          action: "payment.expired",
          entity: "payment_orders",
          entityId: order.id,
        });
      }
    });
  }
  return { checked: stuck.length, settled, expired };
}

export const reconcileJob =
  (services: Services): JobHandler =>
  async () =>
    reconcileOrders(services);
