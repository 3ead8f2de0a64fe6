/**
 * The pay-support desk (coordinator app, role 5): every order with what the gateway said about it,
 * and what a person may do to one: ask the gateway now, expire it, mark it paid by hand (a cheque,
 * a bank transfer) with a reference and a reason, give back a payment that is due back; and, for
 * admins, refund a paid order. Each is logged.
 */

import { ROLE } from "@repo/auth/roles";
import { formatMoney } from "@repo/contracts/fees";
import { ID_MAX } from "@repo/contracts/ids-constants";
import { type Page, pageOf } from "@repo/contracts/pagination";
import type { SupportOrderDetail, SupportOrderQuery, SupportOrderRow } from "@repo/contracts/pay-support";
import {
  CAPTURE_OUTCOMES_DUE_BACK,
  type CaptureOutcome,
  formatInvoiceNumber,
  ORDER_EXPIRES_AFTER_MINUTES,
  orderIdOf,
  orderReference,
} from "@repo/contracts/payments-constants";
import { type Db, type DbOrTx, queryRows } from "@repo/db";
import { type SQL, sql } from "drizzle-orm";
import type { Services } from "../../context";
import { type Actor, recordActivity } from "../../kernel/activity";
import { ApiError, notFound } from "../../kernel/http/errors";
import { containing } from "../../kernel/sql";
import { addressProblem, enqueueMail } from "../mail/index";
import { reverseReferralCommissions } from "../referrals/referral-ledger";
import { closeOpenOrder } from "./orders";
import { applyPayment, type LockedOrder, settleCapture } from "./settle";

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

interface OrderRow {
  id: number;
  status: SupportOrderRow["status"];
  currency: string;
  amount_minor: string | number;
  payer_name: string;
  payer_username: string;
  referred_by: string | null;
  students: string | number;
  names: string[] | null;
  provider: string;
  created_at: Date | string;
  paid_at: Date | string | null;
  invoice_number: number | null;
  year_label: string;
  status_reason: string | null;
  mismatches: string | number;
  refunds_due: string | number;
  manual_reference: string | null;
}

const select = sql`select o.id, o.status, o.currency, o.amount_minor, coalesce(sc.name, mi.name, u.name) as payer_name,
    u.username as payer_username, o.provider, o.created_at, o.paid_at, o.invoice_number, y.label as year_label,
    o.status_reason, o.manual_reference,
    (select rs.name from payment_order_items i join students s on s.id = i.student_id
       join schools rs on rs.id = s.referred_by_school_id where i.order_id = o.id order by i.id limit 1) as referred_by,
    (select count(*) from payment_order_items i where i.order_id = o.id) as students,
    (select array_agg(d.description) from (select description from payment_order_items i where i.order_id = o.id
       order by i.id limit 2) d) as names,
    (select count(*) from payment_captures c where c.order_id = o.id and c.outcome = 'mismatch') as mismatches,
    (select count(*) from payment_captures c where c.order_id = o.id and c.outcome in ('duplicate', 'late')) as refunds_due
  from payment_orders o
  join users u on u.id = o.payer_user_id
  join exam_years y on y.id = o.exam_year_id
  left join schools sc on sc.id = o.school_id
  left join master_institutes mi on mi.id = o.master_institute_id`;

function rowOf(row: OrderRow): SupportOrderRow {
  const students = Number(row.students);
  const names = row.names ?? [];
  return {
    id: row.id,
    reference: orderReference(row.id),
    status: row.status,
    amount: { currency: row.currency.trim(), amount_minor: Number(row.amount_minor) },
    payer_name: row.payer_name,
    payer_username: row.payer_username,
    referred_by: row.referred_by,
    students,
    summary: students > names.length ? `${names.join(", ")} and ${students - names.length} more` : names.join(", "),
    provider: row.provider,
    created_at: iso(row.created_at) ?? "",
    paid_at: iso(row.paid_at),
    invoice_number: row.invoice_number === null ? null : formatInvoiceNumber(row.year_label, row.invoice_number),
    status_reason: row.status_reason,
    mismatches: Number(row.mismatches),
    refunds_due: Number(row.refunds_due),
  };
}

