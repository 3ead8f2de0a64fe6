/**
 * What follows a paid order, after its payment's transaction committed (DECISIONS §7): the receipt
 * to the payer, then each of its students with an e-mail address gets its own sign-in and a mail
 * with it. A job, so that a payment's transaction stays short (a password hash costs ~30 ms and a
 * large school pays for hundreds at once). Idempotent: a receipt already queued for the order is
 * not queued again and a student who already has a sign-in is skipped, so a retried job mails
 * nobody twice.
 */
import { formatMoney } from "@repo/contracts/fees";
import { formatInvoiceNumber, orderReference } from "@repo/contracts/payments-constants";
import { type DbOrTx, queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import type { Services } from "../../context";
import type { JobHandler } from "../jobs";
import { enqueueMail } from "../mail/index";
import { sendStudentCredentials } from "../students";

async function mailReceipt(services: Services, db: DbOrTx, orderId: number) {
  const reference = orderReference(orderId);
  const [order] = await queryRows<{
    email: string | null;
    name: string;
    year_label: string;
    invoice_number: number;
    currency: string;
    amount_minor: string | number;
    paid_at: Date | string;
    payer: number;
    sent: boolean;
  }>(
    db,
    sql`select coalesce(sc.email, mi.email, u.email) as email, coalesce(sc.name, mi.name, u.name) as name,
          y.label as year_label, o.invoice_number, o.currency, o.amount_minor, o.paid_at, o.payer_user_id as payer,
          exists (select 1 from mail_messages m where m.template_key = 'payment-receipt'
            and m.subject like ${`%order ${reference} %`}) as sent
        from payment_orders o join users u on u.id = o.payer_user_id join exam_years y on y.id = o.exam_year_id
        left join schools sc on sc.id = o.school_id left join master_institutes mi on mi.id = o.master_institute_id
        where o.id = ${orderId}`,
  );
  if (!order?.email || order.sent) return false;
  await enqueueMail(db, {
    templateKey: "payment-receipt",
    language: "en",
    to: order.email,
    variables: {
      school_name: order.name,
      order_number: `${reference} (invoice ${formatInvoiceNumber(order.year_label, order.invoice_number)})`,
      amount: formatMoney({ currency: order.currency.trim(), amount_minor: Number(order.amount_minor) }),
      paid_at: new Intl.DateTimeFormat("en-IN", {
        dateStyle: "long",
        timeStyle: "short",
        timeZone: "Asia/Kolkata",
      }).format(new Date(order.paid_at)),
      invoice_url: `${services.config.schoolOrigin}/payment/payment-history`,
    },
    queuedBy: order.payer,
  });
  return true;
}

export function orderPaidJob(services: Services): JobHandler {
  return async ({ db, job, progress }) => {
    const orderId = Number(job.payload.order_id);
    const [order] = await queryRows<{ payer: number; role_id: number }>(
      db,
      sql`select o.payer_user_id as payer, u.role_id from payment_orders o join users u on u.id = o.payer_user_id
          where o.id = ${orderId} and o.status = 'paid'`,
    );
    if (!order) return { receipt: false, mailed: 0 };
    const receipt = await mailReceipt(services, db, orderId);
    const students = await queryRows<{ id: number }>(
      db,
      sql`select s.id from payment_order_items i join students s on s.id = i.student_id
          where i.order_id = ${orderId} and s.contact_email is not null and s.contact_email <> ''
            and not exists (select 1 from users u where u.student_id = s.id)
          order by s.id`,
    );
    let mailed = 0;
    for (const student of students) {
      await sendStudentCredentials(
        db,
        { userId: order.payer, roleId: order.role_id },
        { userId: order.payer, requestId: `job-${job.id}` },
        student.id,
        `${services.config.schoolOrigin}/login`,
      );
      mailed += 1;
      if (mailed % 50 === 0) await progress(mailed, students.length);
    }
    return { receipt, mailed };
  };
}
