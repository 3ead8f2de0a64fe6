import type { ExamLevel } from "@repo/contracts/fees";
import { PORTAL_TIME_ZONE } from "@repo/contracts/locale";
import { type Page, pageOf } from "@repo/contracts/pagination";
import type {
  EarningsDashboard,
  LedgerEntry,
  LedgerListQuery,
  Payout,
  PayoutBody,
  SchoolBalance,
} from "@repo/contracts/referrals";
import { COMMISSION_CURRENCY, type LedgerStatus, REFERRAL_MESSAGES } from "@repo/contracts/referrals-constants";
import { type Db, type DbOrTx, queryRows } from "@repo/db";
import { type SQL, sql } from "drizzle-orm";
import { type Actor, recordActivity } from "../../kernel/activity";
import { ApiError, notFound } from "../../kernel/http/errors";
import { containing, idsIn, PG_UNIQUE_VIOLATION, pgCode } from "../../kernel/sql";

/**
 * The commission ledger (docs/decisions/014-referral-ledger.md). Entries are written once; only
 * their status moves, forward, through the functions below: earned (the hook, when a referred
 * student's payment is confirmed) → approved (an admin) → paid out (a payout, one transaction).
 * Refunds and rejected referrals add negative reversal entries.
 */

export interface CommissionOptions {
  /** The level the payment covered; the registration fee is Level 1's. */
  examLevel?: ExamLevel;
  /** When the payment was confirmed; the rule in force on that day (India time) sets the amount. */
  paidAt?: Date;
  /** Who confirmed it, for the activity log (a webhook has no user). */
  actor?: Actor | null;
}

export interface RecordedCommission {
  entry_id: number;
  school_id: number;
  student_id: number;
  amount_minor: number;
}

type EntryRow = { id: number | string; school_id: number; student_id: number; amount_minor: number };
const toRecorded = (row: EntryRow): RecordedCommission => ({
  entry_id: Number(row.id),
  school_id: Number(row.school_id),
  student_id: Number(row.student_id),
  amount_minor: Number(row.amount_minor),
});

/**
 * The hook a payment calls, inside the transaction that marks students paid (issue 12's gateway
 * confirmation, a webhook, or an admin marking paid by hand). For each of `studentIds` that is
 * paid and was referred by a school whose referral is pending or approved (a rejected referral
 * earns nothing), it creates one earned entry at the amount of the rule in force for the level on
 * the payment day. With no rule in force, nothing is earned.
 *
 * Exactly once: the unique index on (student, level) of earned entries makes a repeated webhook,
 * or two confirmations at once, a no-op for all but the first. Returns the entries made now.
 */
export async function recordReferralCommissions(
  tx: DbOrTx,
  studentIds: readonly number[],
  options: CommissionOptions = {},
): Promise<RecordedCommission[]> {
  if (studentIds.length === 0) return [];
  const level = options.examLevel ?? "level1";
  const paidAt = (options.paidAt ?? new Date()).toISOString();
  const rows = await queryRows<EntryRow>(
    tx,
    sql`insert into referral_ledger (school_id, student_id, exam_year_id, exam_level, kind, amount_minor, currency,
          rule_id, status, earned_at)
        select s.referred_by_school_id, s.id, s.exam_year_id, ${level}, 'earned', r.amount_minor, r.currency, r.id,
          'earned', ${paidAt}::timestamptz
        from students s
        join lateral (
          select r.id, r.amount_minor, r.currency from referral_commission_rules r
          where r.exam_level = ${level}
            and r.starts_on <= (${paidAt}::timestamptz at time zone ${PORTAL_TIME_ZONE})::date
            and (r.ends_on is null or r.ends_on >= (${paidAt}::timestamptz at time zone ${PORTAL_TIME_ZONE})::date)
          order by r.starts_on desc limit 1
        ) r on true
        where ${idsIn(sql`s.id`, studentIds)} and s.payment_status = 'paid'
          and s.referred_by_school_id is not null and s.referral_status in ('pending', 'approved')
        order by s.id
        on conflict (student_id, exam_level) where kind = 'earned' do nothing
        returning id, school_id, student_id, amount_minor`,
  );
  const made = rows.map(toRecorded);
  if (made.length > 0) {
    await recordActivity(tx, {
      userId: options.actor?.userId ?? null,
      action: "referral-commission.earn",
      entity: "referral_ledger",
      entityId: made.length === 1 ? made[0]?.entry_id : null,
      after: { level, paid_at: paidAt, entries: made },
      requestId: options.actor?.requestId ?? null,
    });
  }
  return made;
}

