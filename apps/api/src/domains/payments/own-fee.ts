/**
 * An individual student's own fee (decision 013): role 1 pays for itself on
 * the pay-my-fee page, through the same order, gateway and settlement as a school's payment.
 */
import type { CreatedPayment, OwnFee } from "@repo/contracts/payments";
import { type Db, queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import type { Services } from "../../context";
import { ApiError, notFound } from "../../kernel/http/errors";
import { createStudentOrder, type Payer, paymentAmountFor } from "./orders";

interface OwnRow {
  id: number;
  name: string;
  class_level: number;
  payment_status: OwnFee["payment_status"];
  roll_number: string | null;
  open_order_id: number | null;
  language: string;
}

async function ownStudent(db: Db, payer: Payer): Promise<OwnRow> {
  const [row] = await queryRows<OwnRow>(
    db,
    sql`select s.id, s.first_name || ' ' || s.last_name as name, s.class_level, s.payment_status, s.roll_number, s.language,
          (select o.id from payment_orders o join payment_order_items i on i.order_id = o.id
            where i.student_id = s.id and o.status in ('created', 'pending') order by o.id desc limit 1) as open_order_id
        from users u join students s on s.id = u.student_id where u.id = ${payer.userId}`,
  );
  if (!row) throw notFound("Your registration");
  return row;
}

/** The student's registration, its payment status and (unpaid) the fee. */
export async function ownFee(db: Db, payer: Payer): Promise<OwnFee> {
  const student = await ownStudent(db, payer);
  const amount = student.payment_status === "unpaid" ? (await paymentAmountFor(db, payer, {})).amount : null;
  return {
    student_name: student.name,
    class_level: student.class_level,
    payment_status: student.payment_status,
    roll_number: student.roll_number,
    amount,
    open_order_id: student.open_order_id,
    language: student.language,
  };
}

/** pay-my-fee/create-payment: an order for the student's own fee, opened at the gateway. */
export async function createOwnFeeOrder(services: Services, payer: Payer): Promise<CreatedPayment> {
  const student = await ownStudent(services.database.db, payer);
  if (student.payment_status === "paid") throw new ApiError(409, "Your fee is already paid.");
  if (student.payment_status === "pending") {
    throw new ApiError(409, "A payment of your fee is not finished yet: continue it or cancel it from this page.");
  }
  return createStudentOrder(services, payer, { student_ids: [student.id] });
}
