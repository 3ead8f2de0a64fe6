import type {
  AnalyticsFilters,
  CoordinatorCounts,
  Participation,
  RegistrationsVsCollections,
  SchoolAnalytics,
  StatisticsSummary,
  StudyMaterialAnalytics,
} from "@repo/contracts/region-analytics";
import { type DbOrTx, queryRows } from "@repo/db";
import { type SQL, sql } from "drizzle-orm";
import { ApiError } from "../../kernel/http/errors";
import { idsIn } from "../../kernel/sql";
import { coordinatorCondition } from "../accounts/coordinators";
import { type Assignments, assignedSql, type RegionViewer, regionContext } from "../geography/region-scope";
import { regionScopeFor } from "../geography/scope";
import { programmeToday } from "./region-dashboard";
import { belowState, dailyTallyFor, dayRangeSql, schoolTalliesAnswer, tallyFor } from "./region-lists";

/**
 * The coordinator app's analytics and statistics (decision 019), scoped like the region
 * lists. Without a date range every figure comes from the tallies the `students` triggers keep;
 * a date range narrows participation to the students registered in it, counted live (its cost
 * grows with the range, which is why the page starts without one).
 */

/** One analytics call: the viewer's figures for the filters. */
export type AnalyticsRun<T> = (db: DbOrTx, viewer: RegionViewer, filters: AnalyticsFilters) => Promise<T>;

/** The longest range the day-by-day series covers. */
export const MAX_SERIES_DAYS = 400;

const n = (value: unknown) => Number(value ?? 0);

function regionParts(alias: string, filters: AnalyticsFilters): SQL[] {
  const parts: SQL[] = [];
  if (filters.zone_id) parts.push(sql`${sql.raw(alias)}.zone_id = ${filters.zone_id}`);
  if (filters.state_ids?.length) parts.push(idsIn(sql.raw(`${alias}.state_id`), filters.state_ids));
  return parts;
}

const dateParts = (column: SQL, filters: AnalyticsFilters): SQL[] => [
  ...(filters.from ? [sql`${column} >= (${filters.from}::date)::timestamp at time zone 'Asia/Kolkata'`] : []),
  ...(filters.to ? [sql`${column} < (${filters.to}::date + 1)::timestamp at time zone 'Asia/Kolkata'`] : []),
];

/** Students of one class, language or source and one payment status (pivoted by `pivot`). */
type ParticipationRow = {
  class_level: number | null;
  language: string | null;
  kind: string | null;
  payment_status: string;
  students: number;
};

/** The split by payment status as rows, pivoted in JS: FILTER sums cost PostgreSQL a third more. */
const BY_PAYMENT = sql`payment_status, sum(students)::int as students`;
const KIND = sql`case when source = 'sif' then 'individual' else 'school' end`;

/** Students by class, language and source, each split by payment. */
export async function participationOf(
  db: DbOrTx,
  viewer: RegionViewer,
  filters: AnalyticsFilters,
): Promise<Participation> {
  const { year, assigned } = await regionContext(db, viewer);
  const region = [assignedSql("t", assigned), ...regionParts("t", filters)];
  const dated = Boolean(filters.from || filters.to);
  const days = dayRangeSql({ registered_from: filters.from, registered_to: filters.to });
  let rows: ParticipationRow[];
  if (dated && dailyTallyFor(assigned, filters)) {
    // A date range by state: the daily tallies by class (with source) and by language.
    const [byClass, byLanguage] = await Promise.all([
      queryRows<ParticipationRow>(
        db,
        sql`select class_level, null as language, ${KIND} as kind, ${BY_PAYMENT}
            from student_daily_class_tallies t
            where ${sql.join([sql`t.exam_year_id = ${year.id}`, ...days, ...region], sql` and `)}
            group by grouping sets ((class_level, payment_status), (${KIND}, payment_status))`,
      ),
      queryRows<ParticipationRow>(
        db,
        sql`select null as class_level, language, null as kind, ${BY_PAYMENT}
            from student_daily_language_tallies t
            where ${sql.join([sql`t.exam_year_id = ${year.id}`, ...days, ...region], sql` and `)}
            group by language, payment_status`,
      ),
    ]);
    rows = [...byClass, ...byLanguage];
  } else {
    // Without dates the tallies (by district below a state); with dates below a state, the
    // students themselves (a prant's or district's are few).
    const source = dated
      ? sql`(select class_level, language, payment_status, source, 1 as students from students t
            where ${sql.join(
              [sql`t.exam_year_id = ${year.id}`, ...region, ...dateParts(sql`t.created_at`, filters)],
              sql` and `,
            )})`
      : sql`(select class_level, language, payment_status, source, students from ${tallyFor(assigned, filters)} t
            where ${sql.join([sql`t.exam_year_id = ${year.id}`, ...region], sql` and `)})`;
    rows = await queryRows<ParticipationRow>(
      db,
      sql`select class_level, language, ${KIND} as kind, ${BY_PAYMENT}
          from ${source} x
          group by grouping sets ((class_level, payment_status), (language, payment_status), (${KIND}, payment_status))`,
    );
  }
  type Split = { total: number; paid: number; pending: number; unpaid: number };
  const pivot = <Key extends string | number>(pick: (row: ParticipationRow) => Key | null) => {
    const out = new Map<Key, Split>();
    for (const row of rows) {
      const key = pick(row);
      if (key === null) continue;
      const split = out.get(key) ?? { total: 0, paid: 0, pending: 0, unpaid: 0 };
      const students = n(row.students);
      split.total += students;
      if (row.payment_status === "paid") split.paid += students;
      if (row.payment_status === "pending") split.pending += students;
      split.unpaid = split.total - split.paid - split.pending;
      out.set(key, split);
    }
    return [...out];
  };
  return {
    by_class: pivot((r) => (r.class_level === null ? null : n(r.class_level)))
      .map(([class_level, split]) => ({ class_level, ...split }))
      .sort((a, b) => a.class_level - b.class_level),
    by_language: pivot((r) => (r.language === null ? null : String(r.language)))
      .map(([language, split]) => ({ language, ...split }))
      .sort((a, b) => b.total - a.total),
    by_source: pivot((r) => (r.kind !== null && r.class_level === null && r.language === null ? r.kind : null)).map(
      ([source, split]) => ({ source: source as "school" | "individual", ...split }),
    ),
  };
}

