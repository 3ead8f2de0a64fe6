/**
 * Orders for students' fees (docs/domain.md, Fees and payments): the amount for a choice of unpaid students, and an
 * order for them. The amount is always the server's: the fee table of the active exam year for
 * the school's country, times the students; the client's figure is never used. Creating an order
 * holds its students as pending, so no two open orders cover one student.
 */

import { amountDue } from "@repo/contracts/fees";
import type {
  Checkout,
  CreatedPayment,
  OpenOrder,
  OrderSummary,
  PaymentAmount,
  StudentChoice,
} from "@repo/contracts/payments";
import {
  formatInvoiceNumber,
  isOpenOrder,
  ORDER_STATUS_NAMES,
  type OrderPurpose,
  orderReference,
  orderReleasesAt,
  REGISTRATION_FEE_LEVEL,
} from "@repo/contracts/payments-constants";
import { COUNTED, pluralWord } from "@repo/contracts/plural";
import { classLabel } from "@repo/contracts/students-constants";
import { type Db, type DbOrTx, queryRows } from "@repo/db";
import { type SQL, sql } from "drizzle-orm";
import type { Services } from "../../context";
import { type Actor, recordActivity } from "../../kernel/activity";
import { ApiError, invalidField, notFound } from "../../kernel/http/errors";
import { idsIn } from "../../kernel/sql";
import { activeExamYear } from "../programme/exam-year";
import { type AccountScope, accountScopeOf, ownedStudents } from "../schools/ownership";
import { registrationFee, registrationFeeJoin } from "./fees";
import type { PaymentGateway } from "./gateway";

export interface Payer extends Actor {
  roleId: number;
}

interface ChosenStudent {
  id: number;
  name: string;
  class_level: number;
  school_id: number;
  currency: string | null;
  fee_minor: number | null;
}

/** The students of the year a choice names within the payer's scope, whatever their payment status. */
function choiceWhere(scope: AccountScope, yearId: number, choice: StudentChoice): SQL[] {
  const where: SQL[] = [sql`s.exam_year_id = ${yearId}`];
  where.push(
    // An individual student pays its own fee (the pay-my-fee page); the order is not its school's.
    scope.kind === "student" ? sql`s.id = ${scope.studentId}` : ownedStudents(scope),
  );
  if (choice.school_id !== undefined) where.push(sql`s.school_id = ${choice.school_id}`);
  if (choice.class_level !== undefined) where.push(sql`s.class_level = ${choice.class_level}`);
  if (choice.student_ids) where.push(idsIn(sql`s.id`, choice.student_ids));
  return where;
}

/** The unpaid students a choice names, with the fee each one costs; locked when `lock`. */
async function chosenStudents(
  db: DbOrTx,
  scope: AccountScope,
  yearId: number,
  choice: StudentChoice,
  lock = false,
): Promise<ChosenStudent[]> {
  const where = [...choiceWhere(scope, yearId, choice), sql`s.payment_status = 'unpaid'`];
  const rows = await queryRows<ChosenStudent>(
    db,
    // The fee is the country's of the student's state (a school's students share its state; an
    // individual student whose school is not listed has its own).
    sql`select s.id, s.first_name || ' ' || s.last_name as name, s.class_level, s.school_id,
          f.currency, f.amount_minor as fee_minor
        from students s
        join states st on st.id = s.state_id
        ${registrationFeeJoin(sql`st.country_id`, yearId)}
        where ${sql.join(where, sql` and `)}
        order by s.id
        ${lock ? sql`for update of s` : sql``}`,
  );
  if (choice.student_ids) {
    const found = new Set(rows.map((r) => r.id));
    const missing = [...new Set(choice.student_ids)].filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new ApiError(
        409,
        `${pluralWord(missing.length, { one: "Student", other: "Students" })} ${missing.slice(0, 10).join(", ")}${missing.length > 10 ? "…" : ""} cannot be paid for here: not your ${pluralWord(missing.length, COUNTED.unpaidStudent)} (already paid, in a payment that is not finished, or not found). Refresh the list and choose again.`,
        [{ field: "student_ids", message: "Choose only your unpaid students" }],
      );
    }
  }
  return rows;
}

