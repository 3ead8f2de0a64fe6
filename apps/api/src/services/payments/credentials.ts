/**
 * After an order is paid, each of its students with an e-mail address gets its own sign-in and a
 * mail with it (DECISIONS §7). A job, not part of the payment's transaction: a password hash costs
 * ~30 ms and a large school pays for hundreds at once. Idempotent: a student who already has a
 * sign-in is skipped, so a retried job mails nobody twice.
 */
import { queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import type { Services } from "../../context";
import type { JobHandler } from "../jobs";
import { sendStudentCredentials } from "../students";

export function orderCredentialsJob(services: Services): JobHandler {
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
    return { mailed };
  };
}