/** Registrations (tallies by day) and paid orders per day, from `from` to `to` (default: the last 30 days). */
export async function registrationsVsCollections(
  db: DbOrTx,
  viewer: RegionViewer,
  filters: AnalyticsFilters,
): Promise<RegistrationsVsCollections> {
  const { year, assigned } = await regionContext(db, viewer);
  const to = filters.to ?? programmeToday();
  const from = filters.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  if (days > MAX_SERIES_DAYS) {
    throw new ApiError(400, `Choose at most ${MAX_SERIES_DAYS} days for the day-by-day figures`, [
      { field: "from", message: `Choose at most ${MAX_SERIES_DAYS} days` },
    ]);
  }
  const tally = belowState(assigned) ? sql`student_daily_district_tallies` : sql`student_daily_state_tallies`;
  const [registered, paid] = await Promise.all([
    queryRows<{ day: string; students: number }>(
      db,
      sql`select t.day::text as day, sum(t.students)::int as students from ${tally} t
          where ${sql.join(
            [
              sql`t.exam_year_id = ${year.id}`,
              sql`t.day between ${from}::date and ${to}::date`,
              assignedSql("t", assigned),
              ...regionParts("t", filters),
            ],
            sql` and `,
          )}
          group by t.day`,
    ),
    paidOrdersByDay(db, year.id, assigned, filters, from, to),
  ]);
  const byDay = new Map(registered.map((r) => [r.day, n(r.students)]));
  const money = new Map<string, { orders: number; collected: { currency: string; amount_minor: number }[] }>();
  for (const row of paid) {
    const entry = money.get(row.day) ?? { orders: 0, collected: [] };
    entry.orders += n(row.orders);
    entry.collected.push({ currency: row.currency.trim(), amount_minor: n(row.amount_minor) });
    money.set(row.day, entry);
  }
  const out: RegistrationsVsCollections["days"] = [];
  for (let i = 0; i < days; i++) {
    const day = new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
    const m = money.get(day);
    out.push({ day, registered: byDay.get(day) ?? 0, orders: m?.orders ?? 0, collected: m?.collected ?? [] });
  }
  return { from, to, days: out };
}

type PaidDay = { day: string; currency: string; orders: number; amount_minor: string | number };

/**
 * Paid orders and their amounts per day and currency: from the daily tally (migration 0013) for
 * the country, a zone or a state; counted from the orders for a prant or a district, whose few
 * orders the tally (by state) cannot tell apart.
 */
