/**
 * School Payments (pay support): each school's students of the active exam year by payment status,
 * the fees paid for them (whoever paid: the school, its master institute, or by hand) and what its
 * unpaid students still cost. Schools are paged first and each page's figures are counted per
 * school, so a page costs the same with 50 or 50,000 schools.
 */
import { ROLE_GROUPS } from "@repo/auth/roles";
import { type Page, pageOf } from "@repo/contracts/pagination";
import type { SchoolBalanceQuery, SchoolBalanceRow } from "@repo/contracts/pay-support";
import { type Db, queryRows } from "@repo/db";
import { type SQL, sql } from "drizzle-orm";
import { containing, idsIn } from "../../kernel/sql";
import { activeExamYear } from "../programme/exam-year";
import { schoolPaysFor } from "../schools/ownership";
import { registrationFeeJoin } from "./fees";

interface BalanceRow {
  school_id: number;
  name: string;
  username: string | null;
  state: string;
  students: string | number;
  paid: string | number;
  pending: string | number;
  unpaid: string | number;
  paid_minor: string | number | null;
  fee_currency: string | null;
  fee_minor: number | null;
}

function filterOf(query: Omit<SchoolBalanceQuery, "page" | "per_page">, yearId: number): SQL {
  const where: SQL[] = [sql`true`];
  const term = query.search?.trim();
  if (term) {
    const like = containing(term);
    where.push(sql`(sc.name ilike ${like} or sc.referral_code = ${term.toUpperCase()}
      or exists (select 1 from users u where u.school_id = sc.id and u.username ilike ${like}))`);
  }
  if (query.owing) {
    where.push(sql`exists (select 1 from students s where ${schoolPaysFor(sql`sc.id`)} and s.exam_year_id = ${yearId}
      and s.payment_status = 'unpaid')`);
  }
  return sql.join(where, sql` and `);
}

const rowOf = (row: BalanceRow): SchoolBalanceRow => {
  const currency = row.fee_currency?.trim() ?? "INR";
  const unpaid = Number(row.unpaid);
  return {
    school_id: row.school_id,
    name: row.name,
    username: row.username,
    state: row.state,
    students: Number(row.students),
    paid: Number(row.paid),
    pending: Number(row.pending),
    unpaid,
    paid_amount: { currency, amount_minor: Number(row.paid_minor ?? 0) },
    due_amount: row.fee_minor === null ? null : { currency, amount_minor: unpaid * Number(row.fee_minor) },
  };
};

const balancesOf = (schools: SQL, yearId: number) => sql`
  select p.id as school_id, p.name, p.state,
    (select u.username from users u where u.school_id = p.id and ${idsIn(sql`u.role_id`, ROLE_GROUPS.singleSchools)} order by u.id limit 1) as username,
    c.students, c.paid, c.pending, c.unpaid,
    (select sum(i.amount_minor) from payment_order_items i join payment_orders o on o.id = i.order_id
       join students s on s.id = i.student_id
       where s.school_id = p.id and o.status = 'paid' and o.exam_year_id = ${yearId}) as paid_minor,
    f.currency as fee_currency, f.amount_minor as fee_minor
  from (${schools}) p
  left join lateral (
    select count(*) as students,
      count(*) filter (where s.payment_status = 'paid') as paid,
      count(*) filter (where s.payment_status = 'pending') as pending,
      count(*) filter (where s.payment_status = 'unpaid') as unpaid
    from students s where ${schoolPaysFor(sql`p.id`)} and s.exam_year_id = ${yearId}) c on true
  ${registrationFeeJoin(sql`p.country_id`, yearId)}`;

export async function listSchoolBalances(db: Db, query: SchoolBalanceQuery): Promise<Page<SchoolBalanceRow>> {
  const year = await activeExamYear(db);
  const condition = filterOf(query, year.id);
  const offset = (query.page - 1) * query.per_page;
  const schools = sql`select sc.id, sc.name, st.name as state, st.country_id from schools sc
    join states st on st.id = sc.state_id where ${condition}
    order by sc.name, sc.id limit ${query.per_page} offset ${offset}`;
  const [rows, [count]] = await Promise.all([
    queryRows<BalanceRow>(db, sql`${balancesOf(schools, year.id)} order by p.name, p.id`),
    queryRows<{ total: string | number }>(db, sql`select count(*) as total from schools sc where ${condition}`),
  ]);
  return pageOf(rows.map(rowOf), Number(count?.total ?? 0), query.page, query.per_page);
}

/** Every school the filters match, by name, in batches (keyset on name and id), for the export. */
export async function* schoolBalancesForExport(
  db: Db,
  filters: Omit<SchoolBalanceQuery, "page" | "per_page">,
): AsyncIterable<SchoolBalanceRow[]> {
  const year = await activeExamYear(db);
  const condition = filterOf(filters, year.id);
  let after: { name: string; id: number } | null = null;
  for (;;) {
    const from: SQL = after ? sql`and (sc.name, sc.id) > (${after.name}, ${after.id})` : sql``;
    const schools = sql`select sc.id, sc.name, st.name as state, st.country_id from schools sc
      join states st on st.id = sc.state_id where ${condition} ${from} order by sc.name, sc.id limit 500`;
    const rows = await queryRows<BalanceRow>(db, sql`${balancesOf(schools, year.id)} order by p.name, p.id`);
    const last = rows.at(-1);
    if (!last) return;
    yield rows.map(rowOf);
    after = { name: last.name, id: last.school_id };
  }
}
