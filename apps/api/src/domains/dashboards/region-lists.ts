import type { Page } from "@repo/contracts/pagination";
import type {
  RegionSchoolFilters,
  RegionSchoolQuery,
  RegionSchoolRow,
  RegionStudentFilters,
  RegionStudentQuery,
  RegionStudentRow,
} from "@repo/contracts/region-lists";
import { REGION_COUNT_CAP, REGION_SEARCH_COUNT_CAP } from "@repo/contracts/region-lists-constants";
import { type DbOrTx, queryRows } from "@repo/db";
import { type SQL, sql } from "drizzle-orm";
import type { ExportSelect } from "../../kernel/exports/kinds";
import { containing, idsIn } from "../../kernel/sql";
import { type Assignments, assignedSql, type RegionViewer, regionContext } from "../geography/region-scope";

/**
 * The coordinator console's region-wide lists of students and schools (docs/domain.md, Region scoping; decision
 * 019). Every figure is scoped like the lists: admins (and LMS, pay support) see the country, a
 * coordinator the nodes of its assignments and everything below them.
 *
 * Counts without a search, a date range or one school come from the tallies the `students`
 * triggers keep (student_state_tallies, student_district_tallies, school_student_counts), so
 * the number on a dashboard card and the total of the list it opens are the same number.
 */

export type RegionFilterFields = Pick<
  RegionStudentFilters,
  "zone_id" | "state_ids" | "prant_ids" | "district_ids" | "registered_from" | "registered_to"
>;

/** The region filters on `alias`. */
export function regionFilterSql(alias: string, filters: RegionFilterFields): SQL[] {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  const parts: SQL[] = [];
  if (filters.zone_id) parts.push(sql`${column("zone_id")} = ${filters.zone_id}`);
  if (filters.state_ids?.length) parts.push(idsIn(column("state_id"), filters.state_ids));
  if (filters.prant_ids?.length) parts.push(idsIn(column("prant_id"), filters.prant_ids));
  if (filters.district_ids?.length) parts.push(idsIn(column("district_id"), filters.district_ids));
  return parts;
}

/** Dates are the programme's days (India Standard Time), whole days, both ends included. */
function dateSql(column: SQL, filters: RegionFilterFields): SQL[] {
  const parts: SQL[] = [];
  if (filters.registered_from)
    parts.push(sql`${column} >= (${filters.registered_from}::date)::timestamp at time zone 'Asia/Kolkata'`);
  if (filters.registered_to)
    parts.push(sql`${column} < (${filters.registered_to}::date + 1)::timestamp at time zone 'Asia/Kolkata'`);
  return parts;
}

/** A student's name as its index has it (students_name_idx): searched by beginning, sorted. */
const NAME_KEY = sql`(lower(s.first_name || ' ' || s.last_name) collate "C")`;

/** A LIKE pattern matching `text` at the beginning. */
const startingWith = (text: string) => `${containing(text).slice(1)}`;

// ── Students ───────────────────────────────────────────────────────────────────────────────────

const SOURCE_CODES = { school: ["form", "import"], individual: ["sif"] } as const;

/** The conditions on students or on a tally that both have (class, language, payment, source). */
function studentDimensionSql(alias: string, filters: RegionStudentFilters): SQL[] {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  const parts: SQL[] = [];
  if (filters.class_level) parts.push(sql`${column("class_level")} = ${filters.class_level}`);
  if (filters.language) parts.push(sql`${column("language")} = ${filters.language}`);
  if (filters.payment_status) parts.push(sql`${column("payment_status")} = ${filters.payment_status}`);
  if (filters.source)
    parts.push(
      sql`${column("source")} in (${sql.join(
        SOURCE_CODES[filters.source].map((code) => sql`${code}`),
        sql`, `,
      )})`,
    );
  return parts;
}

/**
 * A search by the beginning of what was typed, each kind on its own index so that it stays an
 * index lookup over a million students (decision 019): letters look for a name ("aarav sh", or a
 * surname: "sharma"),
 * digits for a roll number or a phone (as typed, or with India's +91), both for a roll number.
 */