/**
 * Cancels the earned entries of `studentIds` (a refund, issue 12; or the school rejecting a
 * referral it had left pending) with a new negative entry each. The earned entry itself is never
 * touched; an entry is reversed at most once (unique `reverses_entry_id`), so a repeated refund
 * webhook changes nothing. If the earned entry was already paid out, the negative entry is taken
 * off the school's next payout.
 */
export async function reverseReferralCommissions(
  tx: DbOrTx,
  studentIds: readonly number[],
  options: { note?: "refund" | "referral-rejected"; actor?: Actor | null; examLevel?: ExamLevel } = {},
): Promise<RecordedCommission[]> {
  if (studentIds.length === 0) return [];
  const note = options.note ?? "refund";
  const rows = await queryRows<EntryRow>(
    tx,
    sql`insert into referral_ledger (school_id, student_id, exam_year_id, exam_level, kind, amount_minor, currency,
          rule_id, reverses_entry_id, note, status, earned_at)
        select e.school_id, e.student_id, e.exam_year_id, e.exam_level, 'reversal', -e.amount_minor, e.currency,
          e.rule_id, e.id, ${note}, 'earned', now()
        from referral_ledger e
        where e.kind = 'earned' and ${idsIn(sql`e.student_id`, studentIds)}
          ${options.examLevel ? sql`and e.exam_level = ${options.examLevel}` : sql``}
        order by e.id
        on conflict (reverses_entry_id) do nothing
        returning id, school_id, student_id, amount_minor`,
  );
  const made = rows.map(toRecorded);
  if (made.length > 0) {
    await recordActivity(tx, {
      userId: options.actor?.userId ?? null,
      action: "referral-commission.reverse",
      entity: "referral_ledger",
      entityId: made.length === 1 ? made[0]?.entry_id : null,
      after: { note, entries: made },
      requestId: options.actor?.requestId ?? null,
    });
  }
  return made;
}

// ---- Earnings --------------------------------------------------------------------------------------

type Amounts = { earned: number; approved: number; paid_out: number; pending: number };
const zero = (): Amounts => ({ earned: 0, approved: 0, paid_out: 0, pending: 0 });

/** Adds one status's sum into the four figures: every entry counts towards earned (net). */
function addTo(target: Amounts, status: LedgerStatus, amount: number) {
  target.earned += amount;
  if (status === "earned") target.pending += amount;
  else if (status === "approved") target.approved += amount;
  else target.paid_out += amount;
}

/**
 * A school's earnings: totals and months from one grouped read of the school's entries. The index
 * (school_id, earned_month, status, amount_minor) answers it without touching the table.
 */
