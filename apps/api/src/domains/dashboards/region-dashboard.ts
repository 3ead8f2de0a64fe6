import type { DashboardCards, RecentActivity, StateSummaryRow } from "@repo/contracts/region-dashboard";
import { type DbOrTx, queryRows } from "@repo/db";
import { type SQL, sql } from "drizzle-orm";
import { type Assignments, assignedSql, type RegionViewer, regionContext } from "../geography/region-scope";
import { belowState, countSchools, countStudents, countStudentsByPayment } from "./region-lists";

/**
 * The coordinator app's dashboard (decision 019): cards, the state summary and the latest
 * registrations and payments, scoped like the region lists. The cards are the lists' own counts
 * (countStudents, countSchools), so a card and the list it opens cannot disagree.
 */

const todayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" });

/** The programme's today (India Standard Time) as yyyy-mm-dd. */
export const programmeToday = (now = new Date()) => todayFormat.format(now);

/**
 * Paid orders a viewer's figures include: every one for the country; in a region, those of its
 * schools (a school's own orders and its students paying for themselves). A master institute's
 * order spans regions and counts in the country's figure only.
 */
function paidOrdersSql(yearId: number, assigned: Assignments | null): SQL {
  return sql`payment_orders o
    left join schools sc on sc.id = o.school_id
    left join master_institutes mi on mi.id = o.master_institute_id
    join users u on u.id = o.payer_user_id
    where o.exam_year_id = ${yearId} and o.status = 'paid'
      and ${assigned ? sql`o.school_id is not null and ${assignedSql("sc", assigned)}` : sql`true`}`;
}

export async function dashboardCards(db: DbOrTx, viewer: RegionViewer, now = new Date()): Promise<DashboardCards> {
  const { year, assigned } = await regionContext(db, viewer);
  const today = programmeToday(now);
  const [schools, byStatus, registeredToday, collected] = await Promise.all([
    countSchools(db, year.id, assigned, {}),
    countStudentsByPayment(db, year.id, assigned),
    countStudents(db, year.id, assigned, { registered_from: today, registered_to: today }),
    collectedOf(db, year.id, assigned),
  ]);
  const { paid, pending, unpaid } = byStatus;
  return {
    exam_year: year.label,
    today,
    schools,
    students: paid + pending + unpaid,
    paid,
    pending,
    unpaid,
    registered_today: registeredToday.total,
    registered_today_capped: registeredToday.capped,
    collected: collected.map((row) => ({ currency: row.currency.trim(), amount_minor: Number(row.amount_minor) })),
  };
}

/**
 * The amount collected this year by currency: from the paid orders' daily tally (migration 0013)
 * for the country, a zone or a state; from the orders themselves for a prant or a district.
 */
function collectedOf(db: DbOrTx, yearId: number, assigned: Assignments | null) {
  return queryRows<{ currency: string; amount_minor: string | number }>(
    db,
    belowState(assigned)
      ? sql`select o.currency, sum(o.amount_minor) as amount_minor
          from payment_orders o join schools sc on sc.id = o.school_id and ${assignedSql("sc", assigned)}
          where o.exam_year_id = ${yearId} and o.status = 'paid' group by o.currency order by o.currency`
      : sql`select t.currency, sum(t.amount_minor) as amount_minor from paid_order_daily_tallies t
          where t.exam_year_id = ${yearId} and ${assignedSql("t", assigned)}
          group by t.currency having sum(t.orders) > 0 order by t.currency`,
  );
}

/** Each state of the viewer's region: schools, and students by payment. */
export async function stateSummary(db: DbOrTx, viewer: RegionViewer): Promise<StateSummaryRow[]> {
  const { year, assigned } = await regionContext(db, viewer);
  const byDistrict = belowState(assigned);
  const tally = byDistrict ? sql`student_district_tallies` : sql`student_state_tallies`;
  const rows = await queryRows<Record<keyof StateSummaryRow, string | number>>(
    db,
    sql`with t as (
          select t.state_id, sum(t.students) as students,
            coalesce(sum(t.students) filter (where t.payment_status = 'paid'), 0) as paid,
            coalesce(sum(t.students) filter (where t.payment_status = 'pending'), 0) as pending
          from ${tally} t where t.exam_year_id = ${year.id} and ${assignedSql("t", assigned)}
          group by t.state_id
        ), s as (
          ${
            byDistrict
              ? sql`select sc.state_id, count(*) as schools from schools sc where ${assignedSql("sc", assigned)}
                  group by sc.state_id`
              : sql`select t.state_id, sum(t.schools) as schools from school_tallies t where ${assignedSql("t", assigned)}
                  group by t.state_id`
          }
        )
        select st.id as state_id, st.name as state, z.name as zone, coalesce(s.schools, 0) as schools,
          coalesce(t.students, 0) as students, coalesce(t.paid, 0) as paid, coalesce(t.pending, 0) as pending
        from states st join zones z on z.id = st.zone_id
        left join t on t.state_id = st.id left join s on s.state_id = st.id
        where t.state_id is not null or s.state_id is not null
        order by st.name`,
  );
  return rows.map((row) => {
    const students = Number(row.students);
    const paid = Number(row.paid);
    const pending = Number(row.pending);
    return {
      state_id: Number(row.state_id),
      state: String(row.state),
      zone: String(row.zone),
      schools: Number(row.schools),
      students,
      paid,
      pending,
      unpaid: students - paid - pending,
    };
  });
}

const RECENT = 8;

/** The latest students and schools registered, and payments received, in the viewer's region. */
export async function recentActivity(db: DbOrTx, viewer: RegionViewer): Promise<RecentActivity> {
  const { year, assigned } = await regionContext(db, viewer);
  const [students, schools, payments] = await Promise.all([
    queryRows<{
      id: number;
      name: string;
      class_level: number;
      school_name: string;
      payment_status: string;
      created_at: Date | string;
    }>(
      db,
      sql`select s.id, trim(s.first_name || ' ' || s.last_name) as name, s.class_level,
            coalesce(sc.name, s.unlisted_school_name, '') as school_name, s.payment_status, s.created_at
          from students s left join schools sc on sc.id = s.school_id
          where s.exam_year_id = ${year.id} and ${assignedSql("s", assigned)}
          order by s.id desc limit ${RECENT}`,
    ),
    queryRows<{ id: number; name: string; state: string | null; created_at: Date | string }>(
      db,
      sql`select sc.id, sc.name, st.name as state, sc.created_at
          from schools sc left join states st on st.id = sc.state_id
          where ${assignedSql("sc", assigned)} order by sc.id desc limit ${RECENT}`,
    ),
    queryRows<{
      order_id: number;
      payer: string | null;
      currency: string;
      amount_minor: string | number;
      paid_at: Date | string;
    }>(
      db,
      sql`select o.id as order_id, coalesce(sc.name, mi.name, u.name, u.username) as payer, o.currency,
            o.amount_minor, o.paid_at
          from ${paidOrdersSql(year.id, assigned)}
          order by o.paid_at desc limit ${RECENT}`,
    ),
  ]);
  return {
    students: students.map((s) => ({
      ...s,
      id: Number(s.id),
      class_level: Number(s.class_level),
      created_at: new Date(s.created_at).toISOString(),
    })),
    schools: schools.map((s) => ({ ...s, id: Number(s.id), created_at: new Date(s.created_at).toISOString() })),
    payments: payments.map((p) => ({
      order_id: Number(p.order_id),
      payer: p.payer ?? "",
      amount: { currency: p.currency.trim(), amount_minor: Number(p.amount_minor) },
      paid_at: new Date(p.paid_at).toISOString(),
    })),
  };
}
