import type { MarkPaidBody, MarkPaidData } from "@repo/contracts/referrals";
import { rollNumber } from "@repo/contracts/students";
import { type Db, type DbOrTx, queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import { ApiError, notFound } from "../http/errors";
import { type Actor, recordActivity } from "./activity";
import { recordReferralCommissions } from "./referral-ledger";

/**
 * The next roll number for a student of `stateId` and `classLevel` in an exam year:
 * {state}{class}{6-digit sequence}, unique per year. The sequence is an upsert on one row per
 * year and prefix, so concurrent payments queue on that row instead of both reading the same
 * maximum; a new row starts above any roll number already given with the prefix (the demo data's).
 */
export async function nextRollNumber(tx: DbOrTx, examYearId: number, stateId: number, classLevel: number) {
  const prefix = rollNumber(stateId, classLevel, 1).slice(0, -6);
  const [row] = await queryRows<{ last_value: number }>(
    tx,
    sql`insert into roll_number_sequences (exam_year_id, prefix, last_value)
        values (${examYearId}, ${prefix}, (
          select coalesce(max(right(roll_number, 6)::int), 0) + 1 from students
          where exam_year_id = ${examYearId} and roll_number like ${`${prefix}%`} and length(roll_number) = ${prefix.length + 6}
        ))
        on conflict (exam_year_id, prefix) do update set last_value = roll_number_sequences.last_value + 1
        returning last_value`,
  );
  if (!row) throw new Error("no roll number sequence");
  return rollNumber(stateId, classLevel, Number(row.last_value));
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
    const [student] = await queryRows<{
      id: number;
      exam_year_id: number;
      state_id: number;
      class_level: number;
      payment_status: string;
      roll_number: string | null;
    }>(
      tx,
      sql`select id, exam_year_id, state_id, class_level, payment_status, roll_number from students
          where id = ${studentId} for update`,
    );
    if (!student) throw notFound("Student");
    if (student.payment_status === "paid") {
      throw new ApiError(409, `This student is already paid (roll number ${student.roll_number ?? "pending"}).`);
    }
    const roll =
      student.roll_number ??
      (await nextRollNumber(tx, Number(student.exam_year_id), Number(student.state_id), Number(student.class_level)));
    await tx.execute(
      sql`update students set payment_status = 'paid', roll_number = ${roll}, updated_at = now() where id = ${studentId}`,
    );
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