export async function earningsOf(db: DbOrTx, schoolId: number): Promise<EarningsDashboard> {
  const [months, referrals] = await Promise.all([
    // earned_month is a stored column (the month in India), so the rows group without a function
    // each; the count of commissions (entries above zero, less reversals) comes from the same scan.
    queryRows<{ month: string; status: LedgerStatus; amount: string | number; net: number }>(
      db,
      sql`select to_char(earned_month, 'YYYY-MM') as month, status, sum(amount_minor)::bigint as amount,
            (count(*) filter (where amount_minor > 0) - count(*) filter (where amount_minor < 0))::int as net
          from referral_ledger where school_id = ${schoolId}
          group by earned_month, status order by earned_month`,
    ),
    // Read from students_referred_by_idx alone.
    queryRows<{ referral_status: string; n: number }>(
      db,
      sql`select referral_status, count(*)::int as n from students where referred_by_school_id = ${schoolId}
          group by referral_status`,
    ),
  ]);
  const totals = zero();
  const byMonth = new Map<string, Amounts>();
  let commissions = 0;
  for (const row of months) {
    const month = byMonth.get(row.month) ?? zero();
    addTo(month, row.status, Number(row.amount));
    addTo(totals, row.status, Number(row.amount));
    byMonth.set(row.month, month);
    commissions += Number(row.net);
  }
  const count = (status: string) => Number(referrals.find((r) => r.referral_status === status)?.n ?? 0);
  return {
    currency: COMMISSION_CURRENCY,
    totals,
    referrals: { pending: count("pending"), approved: count("approved"), rejected: count("rejected") },
    commissions,
    by_month: [...byMonth].map(([month, amounts]) => ({ month, ...amounts })),
  };
}

// ---- The admins' ledger ----------------------------------------------------------------------------

/** The first instant of a month in India, and of the next one. */
function monthBounds(month: string): [string, string] {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
  return [`${month}-01T00:00:00+05:30`, `${next}-01T00:00:00+05:30`];
}

function ledgerFilters(query: Partial<LedgerListQuery>): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.school_id) parts.push(sql`e.school_id = ${query.school_id}`);
  if (query.status) parts.push(sql`e.status = ${query.status}`);
  if (query.kind) parts.push(sql`e.kind = ${query.kind}`);
  if (query.month) {
    const [from, to] = monthBounds(query.month);
    parts.push(sql`e.earned_at >= ${from}::timestamptz and e.earned_at < ${to}::timestamptz`);
  }
  if (query.search) {
    const like = containing(query.search);
    parts.push(sql`(sc.name ilike ${like} or sc.referral_code ilike ${like}
      or st.first_name || ' ' || st.last_name ilike ${like} or st.roll_number ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

const ENTRY_COLUMNS = sql`e.id, e.school_id, sc.name as school_name, e.student_id,
  trim(st.first_name || ' ' || st.last_name) as student_name, e.exam_level, e.kind, e.amount_minor, e.currency,
  e.status, e.earned_at, e.approved_at, e.payout_id, p.reference as payout_reference, e.reverses_entry_id,
  st.referral_status`;
const ENTRY_FROM = sql`referral_ledger e join schools sc on sc.id = e.school_id join students st on st.id = e.student_id
  left join referral_payouts p on p.id = e.payout_id`;

type RawEntry = Omit<LedgerEntry, "earned_at" | "approved_at"> & {
  earned_at: Date | string;
  approved_at: Date | string | null;
};
const toEntry = (row: RawEntry): LedgerEntry => ({
  ...row,
  id: Number(row.id),
  school_id: Number(row.school_id),
  student_id: Number(row.student_id),
  amount_minor: Number(row.amount_minor),
  currency: row.currency.trim(),
  payout_id: row.payout_id === null ? null : Number(row.payout_id),
  reverses_entry_id: row.reverses_entry_id === null ? null : Number(row.reverses_entry_id),
  earned_at: new Date(row.earned_at).toISOString(),
  approved_at: row.approved_at ? new Date(row.approved_at).toISOString() : null,
});

/** A page of the ledger across schools, newest first, with the sums of every entry the filters match. */
export async function listLedger(db: DbOrTx, query: LedgerListQuery): Promise<Page<LedgerEntry> & { sums: Amounts }> {
  const where = ledgerFilters(query);
  const [grouped, rows] = await Promise.all([
    queryRows<{ status: LedgerStatus; n: number; amount: string | number }>(
      db,
      sql`select e.status, count(*)::int as n, sum(e.amount_minor)::bigint as amount
          from ${ENTRY_FROM} where ${where} group by e.status`,
    ),
    queryRows<RawEntry>(
      db,
      sql`select ${ENTRY_COLUMNS} from ${ENTRY_FROM} where ${where}
          order by e.id desc limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
    ),
  ]);
  const sums = zero();
  let total = 0;
  for (const row of grouped) {
    addTo(sums, row.status, Number(row.amount));
    total += Number(row.n);
  }
  return { ...pageOf(rows.map(toEntry), total, query.page, query.per_page), sums };
}