function paidOrdersByDay(
  db: DbOrTx,
  yearId: number,
  assigned: Assignments | null,
  filters: AnalyticsFilters,
  from: string,
  to: string,
): Promise<PaidDay[]> {
  if (!belowState(assigned)) {
    return queryRows<PaidDay>(
      db,
      sql`select t.day::text as day, t.currency, sum(t.orders)::int as orders, sum(t.amount_minor) as amount_minor
          from paid_order_daily_tallies t
          where ${sql.join(
            [
              sql`t.exam_year_id = ${yearId}`,
              sql`t.day between ${from}::date and ${to}::date`,
              assignedSql("t", assigned),
              ...regionParts("t", filters),
            ],
            sql` and `,
          )}
          group by 1, 2 having sum(t.orders) > 0`,
    );
  }
  return queryRows<PaidDay>(
    db,
    sql`select (o.paid_at at time zone 'Asia/Kolkata')::date::text as day, o.currency, count(*)::int as orders,
          sum(o.amount_minor) as amount_minor
        from payment_orders o join schools sc on sc.id = o.school_id
        where ${sql.join(
          [
            sql`o.exam_year_id = ${yearId}`,
            sql`o.status = 'paid'`,
            ...dateParts(sql`o.paid_at`, { from, to }),
            assignedSql("sc", assigned),
            ...regionParts("sc", filters),
          ],
          sql` and `,
        )}
        group by 1, 2`,
  );
}

/** Schools by type (category) and board, with those that have a paid student and their students. */
export async function schoolAnalyticsOf(
  db: DbOrTx,
  viewer: RegionViewer,
  filters: AnalyticsFilters,
): Promise<SchoolAnalytics> {
  const { year, assigned } = await regionContext(db, viewer);
  // From the schools' tallies unless dates or a prant or district are involved (decision 019).
  const fromTallies = !filters.from && !filters.to && schoolTalliesAnswer(assigned, filters);
  const source = fromTallies
    ? sql`(select s.category_id, s.board_id, s.is_active, s.verified, s.schools, coalesce(y.with_paid, 0) as with_paid,
            coalesce(y.students, 0) as students
          from school_tallies s left join school_year_tallies y on y.exam_year_id = ${year.id}
            and (y.state_id, y.category_id, y.board_id, y.is_active, y.verified, y.zone_id)
              = (s.state_id, s.category_id, s.board_id, s.is_active, s.verified, s.zone_id)
          where ${sql.join([assignedSql("s", assigned), ...regionParts("s", filters)], sql` and `)})`
    : sql`(select sc.category_id, coalesce(sc.board_id, 0) as board_id, sc.is_active,
            sc.email_verified_at is not null as verified, 1 as schools, (coalesce(c.paid, 0) > 0)::int as with_paid,
            coalesce(c.students, 0) as students
          from schools sc left join school_student_counts c on c.school_id = sc.id and c.exam_year_id = ${year.id}
          where ${sql.join(
            [assignedSql("sc", assigned), ...regionParts("sc", filters), ...dateParts(sql`sc.created_at`, filters)],
            sql` and `,
          )})`;
  const rows = await queryRows<{
    category_id: number | null;
    board_id: number | null;
    schools: number;
    active: number;
    verified: number;
    with_paid: number;
    students: number;
  }>(
    db,
    sql`select x.category_id, x.board_id, sum(x.schools)::int as schools,
          coalesce(sum(x.schools) filter (where x.is_active), 0)::int as active,
          coalesce(sum(x.schools) filter (where x.verified), 0)::int as verified,
          sum(x.with_paid)::int as with_paid, sum(x.students)::int as students
        from ${source} x
        group by grouping sets ((), (x.category_id), (x.board_id))`,
  );
  const total = rows.find((r) => r.category_id === null && r.board_id === null);
  const pick = (r: (typeof rows)[number]) => ({
    schools: n(r.schools),
    with_paid: n(r.with_paid),
    students: n(r.students),
  });
  return {
    total: n(total?.schools),
    active: n(total?.active),
    verified: n(total?.verified),
    with_paid: n(total?.with_paid),
    by_category: rows
      .filter((r) => r.category_id !== null)
      .map((r) => ({ category_id: n(r.category_id), ...pick(r) }))
      .sort((a, b) => a.category_id - b.category_id),
    by_board: rows
      .filter((r) => r.category_id === null && r.board_id !== null)
      .map((r) => ({ board_id: n(r.board_id), ...pick(r) }))
      .sort((a, b) => b.schools - a.schools),
  };
}