export function studentSearchSql(search: string): SQL {
  const text = search.trim().replace(/\s+/g, " ");
  const compact = text.replace(/[\s-]/g, "");
  const letters = /\p{L}/u.test(text);
  const digits = /\d/.test(text);
  const roll = sql`s.roll_number collate "C" like ${startingWith(compact.toUpperCase())}`;
  if (letters && digits) return roll;
  if (letters) {
    const name = startingWith(text.toLowerCase());
    return sql`(${NAME_KEY} like ${name} or (lower(s.last_name) collate "C") like ${name})`;
  }
  const phones = [compact, ...(compact.startsWith("+") ? [] : [`+${compact}`, `+91${compact}`])];
  return sql`(${roll} or ${sql.join(
    phones.map((phone) => sql`s.contact_phone collate "C" like ${startingWith(phone)}`),
    sql` or `,
  )})`;
}

function studentWhere(yearId: number, assigned: Assignments | null, filters: RegionStudentFilters): SQL {
  const parts: SQL[] = [
    sql`s.exam_year_id = ${yearId}`,
    assignedSql("s", assigned),
    ...regionFilterSql("s", filters),
    ...studentDimensionSql("s", filters),
    ...dateSql(sql`s.created_at`, filters),
  ];
  if (filters.school_id) parts.push(sql`s.school_id = ${filters.school_id}`);
  if (filters.search) parts.push(studentSearchSql(filters.search));
  return sql.join(parts, sql` and `);
}

/** Whether a count needs the students themselves (the tallies do not hold these filters). */
const countedLive = (filters: RegionFilterFields & { search?: string | undefined; school_id?: number | undefined }) =>
  Boolean(filters.search || filters.registered_from || filters.registered_to || filters.school_id);

/**
 * The smallest tally that answers a count: the country's for an unfiltered admin, by district
 * when a prant or district is involved (a filter or the viewer's assignments), else by state.
 */
export function tallyFor(assigned: Assignments | null, filters: Partial<RegionFilterFields>): SQL {
  const regionFilters = regionFilterSql("t", filters).length > 0;
  if (!assigned && !regionFilters) return sql`student_year_tallies`;
  return filters.prant_ids?.length || filters.district_ids?.length || belowState(assigned)
    ? sql`student_district_tallies`
    : sql`student_state_tallies`;
}

/** Whether the viewer's region is a prant or a district: finer than the tallies kept by state. */
export const belowState = (assigned: Assignments | null) =>
  Boolean(assigned && (assigned.prants.length || assigned.districts.length));

/**
 * The daily tally that counts a date range with these filters, if one does: by state only (no
 * prant or district involved), no search or school, and not class and language together.
 */
export function dailyTallyFor(
  assigned: Assignments | null,
  filters: Partial<RegionStudentFilters> & { from?: string | undefined; to?: string | undefined },
): SQL | null {
  const dated = filters.registered_from || filters.registered_to || filters.from || filters.to;
  if (!dated || filters.search || filters.school_id) return null;
  if (filters.prant_ids?.length || filters.district_ids?.length) return null;
  if (belowState(assigned)) return null;
  if (filters.language) {
    return filters.class_level || filters.source ? null : sql`student_daily_language_tallies`;
  }
  return sql`student_daily_class_tallies`;
}

/** A date range on a daily tally `t` (days in India Standard Time, both ends included). */
export function dayRangeSql(filters: {
  registered_from?: string | undefined;
  registered_to?: string | undefined;
}): SQL[] {
  return [
    ...(filters.registered_from ? [sql`t.day >= ${filters.registered_from}::date`] : []),
    ...(filters.registered_to ? [sql`t.day <= ${filters.registered_to}::date`] : []),
  ];
}

/**
 * How many students match, and whether the count stopped at the cap. From the tallies when the
 * filters allow (by state, or by district when a prant or district is involved), else counted.
 */