/** The desk's filters: the view, and a search by reference, a student (name, roll, phone) or the payer. */
function supportOrderFilter(query: Omit<SupportOrderQuery, "page" | "per_page">): SQL {
  const where: SQL[] = [sql`true`];
  if (query.payer === "schools") where.push(sql`u.role_id <> ${ROLE.student}`);
  if (query.payer === "individual") where.push(sql`u.role_id = ${ROLE.student}`);
  if (query.payer === "referred") {
    where.push(sql`exists (select 1 from payment_order_items i join students s on s.id = i.student_id
      where i.order_id = o.id and s.referred_by_school_id is not null)`);
  }
  if (query.school_id !== undefined) {
    where.push(sql`(o.school_id = ${query.school_id} or exists (select 1 from payment_order_items i
      join students s on s.id = i.student_id where i.order_id = o.id and s.school_id = ${query.school_id}))`);
  }
  if (query.view === "waiting") where.push(sql`o.status in ('created', 'pending')`);
  if (query.view === "attention") {
    where.push(sql`(exists (select 1 from payment_captures c where c.order_id = o.id and c.outcome in ('mismatch', 'duplicate', 'late'))
      or (o.status in ('created', 'pending') and o.created_at < now() - make_interval(mins => ${ORDER_EXPIRES_AFTER_MINUTES})))`);
  }
  const term = query.search?.trim();
  if (term) {
    const id = orderIdOf(term);
    const like = containing(term);
    where.push(sql`(${id === null ? sql`false` : sql`o.id = ${id}`} or o.provider_order_id = ${term}
      or sc.name ilike ${like} or mi.name ilike ${like} or u.username ilike ${like}
      or exists (select 1 from payment_order_items i join students s on s.id = i.student_id where i.order_id = o.id
        and (s.first_name || ' ' || s.last_name ilike ${like} or s.roll_number = ${term} or s.contact_phone ilike ${like}))
      or exists (select 1 from payment_captures c where c.order_id = o.id and c.provider_payment_id = ${term}))`);
  }
  return sql.join(where, sql` and `);
}

/** Orders for the desk, newest first: by reference, a student (name, roll, phone) or the payer. */
export async function listSupportOrders(db: Db, query: SupportOrderQuery): Promise<Page<SupportOrderRow>> {
  const condition = supportOrderFilter(query);
  const offset = (query.page - 1) * query.per_page;
  const [rows, [count]] = await Promise.all([
    queryRows<OrderRow>(
      db,
      sql`${select} where ${condition} order by o.created_at desc, o.id desc limit ${query.per_page} offset ${offset}`,
    ),
    queryRows<{ total: string | number }>(
      db,
      sql`select count(*) as total from payment_orders o join users u on u.id = o.payer_user_id
          left join schools sc on sc.id = o.school_id left join master_institutes mi on mi.id = o.master_institute_id
          where ${condition}`,
    ),
  ]);
  return pageOf(rows.map(rowOf), Number(count?.total ?? 0), query.page, query.per_page);
}

/** Every order the desk's filters match, newest first, in batches (keyset on the id), for the export. */
export async function* supportOrdersForExport(
  db: Db,
  filters: Omit<SupportOrderQuery, "page" | "per_page">,
): AsyncIterable<SupportOrderRow[]> {
  const condition = supportOrderFilter(filters);
  let beforeId = ID_MAX; // above every id (an integer column)
  for (;;) {
    const rows = await queryRows<OrderRow>(
      db,
      sql`${select} where ${condition} and o.id < ${beforeId} order by o.id desc limit 500`,
    );
    if (rows.length === 0) return;
    yield rows.map(rowOf);
    beforeId = rows.at(-1)?.id ?? 0;
  }
}