/** Every entry of the ledger's filters, in batches (keyset paging), for the export. */
export async function* ledgerForExport(db: Db, query: Partial<LedgerListQuery>, batchSize = 2000) {
  const where = ledgerFilters({ ...query, search: query.search || undefined });
  let after = 0;
  for (;;) {
    const rows = await queryRows<RawEntry>(
      db,
      sql`select ${ENTRY_COLUMNS} from ${ENTRY_FROM} where ${where} and e.id > ${after} order by e.id limit ${batchSize}`,
    );
    if (rows.length === 0) return;
    yield rows.map(toEntry);
    after = Number(rows[rows.length - 1]?.id);
  }
}

/**
 * Approves earned entries (admins). An earned commission is approved only once the school has
 * approved the referral; a reversal may always be approved (it lowers what is owed). Entries that
 * are not earned any more, or do not exist, are kept with the reason.
 */
export async function approveEntries(
  db: Db,
  actor: Actor,
  ids: readonly number[],
): Promise<{ approved: number[]; kept: { id: number; reason: string }[] }> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number; status: LedgerStatus; kind: string; referral_status: string }>(
      tx,
      sql`select e.id, e.status, e.kind, st.referral_status from referral_ledger e join students st on st.id = e.student_id
          where ${idsIn(sql`e.id`, unique)} order by e.id for update of e`,
    );
    const found = new Map(rows.map((row) => [Number(row.id), row]));
    const kept: { id: number; reason: string }[] = [];
    const approvable: number[] = [];
    for (const id of unique) {
      const row = found.get(id);
      if (!row) kept.push({ id, reason: "Entry not found" });
      else if (row.status !== "earned")
        kept.push({ id, reason: `Already ${row.status === "approved" ? "approved" : "paid out"}` });
      else if (row.kind === "earned" && row.referral_status !== "approved")
        kept.push({ id, reason: "The school has not approved this referral yet" });
      else approvable.push(id);
    }
    if (approvable.length > 0) {
      await tx.execute(
        sql`update referral_ledger set status = 'approved', approved_at = now(), approved_by = ${actor.userId}
            where ${idsIn(sql`id`, approvable)} and status = 'earned'`,
      );
      await recordActivity(tx, {
        userId: actor.userId,
        action: "referral-commission.approve",
        entity: "referral_ledger",
        entityId: approvable.length === 1 ? approvable[0] : null,
        after: { ids: approvable },
        requestId: actor.requestId,
      });
    }
    return { approved: approvable, kept };
  });
}

/** Each school that has ledger entries: its four figures and whether a payout can go to it. */
export async function schoolBalances(db: DbOrTx, schoolId?: number): Promise<SchoolBalance[]> {
  const rows = await queryRows<{
    school_id: number;
    school_name: string;
    referral_code: string;
    status: LedgerStatus;
    amount: string | number;
    bank: "none" | "unverified" | "verified";
  }>(
    db,
    sql`select e.school_id, sc.name as school_name, sc.referral_code, e.status, sum(e.amount_minor)::bigint as amount,
          case when b.id is null then 'none' when b.verified_at is null then 'unverified' else 'verified' end as bank
        from referral_ledger e join schools sc on sc.id = e.school_id
        left join bank_details b on b.school_id = e.school_id
        ${schoolId ? sql`where e.school_id = ${schoolId}` : sql``}
        group by e.school_id, sc.name, sc.referral_code, e.status, b.id, b.verified_at
        order by sc.name, e.school_id`,
  );
  const bySchool = new Map<number, SchoolBalance>();
  for (const row of rows) {
    const id = Number(row.school_id);
    const balance = bySchool.get(id) ?? {
      school_id: id,
      school_name: row.school_name,
      referral_code: row.referral_code,
      bank_details: row.bank,
      ...zero(),
    };
    addTo(balance, row.status, Number(row.amount));
    bySchool.set(id, balance);
  }
  return [...bySchool.values()];
}