function feeOf(students: ChosenStudent[]) {
  const currencies = new Set(students.map((s) => `${s.currency?.trim() ?? ""}:${s.fee_minor ?? ""}`));
  if (currencies.size > 1) {
    throw invalidField(
      "school_id",
      "These students are of schools in different countries, which pay in different currencies: pay for one school at a time.",
    );
  }
  const first = students[0];
  return first ? registrationFee(first) : null;
}

/** get-payment-amount: how many unpaid students the choice covers and what they cost. */
export async function paymentAmountFor(db: Db, payer: Payer, choice: StudentChoice): Promise<PaymentAmount> {
  const scope = await accountScopeOf(db, payer);
  const year = await activeExamYear(db);
  const [students, [held]] = await Promise.all([
    chosenStudents(db, scope, year.id, choice),
    queryRows<{ count: string | number }>(
      db,
      sql`select count(*) as count from students s
          where ${sql.join([...choiceWhere(scope, year.id, choice), sql`s.payment_status = 'pending'`], sql` and `)}`,
    ),
  ]);
  const fee = students.length > 0 ? feeOf(students) : null;
  return {
    students: students.length,
    held: Number(held?.count ?? 0),
    fee,
    amount: amountDue(students.length, fee),
    exam_level: REGISTRATION_FEE_LEVEL,
  };
}

/**
 * pay-student/create-payment (and the master institute's): an order for the chosen unpaid
 * students, held as pending, and the gateway's order for it. A school pays once its e-mail is
 * verified (docs/domain.md, Schools, institutes and students).
 */