export async function supportOrder(db: DbOrTx, orderId: number): Promise<SupportOrderDetail> {
  const [row] = await queryRows<OrderRow>(db, sql`${select} where o.id = ${orderId}`);
  if (!row) throw notFound(`Order ${orderReference(orderId)}`);
  const [items, captures, events] = await Promise.all([
    queryRows<{
      student_id: number | null;
      description: string;
      class_level: number | null;
      roll_number: string | null;
      payment_status: string | null;
      amount_minor: number;
    }>(
      db,
      sql`select i.student_id, i.description, s.class_level, s.roll_number, s.payment_status, i.amount_minor
          from payment_order_items i left join students s on s.id = i.student_id where i.order_id = ${orderId} order by i.id`,
    ),
    queryRows<{
      provider_payment_id: string;
      currency: string;
      amount_minor: string | number;
      outcome: CaptureOutcome;
      method: string | null;
      refund_reference: string | null;
      refunded_at: Date | string | null;
      created_at: Date | string;
    }>(
      db,
      sql`select provider_payment_id, currency, amount_minor, outcome, method, refund_reference, refunded_at, created_at
          from payment_captures where order_id = ${orderId} order by id`,
    ),
    queryRows<{
      source: string;
      type: string;
      outcome: string;
      provider_payment_id: string | null;
      received_at: Date | string;
    }>(
      db,
      sql`select source, type, outcome, provider_payment_id, received_at from payment_events
          where order_id = ${orderId} order by id`,
    ),
  ]);
  return {
    ...rowOf(row),
    manual_reference: row.manual_reference,
    items: items.map((item) => ({ ...item, amount_minor: Number(item.amount_minor) })),
    captures: captures.map((c) => ({
      provider_payment_id: c.provider_payment_id,
      amount: { currency: c.currency.trim(), amount_minor: Number(c.amount_minor) },
      outcome: c.outcome,
      method: c.method,
      refund_reference: c.refund_reference,
      refunded_at: iso(c.refunded_at),
      created_at: iso(c.created_at) ?? "",
    })),
    events: events.map((e) => ({ ...e, received_at: iso(e.received_at) ?? "" })),
  };
}

async function openOrder(tx: DbOrTx, orderId: number) {
  const [order] = await queryRows<{ id: number; status: string; provider_order_id: string | null }>(
    tx,
    sql`select id, status, provider_order_id from payment_orders where id = ${orderId} for update`,
  );
  if (!order) throw notFound(`Order ${orderReference(orderId)}`);
  if (order.status !== "created" && order.status !== "pending") {
    throw new ApiError(409, `Order ${orderReference(orderId)} is ${order.status}, not waiting for payment.`);
  }
  return order;
}

/** Asks the gateway about one order now: its captured payments settle it, as a webhook would. */
export async function reconcileOrderNow(services: Services, actor: Actor, orderId: number) {
  const { db } = services.database;
  const [order] = await queryRows<{ provider_order_id: string | null }>(
    db,
    sql`select provider_order_id from payment_orders where id = ${orderId}`,
  );
  if (!order) throw notFound(`Order ${orderReference(orderId)}`);
  const payments = order.provider_order_id ? await services.gateway.orderPayments(order.provider_order_id) : [];
  const outcomes = await db.transaction(async (tx) => {
    const found: string[] = [];
    for (const payment of payments.filter((p) => p.status === "captured")) {
      found.push((await settleCapture(services, tx, payment, "reconcile")).outcome);
    }
    await recordActivity(tx, {
      userId: actor.userId,
      action: "payment.reconcile",
      entity: "payment_orders",
      entityId: orderId,
      after: { payments: payments.length, outcomes: found },
      requestId: actor.requestId,
    });
    return found;
  });
  return {
    order: await supportOrder(db, orderId),
    message:
      outcomes.length === 0
        ? "The gateway holds no payment for this order."
        : `The gateway's payments were settled: ${outcomes.join(", ")}.`,
  };
}

/** Expires an open order by hand: its students are unpaid again. */
export async function expireOrder(db: Db, actor: Actor, orderId: number) {
  await db.transaction((tx) =>
    closeOpenOrder(tx, orderId, {
      status: "expired",
      reason: "Expired by pay support; the students can be paid for again.",
      action: "payment.expire",
      actor,
    }),
  );
  return supportOrder(db, orderId);
}

