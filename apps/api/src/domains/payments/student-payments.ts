import type { MarkPaidBody, MarkPaidData } from "@repo/contracts/referrals";
import { rollNumber } from "@repo/contracts/students";
import { type Db, type DbOrTx, queryRows } from "@repo/db";
import { type SQL, sql } from "drizzle-orm";
import { type Actor, recordActivity } from "../../kernel/activity";
import { ApiError, notFound } from "../../kernel/http/errors";
import { recordReferralCommissions } from "../referrals/referral-ledger";

/** What marking a student paid needs of its row (locked by the caller). */
export interface PayableStudent {
  id: number;
  exam_year_id: number;
  state_id: number;
  class_level: number;
  roll_number: string | null;
}

/**
 * Marks locked students paid and gives each one without a roll number the next of its year, state
 * and class: {state}{class}{6-digit sequence}, unique per year. One statement however many
 * students (payments queue on the counter rows until they commit, so they are held for as few
 * round trips as possible). A counter is an upsert on one row per year and prefix, raised by the
 * number of students taking from it, so concurrent payments queue on that row instead of reading
 * the same maximum; a new row starts above any roll number already given with the prefix (the
 * demo data's). Returns each student's roll number.
 */
export async function markPaidWithRollNumbers(
  tx: DbOrTx,
  students: readonly PayableStudent[],
): Promise<Map<number, string>> {
  const rolls = new Map<number, string>();
  if (students.length === 0) return rolls;
  // Each student without a roll number takes the n-th of the numbers its prefix gets.
  const taken = new Map<string, number>();
  const wanted: SQL[] = [];
  for (const student of students) {
    if (student.roll_number) continue;
    const year = Number(student.exam_year_id);
    const prefix = rollNumber(Number(student.state_id), Number(student.class_level), 1).slice(0, -6);
    const n = (taken.get(`${year}|${prefix}`) ?? 0) + 1;
    taken.set(`${year}|${prefix}`, n);
    wanted.push(sql`(${Number(student.id)}::int, ${year}::int, ${prefix}::text, ${n}::int)`);
  }
  const everyone = sql.join(
    students.map((s) => sql`(${Number(s.id)}::int)`),
    sql`, `,
  );
  const rows = await queryRows<{ id: number; roll_number: string | null }>(
    tx,
    wanted.length === 0
      ? sql`update students s set payment_status = 'paid', updated_at = now()
            from (values ${everyone}) as paid (id) where s.id = paid.id
            returning s.id, s.roll_number`
      : sql`with wanted (student_id, exam_year_id, prefix, n) as (values ${sql.join(wanted, sql`, `)}),
          counts as (select exam_year_id, prefix, max(n) as taken from wanted group by exam_year_id, prefix),
          seq as (
            insert into roll_number_sequences (exam_year_id, prefix, last_value)
            select c.exam_year_id, c.prefix, c.taken + coalesce((
              select right(s.roll_number, 6)::int from students s
              where s.exam_year_id = c.exam_year_id
                and s.roll_number between c.prefix || '000000' and c.prefix || '999999'
                and length(s.roll_number) = length(c.prefix) + 6
              order by s.roll_number desc limit 1), 0)
            from counts c
            on conflict (exam_year_id, prefix) do update set last_value = roll_number_sequences.last_value + (
              select c.taken from counts c where c.exam_year_id = excluded.exam_year_id and c.prefix = excluded.prefix)
            returning exam_year_id, prefix, last_value),
          numbered as (
            select w.student_id, w.prefix || lpad((seq.last_value - c.taken + w.n)::text, 6, '0') as roll_number
            from wanted w join counts c using (exam_year_id, prefix) join seq using (exam_year_id, prefix)
            where seq.last_value <= 999999)
          update students s set payment_status = 'paid', updated_at = now(),
            roll_number = coalesce(s.roll_number, numbered.roll_number)
          from (values ${everyone}) as paid (id) left join numbered on numbered.student_id = paid.id
          where s.id = paid.id
          returning s.id, s.roll_number`,
  );
  for (const row of rows) {
    if (!row.roll_number) throw new RangeError("The roll numbers of a state and class are used up (999999).");
    rolls.set(Number(row.id), row.roll_number);
  }
  return rolls;
}

/**
 * Marks a student paid by hand (admins: a cheque or a bank transfer), with the reference and the
 * reason, both logged. In one transaction: the student becomes paid with a roll number, and the
 * referral hook records its referring school's commission (issue 12's gateway calls the same
 * hook when it confirms a payment). Already paid answers 409; the student row is locked, so two
 * requests at once give one roll number and one commission.
 */
export async function markStudentPaid(
  db: Db,
  actor: Actor,
  studentId: number,
  body: MarkPaidBody,
): Promise<MarkPaidData> {
  return db.transaction(async (tx) => {
    const [student] = await queryRows<PayableStudent & { payment_status: string }>(
      tx,
      sql`select id, exam_year_id, state_id, class_level, payment_status, roll_number from students
          where id = ${studentId} for update`,
    );
    if (!student) throw notFound("Student");
    if (student.payment_status === "paid") {
      throw new ApiError(409, `This student is already paid (roll number ${student.roll_number ?? "pending"}).`);
    }
    const roll = String((await markPaidWithRollNumbers(tx, [student])).get(studentId));
    await recordActivity(tx, {
      userId: actor.userId,
      action: "student.markPaid",
      entity: "students",
      entityId: studentId,
      before: { payment_status: student.payment_status, roll_number: student.roll_number },
      after: {
        payment_status: "paid",
        roll_number: roll,
        reference: body.reference,
        reason: body.reason,
        exam_level: body.exam_level,
      },
      requestId: actor.requestId,
    });
    const [commission] = await recordReferralCommissions(tx, [studentId], { examLevel: body.exam_level, actor });
    return {
      student_id: studentId,
      payment_status: "paid" as const,
      roll_number: roll,
      commission: commission
        ? { entry_id: commission.entry_id, school_id: commission.school_id, amount_minor: commission.amount_minor }
        : null,
    };
  });
}
