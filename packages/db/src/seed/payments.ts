import { sql } from "drizzle-orm";
import type { Db } from "../client";
import type { DemoSeason } from "./season";

/**
 * The demo school's payment as the payment flow would have left it: one paid order through the
 * demo gateway for its paid students, with invoice 1 of the year, so that Payment History and its
 * invoice show something on a fresh start. (The other demo schools' paid students have no order:
 * they stand for payments made before the portal, marked paid by hand.)
 */
export async function seedDemoPayments(
  db: Db,
  ids: { schoolId: number; payerUserId: number; examYearId: number },
  season: DemoSeason,
) {
  const paidAt = season.schoolPaidAt.toISOString();
  const openedAt = new Date(season.schoolPaidAt.getTime() - 10 * 60_000).toISOString();
  await db.execute(sql`
    with kids as (
      select s.id, s.first_name || ' ' || s.last_name as name, f.currency, f.amount_minor
      from students s
      join schools sc on sc.id = s.school_id
      join states st on st.id = sc.state_id
      join exam_fees f on f.country_id = st.country_id and f.exam_year_id = s.exam_year_id and f.exam_level = 'level1'
      where s.school_id = ${ids.schoolId} and s.payment_status = 'paid' and s.exam_year_id = ${ids.examYearId}
    ),
    paid as (
      insert into payment_orders (exam_year_id, purpose, payer_user_id, school_id, currency, amount_minor, status, provider,
        provider_order_id, provider_payment_id, paid_at, invoice_number, followed_up_at, created_at, updated_at)
      select ${ids.examYearId}, 'students', ${ids.payerUserId}, ${ids.schoolId}, min(currency), sum(amount_minor), 'paid', 'demo',
        'demo_order_seed', 'pay_demo_seed', ${paidAt}::timestamptz, 1, ${paidAt}::timestamptz, ${openedAt}::timestamptz,
        ${paidAt}::timestamptz
      from kids having count(*) > 0
      returning id
    ),
    items as (
      insert into payment_order_items (order_id, student_id, exam_level, description, amount_minor)
      select paid.id, kids.id, 'level1', kids.name, kids.amount_minor from paid, kids
    )
    insert into invoice_sequences (exam_year_id, last_value) select ${ids.examYearId}, 1 from paid`);
}
