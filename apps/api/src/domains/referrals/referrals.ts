import { type Page, pageOf } from "@repo/contracts/pagination";
import type {
  EarningsDashboard,
  ReferralStatusBody,
  ReferredStudentListQuery,
  ReferredStudentRow,
} from "@repo/contracts/referrals";
import { decideReferral, REFERRAL_MESSAGES, type ReferralStatus } from "@repo/contracts/referrals-constants";
import { type Db, type DbOrTx, queryRows } from "@repo/db";
import { type SQL, sql } from "drizzle-orm";
import { type Actor, recordActivity } from "../../kernel/activity";
import { ApiError, invalidField, notFound } from "../../kernel/http/errors";
import { containing } from "../../kernel/sql";
import { activeExamYear } from "../programme/exam-year";
import { ownSchoolId } from "../schools/ownership";
import { earningsOf, reverseReferralCommissions } from "./referral-ledger";

/**
 * A school's referred students (docs/domain.md, Referrals and commissions): individual students who registered with its
 * referral code. Only the referring school's own account sees them; any other id is "not found".
 */

/** The school of the signed-in school account (role 2). */
const referringSchoolOf = (db: DbOrTx, userId: number): Promise<number> => ownSchoolId(db, { userId });

function filters(schoolId: number, yearId: number, query: Partial<ReferredStudentListQuery>): SQL {
  const parts: SQL[] = [sql`s.referred_by_school_id = ${schoolId}`, sql`s.exam_year_id = ${yearId}`];
  if (query.referral_status) parts.push(sql`s.referral_status = ${query.referral_status}`);
  if (query.payment_status) parts.push(sql`s.payment_status = ${query.payment_status}`);
  if (query.class_level) parts.push(sql`s.class_level = ${query.class_level}`);
  if (query.search) {
    const like = containing(query.search);
    parts.push(sql`(s.first_name || ' ' || s.last_name ilike ${like} or s.contact_phone ilike ${like}
      or s.contact_email ilike ${like} or s.roll_number ilike ${like} or sc.name ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

const COLUMNS = sql`s.id, s.first_name, s.last_name, s.class_level, sc.name as school_name, s.contact_phone as phone,
  s.contact_email as email, s.payment_status, s.roll_number, s.referral_status, s.referral_reason,
  s.referral_decided_at, s.created_at,
  coalesce((select sum(e.amount_minor) from referral_ledger e where e.student_id = s.id and e.school_id = s.referred_by_school_id), 0)::int as commission_minor`;

type Raw = Omit<ReferredStudentRow, "created_at" | "referral_decided_at"> & {
  created_at: Date | string;
  referral_decided_at: Date | string | null;
};
const toRow = (row: Raw): ReferredStudentRow => ({
  ...row,
  id: Number(row.id),
  class_level: Number(row.class_level),
  commission_minor: Number(row.commission_minor),
  created_at: new Date(row.created_at).toISOString(),
  referral_decided_at: row.referral_decided_at ? new Date(row.referral_decided_at).toISOString() : null,
});

/** A page of the school's referred students this exam year, newest first. */
export async function listReferredStudents(
  db: DbOrTx,
  userId: number,
  query: ReferredStudentListQuery,
): Promise<Page<ReferredStudentRow>> {
  const schoolId = await referringSchoolOf(db, userId);
  const year = await activeExamYear(db);
  const where = filters(schoolId, year.id, query);
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from students s join schools sc on sc.id = s.school_id where ${where}`,
  );
  const rows = await queryRows<Raw>(
    db,
    sql`select ${COLUMNS} from students s join schools sc on sc.id = s.school_id where ${where}
        order by s.id desc limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
  );
  return pageOf(rows.map(toRow), Number(counted?.n ?? 0), query.page, query.per_page);
}

/** Every referred student of the list's filters, in batches, for the export. */
export async function* referredStudentsForExport(
  db: Db,
  userId: number,
  query: Partial<ReferredStudentListQuery>,
  batchSize = 2000,
): AsyncGenerator<ReferredStudentRow[]> {
  const schoolId = await referringSchoolOf(db, userId);
  const year = await activeExamYear(db);
  const where = filters(schoolId, year.id, { ...query, search: query.search || undefined });
  let after = 0;
  for (;;) {
    const rows = await queryRows<Raw>(
      db,
      sql`select ${COLUMNS} from students s join schools sc on sc.id = s.school_id
          where ${where} and s.id > ${after} order by s.id limit ${batchSize}`,
    );
    if (rows.length === 0) return;
    yield rows.map(toRow);
    after = Number(rows[rows.length - 1]?.id);
  }
}

async function referredStudent(db: DbOrTx, schoolId: number, id: number): Promise<ReferredStudentRow> {
  const [row] = await queryRows<Raw>(
    db,
    sql`select ${COLUMNS} from students s join schools sc on sc.id = s.school_id
        where s.id = ${id} and s.referred_by_school_id = ${schoolId}`,
  );
  if (!row) throw notFound("Referred student");
  return toRow(row);
}

/**
 * The school decides a referral: pending → approved | rejected (a reason required to reject); any
 * other move answers 409 naming both states. The student row is locked, so two decisions at once
 * cannot both pass. Rejecting a referral whose student has already paid reverses its commission.
 */
export async function changeReferralStatus(
  db: Db,
  actor: Actor,
  id: number,
  body: ReferralStatusBody,
): Promise<{ student: ReferredStudentRow; message: string }> {
  const schoolId = await referringSchoolOf(db, actor.userId);
  await db.transaction(async (tx) => {
    const [current] = await queryRows<{ referral_status: ReferralStatus; referral_reason: string | null }>(
      tx,
      sql`select referral_status, referral_reason from students
          where id = ${id} and referred_by_school_id = ${schoolId} for update`,
    );
    if (!current) throw notFound("Referred student");
    const decision = decideReferral(current.referral_status, body.status, body.reason);
    if (!decision.ok) {
      if (decision.code === "reason") throw invalidField("reason", decision.message);
      throw new ApiError(409, decision.message);
    }
    await tx.execute(
      sql`update students set referral_status = ${decision.status}, referral_reason = ${decision.reason},
            referral_decided_at = now(), referral_decided_by = ${actor.userId}, updated_at = now()
          where id = ${id}`,
    );
    if (decision.status === "rejected") {
      await reverseReferralCommissions(tx, [id], { note: "referral-rejected", actor });
    }
    await recordActivity(tx, {
      userId: actor.userId,
      action: `referral.${decision.status === "approved" ? "approve" : "reject"}`,
      entity: "students",
      entityId: id,
      before: { referral_status: current.referral_status, referral_reason: current.referral_reason },
      after: { referral_status: decision.status, referral_reason: decision.reason },
      requestId: actor.requestId,
    });
  });
  const student = await referredStudent(db, schoolId, id);
  return {
    student,
    message: body.status === "approved" ? REFERRAL_MESSAGES.approved : REFERRAL_MESSAGES.rejected,
  };
}

/** The school's referral code and the public registration link that fills it in. */
export async function referralCodeOf(
  db: DbOrTx,
  userId: number,
  schoolOrigin: string,
): Promise<{ referral_code: string; share_url: string }> {
  const schoolId = await referringSchoolOf(db, userId);
  const [row] = await queryRows<{ referral_code: string }>(
    db,
    sql`select referral_code from schools where id = ${schoolId}`,
  );
  if (!row) throw notFound("School");
  const url = new URL("/sif/register", schoolOrigin);
  url.searchParams.set("ref", row.referral_code);
  return { referral_code: row.referral_code, share_url: url.toString() };
}

/** The signed-in school's earnings dashboard. */
export async function ownEarnings(db: DbOrTx, userId: number): Promise<EarningsDashboard> {
  return earningsOf(db, await referringSchoolOf(db, userId));
}