/**
 * Records a bank transfer to a school (admins): in one transaction, every approved entry of the
 * school becomes paid out under the new payout. Refused, with nothing changed, when the school's
 * bank details are missing or not verified, when nothing approved is owed, or when the reference
 * was used before. The bank-details row is locked first, so two payouts for one school run one
 * after the other and the second finds nothing left to pay.
 */
export async function recordPayout(db: Db, actor: Actor, body: PayoutBody): Promise<Payout> {
  try {
    return await db.transaction(async (tx) => {
      const [school] = await queryRows<{ id: number; name: string }>(
        tx,
        sql`select id, name from schools where id = ${body.school_id}`,
      );
      if (!school) throw notFound("School");
      const [bank] = await queryRows<{ verified_at: Date | null }>(
        tx,
        sql`select verified_at from bank_details where school_id = ${body.school_id} for update`,
      );
      if (!bank?.verified_at) throw new ApiError(409, REFERRAL_MESSAGES.noBankDetails);
      const [owed] = await queryRows<{ n: number; amount: string | number | null }>(
        tx,
        sql`select count(*)::int as n, sum(amount_minor)::bigint as amount from referral_ledger
            where school_id = ${body.school_id} and status = 'approved'`,
      );
      const amount = Number(owed?.amount ?? 0);
      if (!owed || owed.n === 0 || amount <= 0) throw new ApiError(409, REFERRAL_MESSAGES.nothingToPay);
      const [made] = await queryRows<{ id: number; created_at: Date | string }>(
        tx,
        sql`insert into referral_payouts (school_id, reference, paid_on, amount_minor, currency, entry_count, created_by)
            values (${body.school_id}, ${body.reference}, ${body.paid_on}, ${amount}, ${COMMISSION_CURRENCY}, ${owed.n}, ${actor.userId})
            returning id, created_at`,
      );
      if (!made) throw new Error("payout was not recorded");
      const moved = await queryRows<{ id: number }>(
        tx,
        sql`update referral_ledger set status = 'paid_out', payout_id = ${made.id}
            where school_id = ${body.school_id} and status = 'approved' returning id`,
      );
      if (moved.length !== owed.n) throw new Error("the approved entries changed during the payout");
      await recordActivity(tx, {
        userId: actor.userId,
        action: "referral-payout.create",
        entity: "referral_payouts",
        entityId: made.id,
        after: {
          school_id: body.school_id,
          reference: body.reference,
          paid_on: body.paid_on,
          amount_minor: amount,
          entries: owed.n,
        },
        requestId: actor.requestId,
      });
      return {
        id: Number(made.id),
        school_id: Number(school.id),
        school_name: school.name,
        reference: body.reference,
        paid_on: body.paid_on,
        amount_minor: amount,
        currency: COMMISSION_CURRENCY,
        entries: owed.n,
        created_at: new Date(made.created_at).toISOString(),
      };
    });
  } catch (error) {
    if (pgCode(error) === PG_UNIQUE_VIOLATION) {
      const message = `A payout with the reference ${body.reference} is already recorded: check the reference`;
      throw new ApiError(409, message, [{ field: "reference", message }]);
    }
    throw error;
  }
}