export async function countStudents(
  db: DbOrTx,
  yearId: number,
  assigned: Assignments | null,
  filters: RegionStudentFilters,
): Promise<{ total: number; capped: boolean }> {
  const daily = dailyTallyFor(assigned, filters);
  if (daily)
    return { total: await sumTally(db, daily, yearId, assigned, filters, dayRangeSql(filters)), capped: false };
  if (countedLive(filters)) {
    const cap = filters.search ? REGION_SEARCH_COUNT_CAP : REGION_COUNT_CAP;
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select 1 from students s where ${studentWhere(yearId, assigned, filters)}
          limit ${cap + 1}) matched`,
    );
    const n = Number(row?.n ?? 0);
    return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
  }
  return { total: await sumTally(db, tallyFor(assigned, filters), yearId, assigned, filters, []), capped: false };
}

/**
 * The viewer's students this year by payment status, in one query over the same tally that
 * countStudents reads for a list filtered by payment status alone: a card equals its list.
 */
export async function countStudentsByPayment(
  db: DbOrTx,
  yearId: number,
  assigned: Assignments | null,
): Promise<Record<"paid" | "pending" | "unpaid", number>> {
  const rows = await queryRows<{ payment_status: string; n: number }>(
    db,
    sql`select t.payment_status, coalesce(sum(t.students), 0)::int as n from ${tallyFor(assigned, {})} t
        where t.exam_year_id = ${yearId} and ${assignedSql("t", assigned)} group by t.payment_status`,
  );
  const counts = { paid: 0, pending: 0, unpaid: 0 };
  for (const row of rows) {
    if (row.payment_status in counts) counts[row.payment_status as keyof typeof counts] = Number(row.n);
  }
  return counts;
}

/** Sums a tally table's students under the viewer's region and the list's filters. */
async function sumTally(
  db: DbOrTx,
  table: SQL,
  yearId: number,
  assigned: Assignments | null,
  filters: RegionStudentFilters,
  extra: SQL[],
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select coalesce(sum(t.students), 0)::int as n from ${table} t
        where ${sql.join(
          [
            sql`t.exam_year_id = ${yearId}`,
            ...extra,
            assignedSql("t", assigned),
            ...regionFilterSql("t", filters),
            ...studentDimensionSql("t", filters),
          ],
          sql` and `,
        )}`,
  );
  return Number(row?.n ?? 0);
}

// A page joins only the school; the region names are looked up for its rows alone. Six joined
// tables cost PostgreSQL more to plan (2.5 ms) than the page takes to read (decision 019).
const STUDENT_PAGE_FROM = sql`students s left join schools sc on sc.id = s.school_id`;
const STUDENT_PAGE_REGIONS = sql`(select name from zones where id = s.zone_id) as zone,
  (select name from states where id = s.state_id) as state, (select name from prants where id = s.prant_id) as prant,
  (select name from districts where id = s.district_id) as district`;

// An export's batches of thousands of rows join the names instead.
// The four names in one lateral lookup: PostgreSQL memoizes it by the four ids together (a few
// hundred combinations), one cache probe a row instead of four; a million-row COPY takes a third less.
const STUDENT_EXPORT_FROM = sql`students s
  left join schools sc on sc.id = s.school_id
  left join lateral (select z.name as zone, st.name as state, p.name as prant, d.name as district
    from (select) one left join zones z on z.id = s.zone_id left join states st on st.id = s.state_id
    left join prants p on p.id = s.prant_id left join districts d on d.id = s.district_id) r on true`;
const STUDENT_EXPORT_REGIONS = sql`r.zone, r.state, r.prant, r.district`;

const studentColumns = (regions: SQL) => sql`s.id, s.first_name, s.last_name, s.class_level, s.language, s.gender,
  s.date_of_birth::text as date_of_birth, s.parent_name, s.contact_phone as phone, s.contact_email as email,
  s.school_id, coalesce(sc.name, s.unlisted_school_name, '') as school_name, s.source = 'sif' as individual,
  ${regions}, s.payment_status, s.roll_number, s.created_at`;