export async function createStudentOrder(
  services: Services,
  payer: Payer,
  choice: StudentChoice,
): Promise<CreatedPayment> {
  const { db } = services.database;
  const scope = await accountScopeOf(db, payer);
  const year = await activeExamYear(db);
  if (scope.kind === "school") {
    const [school] = await queryRows<{ verified: boolean }>(
      db,
      sql`select email_verified_at is not null as verified from schools where id = ${scope.schoolId}`,
    );
    if (!school?.verified) {
      // 409, not 403: the school may pay; its account is not ready to (the permission table answers 403).
      throw new ApiError(
        409,
        "Verify your school's e-mail address before paying: open the link we mailed you, or send it again from the banner at the top of the page.",
      );
    }
  }
  const order = await db.transaction(async (tx) => {
    const students = await chosenStudents(tx, scope, year.id, choice, true);
    if (students.length === 0) {
      throw new ApiError(409, "There are no unpaid students to pay for in this choice.", [
        { field: "student_ids", message: "Choose at least one unpaid student" },
      ]);
    }
    const fee = feeOf(students);
    const amount = amountDue(students.length, fee);
    if (!fee || !amount) {
      throw new ApiError(409, "The fee for this school's country is not set yet. Please contact the programme office.");
    }
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into payment_orders (exam_year_id, purpose, payer_user_id, school_id, master_institute_id, currency,
            amount_minor, status, provider)
          values (${year.id}, 'students', ${payer.userId}, ${scope.kind === "school" ? scope.schoolId : null},
            ${scope.kind === "institute" ? scope.masterInstituteId : null}, ${amount.currency}, ${amount.amount_minor},
            'created', ${services.gateway.provider})
          returning id`,
    );
    const orderId = Number(row?.id);
    await tx.execute(sql`
      insert into payment_order_items (order_id, student_id, exam_level, description, amount_minor)
      select ${orderId}, s.id, ${REGISTRATION_FEE_LEVEL}, s.first_name || ' ' || s.last_name, ${fee.amount_minor}
      from students s where ${idsIn(
        sql`s.id`,
        students.map((s) => s.id),
      )} order by s.id`);
    await tx.execute(
      sql`update students set payment_status = 'pending', updated_at = now() where ${idsIn(
        sql`id`,
        students.map((s) => s.id),
      )}`,
    );
    await recordActivity(tx, {
      userId: payer.userId,
      action: "payment.create",
      entity: "payment_orders",
      entityId: orderId,
      after: { students: students.length, amount },
      requestId: payer.requestId,
    });
    return { id: orderId, amount, students: students.length };
  });

  return openGatewayOrder(services, order);
}

/**
 * Opens the gateway's order for an order just created (status created), outside its transaction:
 * a slow gateway must not hold the rows the order locked. A gateway that cannot be reached fails
 * the order (its students are payable again) and nothing is charged.
 */
export async function openGatewayOrder(
  services: Services,
  order: { id: number; amount: { currency: string; amount_minor: number }; students: number },
): Promise<CreatedPayment> {
  const { db } = services.database;
  const { gateway } = services;
  let providerOrderId: string;
  try {
    ({ providerOrderId } = await gateway.createOrder({
      id: order.id,
      amountMinor: order.amount.amount_minor,
      currency: order.amount.currency,
    }));
  } catch {
    await releaseOrder(db, order.id, "failed", "The payment gateway could not be reached.");
    throw new ApiError(502, "The payment gateway could not be reached. Nothing was charged; please try again.");
  }
  await db.execute(
    sql`update payment_orders set provider_order_id = ${providerOrderId}, status = 'pending', updated_at = now()
        where id = ${order.id} and status = 'created'`,
  );
  return {
    order_id: order.id,
    reference: orderReference(order.id),
    amount: order.amount,
    students: order.students,
    checkout: checkoutOf(gateway, order.id, providerOrderId),
  };
}

/** How the payer's browser pays an open order: the demo gateway's page, or Razorpay's checkout with these values. */
export function checkoutOf(
  gateway: Pick<PaymentGateway, "provider" | "keyId">,
  orderId: number,
  providerOrderId: string,
): Checkout {
  return gateway.provider === "razorpay"
    ? { provider: "razorpay", order_id: orderId, key_id: gateway.keyId ?? "", provider_order_id: providerOrderId }
    : { provider: "demo", order_id: orderId };
}

/**
 * Closes an open order as failed or expired: its students that are still held by it go back to
 * unpaid, so they can be paid for again. Does nothing to an order that is no longer open.
 */
export async function releaseOrder(
  db: DbOrTx,
  orderId: number,
  status: "failed" | "expired" | "cancelled",
  reason: string,
) {
  const closed = await queryRows<{ id: number }>(
    db,
    sql`update payment_orders set status = ${status}, status_reason = ${reason}, closed_at = now(), updated_at = now()
        where id = ${orderId} and status in ('created', 'pending') returning id`,
  );
  if (closed.length === 0) return false;
  await db.execute(sql`
    update students set payment_status = 'unpaid', updated_at = now()
    where payment_status = 'pending' and id in (select student_id from payment_order_items where order_id = ${orderId})`);
  return true;
}

/** One of the payer's orders; while it waits for payment, with how to pay it at `gateway`. */
export async function orderForPayer(
  db: DbOrTx,
  gateway: Pick<PaymentGateway, "provider" | "keyId">,
  payer: Payer,
  orderId: number,
): Promise<OrderSummary> {
  const [order] = await queryRows<{
    id: number;
    purpose: OrderSummary["purpose"];
    status: OrderSummary["status"];
    currency: string;
    amount_minor: string | number;
    provider: string;
    invoice_number: number | null;
    year_label: string;
    status_reason: string | null;
    created_at: Date | string;
    paid_at: Date | string | null;
    provider_order_id: string | null;
  }>(
    db,
    sql`select o.id, o.purpose, o.status, o.currency, o.amount_minor, o.provider, o.invoice_number, y.label as year_label,
          o.status_reason, o.created_at, o.paid_at, o.provider_order_id
        from payment_orders o join exam_years y on y.id = o.exam_year_id
        where o.id = ${orderId} and o.payer_user_id = ${payer.userId}`,
  );
  if (!order) throw notFound(`Order ${orderReference(orderId)}`);
  const items = await queryRows<{ id: number; description: string; amount_minor: number; class_level: number | null }>(
    db,
    sql`select i.id, i.description, i.amount_minor, s.class_level from payment_order_items i
        left join students s on s.id = i.student_id where i.order_id = ${orderId} order by i.id`,
  );
  return {
    id: order.id,
    reference: orderReference(order.id),
    purpose: order.purpose,
    status: order.status,
    amount: { currency: order.currency, amount_minor: Number(order.amount_minor) },
    provider: order.provider,
    items: items.map((item) => ({
      id: item.id,
      description: item.class_level ? `${item.description} (${classLabel(item.class_level)})` : item.description,
      amount_minor: item.amount_minor,
    })),
    invoice_number: order.invoice_number === null ? null : formatInvoiceNumber(order.year_label, order.invoice_number),
    status_reason: order.status_reason,
    created_at: new Date(order.created_at).toISOString(),
    paid_at: order.paid_at === null ? null : new Date(order.paid_at).toISOString(),
    releases_at: isOpenOrder(order.status) ? orderReleasesAt(order.created_at).toISOString() : null,
    ...(order.status === "pending" && order.provider_order_id && order.provider === gateway.provider
      ? { checkout: checkoutOf(gateway, order.id, order.provider_order_id) }
      : {}),
  };
}

/**
 * The payer's orders that still wait for the gateway, oldest first, each with when it releases what
 * it holds (decision 054): the pages that would pay for the same things offer Continue and Cancel.
 */
export async function openOrdersOf(db: DbOrTx, payer: Payer, purpose?: OrderPurpose): Promise<OpenOrder[]> {
  const rows = await queryRows<{
    id: number;
    currency: string;
    amount_minor: string | number;
    created_at: Date | string;
    items: string | number;
  }>(
    db,
    sql`select o.id, o.currency, o.amount_minor, o.created_at,
          (select count(*) from payment_order_items i where i.order_id = o.id) as items
        from payment_orders o
        where o.payer_user_id = ${payer.userId} and o.status in ('created', 'pending')
          ${purpose ? sql`and o.purpose = ${purpose}` : sql``}
        order by o.created_at, o.id limit 20`,
  );
  return rows.map((row) => ({
    id: row.id,
    reference: orderReference(row.id),
    items: Number(row.items),
    amount: { currency: row.currency.trim(), amount_minor: Number(row.amount_minor) },
    created_at: new Date(row.created_at).toISOString(),
    releases_at: orderReleasesAt(row.created_at).toISOString(),
  }));
}

/**
 * The payer cancels its unfinished order (decision 054): what it held is released at once. A
 * payment the gateway still takes for it afterwards is `late` (recorded, due back, changes
 * nothing); an order already paid, failed or expired is not cancelled (409 naming its status).
 */
export async function cancelOrder(
  services: Pick<Services, "database" | "gateway">,
  payer: Payer,
  orderId: number,
): Promise<OrderSummary> {
  const { db } = services.database;
  await db.transaction((tx) =>
    closeOpenOrder(tx, orderId, {
      status: "cancelled",
      reason: "Cancelled by the payer.",
      action: "payment.cancel",
      actor: payer,
      payerUserId: payer.userId,
    }),
  );
  return orderForPayer(db, services.gateway, payer, orderId);
}

/**
 * Closes an open order by a person's hand (its payer cancels it, pay support expires it), inside
 * the caller's transaction: the order is locked as settlement locks it (a webhook arriving now
 * waits, then finds it closed), released and logged. 404 when it is not there (or not the
 * payer's), 409 naming its status when it no longer waits for payment.
 */
export async function closeOpenOrder(
  tx: DbOrTx,
  orderId: number,
  how: {
    status: "cancelled" | "expired";
    reason: string;
    action: string;
    actor: Actor;
    /** Only this payer's order (a payer cancelling); absent for pay support. */
    payerUserId?: number;
  },
) {
  const [order] = await queryRows<{ status: OrderSummary["status"] }>(
    tx,
    sql`select status from payment_orders where id = ${orderId}
        ${how.payerUserId === undefined ? sql`` : sql`and payer_user_id = ${how.payerUserId}`} for update`,
  );
  if (!order) throw notFound(`Order ${orderReference(orderId)}`);
  if (!isOpenOrder(order.status)) {
    throw new ApiError(
      409,
      `Order ${orderReference(orderId)} is ${ORDER_STATUS_NAMES[order.status].toLowerCase()}: only a payment that is not finished can be ${how.status}.`,
    );
  }
  await releaseOrder(tx, orderId, how.status, how.reason);
  await recordActivity(tx, {
    userId: how.actor.userId,
    action: how.action,
    entity: "payment_orders",
    entityId: orderId,
    before: { status: order.status },
    after: { status: how.status },
    requestId: how.actor.requestId,
  });
}
