/**
 * What follows a paid order, after its payment's transaction committed (docs/domain.md, Fees and payments): the receipt
 * to the payer, then each of its students gets its own sign-in, by mail, or by text message to its
 * mobile number when it has no e-mail address (docs/decisions/051-sms-gateway.md).
 *
 * Outside the payment's transaction, so that a payment stays short (webhooks queue on the year's
 * invoice counter). A paid order waits with `followed_up_at` null; the follow-up worker (one per
 * API process, SKIP LOCKED between them) takes them in batches, queues each receipt and, only for
 * an order with students still without a sign-in, a job that makes them (a password hash costs
 * ~30 ms and a large school pays for hundreds at once). Idempotent: the receipt is queued under the
 * order's once-key, and a student who already has a sign-in is skipped, so nobody is mailed twice.
 */
import { formatMoney } from "@repo/contracts/fees";
import { PORTAL_TIME_ZONE } from "@repo/contracts/locale";
import { formatInvoiceNumber, orderReference } from "@repo/contracts/payments-constants";
import { queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import type { Services } from "../../context";
import { ApiError } from "../../kernel/http/errors";
import { enqueueJob, type JobHandler, type PollLoop, startPollLoop } from "../../kernel/jobs/jobs";
import { idsIn } from "../../kernel/sql";
import type { Logger } from "../../logger";
import { addressProblem, type BatchMail, enqueueMailBatch } from "../mail/index";
import { sendStudentCredentials } from "../students/students";

/** The job that gives a paid order's students their sign-ins. */
export const ORDER_SIGN_INS_JOB = "payments.orderSignIns";

const PAID_AT_FORMAT = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: PORTAL_TIME_ZONE,
});

/** Paid orders followed up in one transaction. */
const FOLLOW_UP_BATCH = 50;

/** What the job needs of a paid order: its payer, and where and what its receipt says. */
interface PaidOrder {
  payer: number;
  role_id: number;
  email: string | null;
  name: string;
  year_label: string;
  invoice_number: number;
  currency: string;
  amount_minor: string | number;
  paid_at: Date | string;
}

/** The receipt of a paid order, queued once per order however often it is followed up (its once-key). */
function receipt(services: Services, order: PaidOrder & { id: number; email: string }): BatchMail {
  const reference = orderReference(order.id);
  return {
    to: order.email,
    onceKey: `payment-receipt:order:${order.id}`,
    variables: {
      school_name: order.name,
      order_number: `${reference} (invoice ${formatInvoiceNumber(order.year_label, order.invoice_number)})`,
      amount: formatMoney({ currency: order.currency.trim(), amount_minor: Number(order.amount_minor) }),
      paid_at: PAID_AT_FORMAT.format(new Date(order.paid_at)),
      invoice_url: `${services.config.schoolOrigin}/payment/payment-history`,
    },
    queuedBy: order.payer,
  };
}

/**
 * Follows up to `limit` paid orders not followed up yet, in one transaction; the number it took
 * (0: none waiting).
 */
export async function followUpPaidOrders(services: Services, log: Logger, limit = FOLLOW_UP_BATCH): Promise<number> {
  return services.database.db.transaction(async (tx) => {
    const orders = await queryRows<PaidOrder & { id: number; needs_sign_ins: boolean }>(
      tx,
      sql`select o.id, o.payer_user_id as payer, u.role_id, coalesce(sc.email, mi.email, u.email) as email,
            coalesce(sc.name, mi.name, u.name) as name, y.label as year_label, o.invoice_number, o.currency,
            o.amount_minor, o.paid_at,
            exists (select 1 from payment_order_items i join students s on s.id = i.student_id
              where i.order_id = o.id and (coalesce(s.contact_email, '') <> '' or coalesce(s.contact_phone, '') <> '')
                and not exists (select 1 from users su where su.student_id = s.id)) as needs_sign_ins
          from payment_orders o join users u on u.id = o.payer_user_id join exam_years y on y.id = o.exam_year_id
          left join schools sc on sc.id = o.school_id left join master_institutes mi on mi.id = o.master_institute_id
          where o.status = 'paid' and o.followed_up_at is null
          order by o.id limit ${limit}
          for update of o skip locked`,
    );
    if (orders.length === 0) return 0;
    // One insert for the batch's receipts. A payer whose address is refused is logged and passed
    // over, so that it does not hold up the others (pay support sees the order as paid).
    const receipts: BatchMail[] = [];
    for (const order of orders) {
      const problem = order.email ? addressProblem(order.email) : "no e-mail address";
      if (problem) log.warn({ order_id: order.id, problem }, "a paid order's receipt has nowhere to go");
      else receipts.push(receipt(services, { ...order, email: String(order.email) }));
    }
    await enqueueMailBatch(tx, "payment-receipt", "en", receipts);
    for (const order of orders.filter((o) => o.needs_sign_ins)) {
      await enqueueJob(tx, { kind: ORDER_SIGN_INS_JOB, payload: { order_id: order.id }, createdBy: order.payer });
    }
    await tx.execute(
      sql`update payment_orders set followed_up_at = now() where ${idsIn(
        sql`id`,
        orders.map((o) => Number(o.id)),
      )}`,
    );
    return orders.length;
  });
}

/**
 * Starts the follow-up worker: batches while paid orders wait, then a look every `pollMs`. It is
 * not woken by each payment: under a burst of webhooks that would make many batches of one, and a
 * receipt a second later is no worse.
 */
export function startPaidOrderFollowUp(services: Services, logger: Logger, pollMs = 1000): PollLoop {
  const log = logger.child({ worker: "payments.followUp" });
  return startPollLoop(async () => (await followUpPaidOrders(services, log)) > 0, {
    pollMs,
    log,
    what: "following up paid orders",
  });
}

/**
 * The sign-ins of a paid order's students who have none yet. A student whose number had too many
 * texts this hour (several students under one parent's or teacher's number) is passed over: its
 * school sends its details later from the students list.
 */
export function orderSignInsJob(services: Services): JobHandler {
  return async ({ db, job, progress }) => {
    const orderId = Number(job.payload.order_id);
    const [order] = await queryRows<{ payer: number; role_id: number }>(
      db,
      sql`select o.payer_user_id as payer, u.role_id from payment_orders o join users u on u.id = o.payer_user_id
          where o.id = ${orderId} and o.status = 'paid'`,
    );
    if (!order) return { mailed: 0 };
    const students = await queryRows<{ id: number }>(
      db,
      sql`select s.id from payment_order_items i join students s on s.id = i.student_id
          where i.order_id = ${orderId} and (coalesce(s.contact_email, '') <> '' or coalesce(s.contact_phone, '') <> '')
            and not exists (select 1 from users u where u.student_id = s.id)
          order by s.id`,
    );
    let mailed = 0;
    let limited = 0;
    for (const student of students) {
      const sent = await sendStudentCredentials(
        db,
        services.sms,
        { userId: order.payer, roleId: order.role_id },
        { userId: order.payer, requestId: `job-${job.id}` },
        student.id,
        `${services.config.schoolOrigin}/login`,
      ).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 429) return null;
        throw error;
      });
      if (!sent) {
        limited += 1;
        continue;
      }
      mailed += 1;
      if (mailed % 50 === 0) await progress(mailed, students.length);
    }
    return { mailed, limited };
  };
}