/** Marks an open order paid by hand (cheque, bank transfer): who, when, the reference and why. */
export async function markOrderPaid(
  db: Db,
  actor: Actor,
  orderId: number,
  body: { reference: string; reason: string },
) {
  await db.transaction(async (tx) => {
    await openOrder(tx, orderId);
    const [order] = await queryRows<LockedOrder>(
      tx,
      sql`select id, status, currency, amount_minor, exam_year_id, payer_user_id, school_id, master_institute_id
          from payment_orders where id = ${orderId}`,
    );
    if (!order) throw notFound(`Order ${orderReference(orderId)}`);
    await applyPayment(tx, order, null);
    await tx.execute(
      sql`update payment_orders set manual_reference = ${body.reference}, marked_by = ${actor.userId} where id = ${orderId}`,
    );
    await recordActivity(tx, {
      userId: actor.userId,
      action: "payment.markPaid",
      entity: "payment_orders",
      entityId: orderId,
      after: { reference: body.reference, reason: body.reason },
      requestId: actor.requestId,
    });
  });
  return supportOrder(db, orderId);
}

/**
 * Gives back, in full, a payment that is due back (a duplicate, one paid after its order expired,
 * or one held for a mismatched amount). The capture's row is locked while the gateway is asked, so
 * a second click waits and then finds it refunded: one refund per payment. Logged with the reason.
 */
export async function refundCapture(
  services: Services,
  actor: Actor,
  orderId: number,
  body: { provider_payment_id: string; reason: string },
) {
  const { db } = services.database;
  const refundId = await db.transaction(async (tx) => {
    const [capture] = await queryRows<{
      id: number;
      outcome: CaptureOutcome;
      amount_minor: string | number;
      currency: string;
    }>(
      tx,
      sql`select id, outcome, amount_minor, currency from payment_captures
          where order_id = ${orderId} and provider = ${services.gateway.provider}
            and provider_payment_id = ${body.provider_payment_id} for update`,
    );
    if (!capture) throw notFound(`Payment ${body.provider_payment_id} of order ${orderReference(orderId)}`);
    if (!CAPTURE_OUTCOMES_DUE_BACK.includes(capture.outcome)) {
      throw new ApiError(
        409,
        capture.outcome === "refunded"
          ? "This payment is already given back."
          : "This payment paid its order: it is not due back. An order paid by mistake is refunded by an admin.",
      );
    }
    let refund: { refundId: string };
    try {
      refund = await services.gateway.refund(body.provider_payment_id, Number(capture.amount_minor));
    } catch {
      throw new ApiError(502, "The payment gateway did not take the refund. Nothing was changed; please try again.");
    }
    await tx.execute(sql`update payment_captures set outcome = 'refunded', refund_reference = ${refund.refundId},
        refunded_by = ${actor.userId}, refunded_at = now() where id = ${capture.id}`);
    await tx.execute(sql`insert into payment_events (provider, source, type, order_id, provider_payment_id, amount_minor,
        currency, outcome)
      values (${services.gateway.provider}, 'manual', 'refund.created', ${orderId}, ${body.provider_payment_id},
        ${Number(capture.amount_minor)}, ${capture.currency}, 'refunded')`);
    await recordActivity(tx, {
      userId: actor.userId,
      action: "payment.refund",
      entity: "payment_captures",
      entityId: capture.id,
      before: { outcome: capture.outcome },
      after: { outcome: "refunded", refund: refund.refundId, reason: body.reason },
      requestId: actor.requestId,
    });
    return refund.refundId;
  });
  return { order: await supportOrder(db, orderId), refundId };
}

/**
 * Refunds a paid order in full (admins, docs/domain.md, Fees and payments). In one transaction, with the order locked
 * (a second click waits, then finds it refunded): the payment that paid it is given back through
 * the gateway (an order marked paid by hand needs the reference of how the money went back), the
 * order becomes `refunded`, its students unpaid and payable again (each keeps its roll number, used
 * again if it pays again), the referring schools' commissions are reversed in the ledger, and the
 * payer is mailed. The invoice stays: it was issued, and the refund is recorded against it.
 */