type RawStudent = Omit<RegionStudentRow, "created_at"> & { created_at: Date | string };

const toStudent = (row: RawStudent): RegionStudentRow => ({
  ...row,
  id: Number(row.id),
  school_id: row.school_id === null ? null : Number(row.school_id),
  class_level: Number(row.class_level),
  created_at: new Date(row.created_at).toISOString(),
});

function studentOrder(filters: RegionStudentFilters): SQL {
  const dir = sql.raw(filters.direction === "asc" ? "asc" : "desc");
  const ascending = sql.raw(filters.direction === "desc" ? "desc" : "asc");
  switch (filters.sort) {
    case "name":
      return sql`${NAME_KEY} ${ascending}, s.id ${ascending}`;
    case "class":
      return sql`s.class_level ${ascending}, s.id ${ascending}`;
    default:
      // Newest first unless asked otherwise.
      return sql`s.id ${dir}`;
  }
}

/** A page of the viewer's students this exam year. */
export async function listRegionStudents(
  db: DbOrTx,
  viewer: RegionViewer,
  query: RegionStudentQuery,
): Promise<Page<RegionStudentRow> & { total_capped: boolean }> {
  const { year, assigned } = await regionContext(db, viewer);
  const [count, rows] = await Promise.all([
    countStudents(db, year.id, assigned, query),
    queryRows<RawStudent>(
      db,
      // The page's ids first (an index walk, the offset skipping ids only), then their rows.
      sql`with page as (
            select s.id from students s where ${studentWhere(year.id, assigned, query)}
            order by ${studentOrder(query)}
            limit ${query.per_page} offset ${(query.page - 1) * query.per_page}
          )
          select ${studentColumns(STUDENT_PAGE_REGIONS)} from page join (${STUDENT_PAGE_FROM}) on s.id = page.id
          order by ${studentOrder(query)}`,
    ),
  ]);
  const total = Math.max(count.total, (query.page - 1) * query.per_page + rows.length);
  return {
    items: rows.map(toStudent),
    page: query.page,
    per_page: query.per_page,
    total,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    total_capped: count.capped,
  };
}

/** Every student of the filters for the export, in id order, in batches (keyset: no OFFSET). */
export async function* regionStudentsForExport(
  db: DbOrTx,
  viewer: RegionViewer,
  filters: RegionStudentFilters,
  batchSize = 5000,
): AsyncGenerator<RegionStudentRow[]> {
  const { year, assigned } = await regionContext(db, viewer);
  const where = studentWhere(year.id, assigned, filters);
  yield* keyset(
    (after) =>
      queryRows<RawStudent>(
        db,
        sql`select ${studentColumns(STUDENT_EXPORT_REGIONS)} from ${STUDENT_EXPORT_FROM}
            where ${where} and s.id > ${after} order by s.id limit ${batchSize}`,
      ),
    toStudent,
  );
}

/**
 * The export's rows as one query selecting `fields` (exports.ts' SQL paths), in the same scope and
 * order; with `range`, those with ids in it, the id first as `_id`. The scope is read once, for
 * every batch of the export.
 */
export async function regionStudentsSelect(
  db: DbOrTx,
  viewer: RegionViewer,
  filters: RegionStudentFilters,
): Promise<ExportSelect> {
  const { year, assigned } = await regionContext(db, viewer);
  const where = studentWhere(year.id, assigned, filters);
  return (fields, range) => {
    if (!range) return sql`select ${fields} from ${STUDENT_EXPORT_FROM} where ${where} order by s.id`;
    const through = range.through === null ? sql`` : sql` and s.id <= ${range.through}`;
    return sql`select s.id as _id, ${fields} from ${STUDENT_EXPORT_FROM} where ${where} and s.id > ${range.after}${through}
      order by s.id`;
  };
}

/**
 * Batches by keyset (id > the last one), the next read while the caller writes this one: the
 * database and the file's encoding then run side by side on two cores.
 */