/** Study materials bought (paid orders), with their buyers in the viewer's region. */
export async function studyMaterialAnalyticsOf(
  db: DbOrTx,
  viewer: RegionViewer,
  filters: AnalyticsFilters,
): Promise<StudyMaterialAnalytics> {
  const { year, assigned } = await regionContext(db, viewer);
  const rows = await queryRows<{
    id: number;
    title: string;
    currency: string | null;
    buyers: number;
    amount_minor: string | number | null;
  }>(
    db,
    sql`select m.id, m.title, o.currency, count(distinct o.payer_user_id)::int as buyers, sum(i.amount_minor) as amount_minor
        from study_materials m
        left join payment_order_items i on i.study_material_id = m.id
        left join payment_orders o on o.id = i.order_id and o.status = 'paid' and o.exam_year_id = ${year.id}
          ${sql.join(
            [
              sql``,
              ...dateParts(sql`o.paid_at`, filters),
              ...(assigned || filters.zone_id || filters.state_ids?.length
                ? [
                    sql`exists (select 1 from schools sc where sc.id = o.school_id and ${sql.join(
                      [assignedSql("sc", assigned), ...regionParts("sc", filters)],
                      sql` and `,
                    )})`,
                  ]
                : []),
            ],
            sql` and `,
          )}
        group by m.id, m.title, o.currency
        order by m.title`,
  );
  const byMaterial = new Map<number, StudyMaterialAnalytics[number]>();
  for (const row of rows) {
    const entry = byMaterial.get(n(row.id)) ?? { id: n(row.id), title: row.title, buyers: 0, collected: [] };
    if (row.currency) {
      entry.buyers += n(row.buyers);
      entry.collected.push({ currency: row.currency.trim(), amount_minor: n(row.amount_minor) });
    }
    byMaterial.set(entry.id, entry);
  }
  return [...byMaterial.values()];
}

/** Coordinators the viewer oversees, by level, signing in or switched off. */
export async function coordinatorCountsOf(db: DbOrTx, viewer: RegionViewer): Promise<CoordinatorCounts> {
  const scope = await regionScopeFor(db, viewer);
  const rows = await queryRows<{ role_id: number; active: number; inactive: number }>(
    db,
    sql`select u.role_id, count(*) filter (where u.is_active)::int as active,
          count(*) filter (where not u.is_active)::int as inactive
        from users u where ${coordinatorCondition({}, viewer, scope)}
        group by u.role_id order by u.role_id`,
  );
  return rows.map((r) => ({ role_id: n(r.role_id), active: n(r.active), inactive: n(r.inactive) }));
}

/** Each state of the region (each district, for a prant or district coordinator) by payment and class. */
export async function statisticsSummaryOf(
  db: DbOrTx,
  viewer: RegionViewer,
  filters: AnalyticsFilters,
): Promise<StatisticsSummary> {
  const { year, assigned } = await regionContext(db, viewer);
  const byDistrict = belowState(assigned);
  const key = byDistrict ? sql`t.district_id` : sql`t.state_id`;
  // Plain sums by payment status, pivoted here: FILTER aggregates over thousands of tally rows
  // cost PostgreSQL a third more, and the names are joined to the few grouped rows only.
  const rows = await queryRows<{
    id: number;
    name: string | null;
    class_level: number;
    payment_status: string;
    students: number;
  }>(
    db,
    sql`with g as (
          select ${key} as id, t.class_level, t.payment_status, sum(t.students)::int as students
          from ${byDistrict ? sql`student_district_tallies` : sql`student_state_tallies`} t
          where ${sql.join([sql`t.exam_year_id = ${year.id}`, assignedSql("t", assigned), ...regionParts("t", filters)], sql` and `)}
          group by 1, 2, 3
        )
        select g.*, ${byDistrict ? sql`(select name from districts where id = g.id)` : sql`(select name from states where id = g.id)`} as name
        from g`,
  );
  const places = new Map<number, StatisticsSummary["rows"][number]>();
  for (const row of rows) {
    const id = n(row.id);
    const place = places.get(id) ?? {
      id,
      name: row.name ?? "No district given",
      total: 0,
      paid: 0,
      pending: 0,
      unpaid: 0,
      by_class: [],
    };
    const students = n(row.students);
    const paid = row.payment_status === "paid" ? students : 0;
    place.total += students;
    place.paid += paid;
    if (row.payment_status === "pending") place.pending += students;
    place.unpaid = place.total - place.paid - place.pending;
    const level = n(row.class_level);
    const byClass = place.by_class.find((c) => c.class_level === level);
    if (byClass) {
      byClass.total += students;
      byClass.paid += paid;
    } else {
      place.by_class.push({ class_level: level, total: students, paid });
    }
    places.set(id, place);
  }
  const out = [...places.values()].sort((a, b) => a.name.localeCompare(b.name));
  for (const place of out) place.by_class.sort((a, b) => a.class_level - b.class_level);
  return { level: byDistrict ? "district" : "state", rows: out };
}