export async function refundOrder(
  services: Services,
  actor: Actor,
  orderId: number,
  body: { reason: string; reference?: string },
) {
  const { db } = services.database;
  const refundId = await db.transaction(async (tx) => {
    const [order] = await queryRows<{
      status: string;
      amount_minor: string | number;
      currency: string;
      provider_payment_id: string | null;
      payer_email: string | null;
      payer_name: string;
      payer: number;
    }>(
      tx,
      sql`select o.status, o.amount_minor, o.currency, o.provider_payment_id, o.payer_user_id as payer,
            coalesce(sc.email, mi.email, u.email) as payer_email, coalesce(sc.name, mi.name, u.name) as payer_name
          from payment_orders o join users u on u.id = o.payer_user_id
          left join schools sc on sc.id = o.school_id left join master_institutes mi on mi.id = o.master_institute_id
          where o.id = ${orderId} for update of o`,
    );
    if (!order) throw notFound(`Order ${orderReference(orderId)}`);
    if (order.status !== "paid") {
      throw new ApiError(
        409,
        order.status === "refunded"
          ? "This order is already refunded."
          : "Only a paid order can be refunded. A payment for an unpaid order is given back from the order's payments.",
      );
    }
    const [capture] = await queryRows<{ id: number; provider_payment_id: string; amount_minor: string | number }>(
      tx,
      sql`select id, provider_payment_id, amount_minor from payment_captures
          where order_id = ${orderId} and outcome = 'applied' for update`,
    );
    let reference: string;
    if (capture) {
      try {
        reference = (await services.gateway.refund(capture.provider_payment_id, Number(capture.amount_minor))).refundId;
      } catch {
        throw new ApiError(502, "The payment gateway did not take the refund. Nothing was changed; please try again.");
      }
      await tx.execute(sql`update payment_captures set outcome = 'refunded', refund_reference = ${reference},
          refunded_by = ${actor.userId}, refunded_at = now() where id = ${capture.id}`);
    } else if (body.reference) {
      reference = body.reference;
    } else {
      const message =
        "This order was marked paid by hand: give the reference of how the money went back (cheque number, bank transfer id).";
      throw new ApiError(422, message, [{ field: "reference", message }]);
    }
    await tx.execute(sql`update payment_orders set status = 'refunded', closed_at = now(),
        status_reason = ${`Refunded (${reference}): ${body.reason}`}, updated_at = now() where id = ${orderId}`);
    const students = await queryRows<{ id: number }>(
      tx,
      sql`update students s set payment_status = 'unpaid', updated_at = now()
          from payment_order_items i where i.order_id = ${orderId} and i.student_id = s.id and s.payment_status = 'paid'
          returning s.id`,
    );
    await reverseReferralCommissions(
      tx,
      students.map((s) => Number(s.id)),
      { note: "refund", actor },
    );
    await tx.execute(sql`insert into payment_events (provider, source, type, order_id, provider_payment_id, amount_minor,
        currency, outcome)
      values (${services.gateway.provider}, 'manual', 'refund.created', ${orderId}, ${capture?.provider_payment_id ?? null},
        ${Number(order.amount_minor)}, ${order.currency}, 'refunded')`);
    await recordActivity(tx, {
      userId: actor.userId,
      action: "payment.refundOrder",
      entity: "payment_orders",
      entityId: orderId,
      before: { status: "paid" },
      after: { status: "refunded", refund: reference, reason: body.reason, students: students.map((s) => s.id) },
      requestId: actor.requestId,
    });
    if (order.payer_email && !addressProblem(order.payer_email)) {
      await enqueueMail(tx, {
        templateKey: "payment-refunded",
        language: "en",
        to: order.payer_email,
        variables: {
          school_name: order.payer_name,
          order_number: orderReference(orderId),
          amount: formatMoney({ currency: order.currency.trim(), amount_minor: Number(order.amount_minor) }),
          reference,
          reason: body.reason,
          history_url: `${services.config.schoolOrigin}/payment/payment-history`,
        },
        queuedBy: actor.userId,
      });
    }
    return reference;
  });
  return { order: await supportOrder(db, orderId), refundId };
}