async function* keyset<Raw extends { id: number | string }, Row>(
  read: (after: number) => Promise<Raw[]>,
  map: (raw: Raw) => Row,
): AsyncGenerator<Row[]> {
  let next = read(0);
  for (;;) {
    const rows = await next;
    if (rows.length === 0) return;
    next = read(Number(rows[rows.length - 1]?.id));
    // If the caller stops early, the read under way must not become an unhandled rejection.
    next.catch(() => undefined);
    yield rows.map(map);
  }
}

// ── Schools ────────────────────────────────────────────────────────────────────────────────────

function schoolWhere(yearId: number, assigned: Assignments | null, filters: RegionSchoolFilters): SQL {
  const parts: SQL[] = [
    assignedSql("sc", assigned),
    ...regionFilterSql("sc", filters),
    ...dateSql(sql`sc.created_at`, filters),
  ];
  if (filters.is_active !== undefined) parts.push(sql`sc.is_active = ${filters.is_active}`);
  if (filters.payment === "paid")
    parts.push(
      sql`exists (select 1 from school_student_counts c where c.school_id = sc.id and c.exam_year_id = ${yearId} and c.paid > 0)`,
    );
  if (filters.payment === "unpaid")
    parts.push(
      sql`not exists (select 1 from school_student_counts c where c.school_id = sc.id and c.exam_year_id = ${yearId} and c.paid > 0)`,
    );
  if (filters.search) {
    const like = containing(filters.search);
    parts.push(sql`(sc.name ilike ${like} or sc.email ilike ${like} or sc.contact_phone ilike ${like}
      or sc.referral_code = ${filters.search.toUpperCase()})`);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * Whether the schools' tallies (by state, type, board, activity, verification) answer a count:
 * no search or dates, and no prant or district involved (those sets are small enough to count).
 */
export function schoolTalliesAnswer(assigned: Assignments | null, filters: Partial<RegionSchoolFilters>): boolean {
  return (
    !filters.search &&
    !filters.registered_from &&
    !filters.registered_to &&
    !filters.prant_ids?.length &&
    !filters.district_ids?.length &&
    !belowState(assigned)
  );
}

/** The conditions of a schools' tally `t` for the viewer's region and the filters. */
export function schoolTallyWhere(assigned: Assignments | null, filters: Partial<RegionSchoolFilters>): SQL {
  const parts = [assignedSql("t", assigned), ...regionFilterSql("t", filters)];
  if (filters.is_active !== undefined) parts.push(sql`t.is_active = ${filters.is_active}`);
  return sql.join(parts, sql` and `);
}

export async function countSchools(
  db: DbOrTx,
  yearId: number,
  assigned: Assignments | null,
  filters: RegionSchoolFilters,
): Promise<number> {
  if (schoolTalliesAnswer(assigned, filters)) {
    const where = schoolTallyWhere(assigned, filters);
    const [row] = await queryRows<{ schools: number; paid: number }>(
      db,
      sql`select (select coalesce(sum(t.schools), 0) from school_tallies t where ${where})::int as schools,
            (select coalesce(sum(t.with_paid), 0) from school_year_tallies t
              where t.exam_year_id = ${yearId} and ${where})::int as paid`,
    );
    const schools = Number(row?.schools ?? 0);
    const paid = Number(row?.paid ?? 0);
    return filters.payment === "paid" ? paid : filters.payment === "unpaid" ? schools - paid : schools;
  }
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from schools sc where ${schoolWhere(yearId, assigned, filters)}`,
  );
  return Number(row?.n ?? 0);
}

const schoolColumns = (regions: SQL) => sql`sc.id, sc.name, sc.category_id, sc.is_active, ${regions},
  sc.contact_name, sc.contact_phone, sc.email, sc.email_verified_at is not null as email_verified,
  coalesce(c.students, 0) as students, coalesce(c.paid, 0) as paid, coalesce(c.pending, 0) as pending,
  sc.created_at`;

const schoolFrom = (yearId: number) => sql`schools sc
  left join school_student_counts c on c.school_id = sc.id and c.exam_year_id = ${yearId}`;

// As for students: a page looks the names up for its rows, an export joins them.
const SCHOOL_PAGE_REGIONS = sql`(select name from zones where id = sc.zone_id) as zone,
  (select name from states where id = sc.state_id) as state, (select name from prants where id = sc.prant_id) as prant,
  (select name from districts where id = sc.district_id) as district, (select name from cities where id = sc.city_id) as city,
  (select name from master_institutes where id = sc.master_institute_id) as master_institute`;
const SCHOOL_EXPORT_JOINS = sql`left join zones z on z.id = sc.zone_id
  left join states st on st.id = sc.state_id
  left join prants p on p.id = sc.prant_id
  left join districts d on d.id = sc.district_id
  left join cities ci on ci.id = sc.city_id
  left join master_institutes mi on mi.id = sc.master_institute_id`;
const SCHOOL_EXPORT_REGIONS = sql`z.name as zone, st.name as state, p.name as prant, d.name as district,
  ci.name as city, mi.name as master_institute`;

type RawSchool = Omit<RegionSchoolRow, "created_at" | "unpaid"> & { created_at: Date | string };

const toSchool = (row: RawSchool): RegionSchoolRow => {
  const students = Number(row.students);
  const paid = Number(row.paid);
  const pending = Number(row.pending);
  return {
    ...row,
    id: Number(row.id),
    category_id: Number(row.category_id),
    students,
    paid,
    pending,
    unpaid: students - paid - pending,
    created_at: new Date(row.created_at).toISOString(),
  };
};

function schoolOrder(filters: RegionSchoolFilters): SQL {
  const ascending = sql.raw(filters.direction === "desc" ? "desc" : "asc");
  switch (filters.sort) {
    case "name":
      return sql`lower(sc.name) ${ascending}, sc.id ${ascending}`;
    case "students":
      return sql`coalesce(c.students, 0) ${sql.raw(filters.direction === "asc" ? "asc" : "desc")}, sc.id`;
    case "paid":
      return sql`coalesce(c.paid, 0) ${sql.raw(filters.direction === "asc" ? "asc" : "desc")}, sc.id`;
    default:
      return sql`sc.id ${sql.raw(filters.direction === "asc" ? "asc" : "desc")}`;
  }
}

/** A page of the viewer's schools, with this exam year's students of each. */
export async function listRegionSchools(
  db: DbOrTx,
  viewer: RegionViewer,
  query: RegionSchoolQuery,
): Promise<Page<RegionSchoolRow> & { total_capped: boolean }> {
  const { year, assigned } = await regionContext(db, viewer);
  const [total, rows] = await Promise.all([
    countSchools(db, year.id, assigned, query),
    queryRows<RawSchool>(
      db,
      sql`with page as (
            select sc.id from ${schoolFrom(year.id)} where ${schoolWhere(year.id, assigned, query)}
            order by ${schoolOrder(query)}
            limit ${query.per_page} offset ${(query.page - 1) * query.per_page}
          )
          select ${schoolColumns(SCHOOL_PAGE_REGIONS)} from page join (${schoolFrom(year.id)}) on sc.id = page.id
          order by ${schoolOrder(query)}`,
    ),
  ]);
  return {
    items: rows.map(toSchool),
    page: query.page,
    per_page: query.per_page,
    total,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    total_capped: false,
  };
}

export async function* regionSchoolsForExport(
  db: DbOrTx,
  viewer: RegionViewer,
  filters: RegionSchoolFilters,
  batchSize = 5000,
): AsyncGenerator<RegionSchoolRow[]> {
  const { year, assigned } = await regionContext(db, viewer);
  const where = schoolWhere(year.id, assigned, filters);
  yield* keyset(
    (after) =>
      queryRows<RawSchool>(
        db,
        sql`select ${schoolColumns(SCHOOL_EXPORT_REGIONS)} from ${schoolFrom(year.id)} ${SCHOOL_EXPORT_JOINS}
            where ${where} and sc.id > ${after} order by sc.id limit ${batchSize}`,
      ),
    toSchool,
  );
}
