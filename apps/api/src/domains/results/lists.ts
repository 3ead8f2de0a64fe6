import type { Permission } from "@repo/auth/permissions";
import type { ExamLevel } from "@repo/contracts/fees";
import type { Page } from "@repo/contracts/pagination";
import type {
  FinalizedPaperSet,
  PrantResultFilters,
  PrantResults,
  SchoolResultFilters,
  SchoolResultQuery,
  SchoolResultRow,
  SchoolStudents,
  SchoolStudentsQuery,
  StateResultFilters,
  StateResults,
  StudentResultFilters,
  StudentResultQuery,
  StudentResultRow,
} from "@repo/contracts/result-lists";
import {
  RESULT_COUNT_CAP,
  RESULT_LIST_MESSAGES,
  RESULT_SEARCH_COUNT_CAP,
  SCHOOL_STUDENTS_LIMIT,
  sectionLabel,
} from "@repo/contracts/result-lists-constants";
import { AWARDS, type AwardCode, marksOf, RANKED_LEVELS } from "@repo/contracts/results-constants";
import { CLASS_LEVELS } from "@repo/contracts/students-constants";
import { type DbOrTx, queryRows } from "@repo/db";
import { type SQL, sql } from "drizzle-orm";
import { ApiError } from "../../kernel/http/errors";
import { containing, idsIn } from "../../kernel/sql";
import { regionFilterSql, studentSearchSql } from "../dashboards/region-lists";
import { type Assignments, assignedSql, regionContext } from "../geography/region-scope";

/**
 * The result lists (issue 15): students with marks, ranks and awards, and schools, states and
 * prants with their sheets' figures, all scoped like the region lists (docs/domain.md, Region scoping): admins see
 * the country, a coordinator the sheets whose region is inside its assignments; a school outside
 * answers 404. Marks leave here as marks (hundredths / 100, decision 022).
 *
 * A ranked level's lists are driven by result_ranks, whose indexes hold each class in rank order
 * per state, district and school: a page is an index walk. Within one class every rank and
 * position orders the sheets alike (all come from the same tie-break keys), so a list narrowed to
 * a school, a district or a state walks that level's index and still lists by national rank.
 */

export interface ResultViewer {
  userId: number;
  roleId: number;
  can(permission: Permission): boolean;
}

const isRanked = (level: ExamLevel) => (RANKED_LEVELS as readonly string[]).includes(level);

/** A mock's results are hidden from state coordinators (results.mock, docs/domain.md, Who may do what). */
export function requireLevelAccess(viewer: { can(permission: Permission): boolean }, level: ExamLevel): void {
  if (level === "mock" && !viewer.can("results.mock")) {
    throw new ApiError(403, "You do not have permission to see mock results.");
  }
}

function requireRanked(level: ExamLevel): void {
  if (!isRanked(level))
    throw new ApiError(400, RESULT_LIST_MESSAGES.finalOnly, [
      { field: "level", message: RESULT_LIST_MESSAGES.finalOnly },
    ]);
}

/** Marks to two decimals from a sum of hundredths over `n` sheets. */
const averageOf = (sum: number, n: number) => (n > 0 ? Math.round(sum / n) / 100 : 0);

/** The award columns: each award is a position within its group, cut at its places. */
const AWARD_POSITION: Record<AwardCode, SQL> = Object.fromEntries(
  AWARDS.map((award) => [award.code, sql`r.${sql.raw(`${award.per}_position`)} <= ${award.places}`]),
) as Record<AwardCode, SQL>;

/** The highest award of a sheet's positions (AWARDS is highest first). */
export function awardOf(positions: {
  school: number | null;
  district: number | null;
  state: number;
}): AwardCode | null {
  for (const award of AWARDS) {
    const position = positions[award.per];
    if (position !== null && position <= award.places) return award.code;
  }
  return null;
}

// ── Students ───────────────────────────────────────────────────────────────────────────────────

type StudentFilters = Omit<StudentResultFilters, "sort" | "direction"> & {
  sort?: StudentResultFilters["sort"];
  direction?: StudentResultFilters["direction"];
};

/** Where a student list reads from, and how it is ordered (`keys`, each maybe descending, all flipped by `descending`). */
interface StudentPlan {
  from: SQL;
  /** The count's conditions: `where`, and for an award the grid of groups that walks its index. */
  countWhere: SQL;
  /** The least a count needs: result_ranks alone unless a filter is on the sheets. */
  countFrom: SQL;
  where: SQL;
  keys: { key: SQL; desc?: boolean }[];
  descending: boolean;
  ranked: boolean;
  /** The page is cut from result_ranks alone (no filter or key on the sheets or students): see studentRows. */
  ranksOnly: boolean;
}

/**
 * The rank column that orders the list on the narrowest index its filters allow: one school,
 * one district, one state, else the country (same order in each case, see above).
 */
function rankColumn(filters: StudentFilters, assigned: Assignments | null): SQL {
  if (filters.school_id) return sql`r.school_position`;
  const assignedCount = assigned
    ? assigned.zones.length + assigned.states.length + assigned.prants.length + assigned.districts.length
    : 0;
  // One node of a level: the filter names one, or names none and the viewer is assigned just one.
  const single = (filtered: number[] | undefined, mine: number[] | undefined) =>
    filtered?.length ? filtered.length === 1 : mine?.length === 1 && assignedCount === 1;
  if (single(filters.district_ids, assigned?.districts)) return sql`r.district_position`;
  if (single(filters.state_ids, assigned?.states)) return sql`r.state_position`;
  return sql`r.national_rank`;
}

/**
 * A search finds the students first, each kind on its own index (region lists' studentSearchSql),
 * at most the search's count cap and one more (a search finding more is narrowed, not paged), and then their sheets by the sheets' student key: walking the
 * ranks and testing every student would read the whole level.
 */
const searchedSql = (yearId: number, level: ExamLevel, search: string) =>
  sql`a.exam_year_id = ${yearId} and a.exam_kind = ${level} and a.student_id in (
    select m.id from (select s.id from students s where s.exam_year_id = ${yearId} and ${studentSearchSql(search)}
      limit ${RESULT_SEARCH_COUNT_CAP + 1}) m)`;

/**
 * Counting an award's winners country-wide walks its index group by group (each state's or
 * district's classes, a few places each) instead of testing a million positions. School toppers
 * are most sheets: their count reaches its cap at once.
 */
function awardGrid(filters: StudentFilters, ranked: boolean, where: SQL): SQL {
  const award = ranked && filters.award ? AWARDS.find((a) => a.code === filters.award) : undefined;
  if (!award || award.per === "school") return where;
  const [table, column] = award.per === "state" ? ["states", "r.state_id"] : ["districts", "r.district_id"];
  return sql`${where} and (${sql.raw(column)}, r.class_level) in (
    select g.id, c.c from ${sql.raw(table)} g cross join unnest(${`{${CLASS_LEVELS.join(",")}}`}::int[]) as c(c))`;
}

function studentPlan(yearId: number, assigned: Assignments | null, filters: StudentFilters): StudentPlan {
  const ranked = isRanked(filters.level);
  // A ranked level filters on result_ranks' copies of the columns: its indexes answer the list.
  const t = ranked ? "r" : "a";
  const column = (name: string) => sql.raw(`${t}.${name}`);
  const parts: SQL[] = [
    sql`${column("exam_year_id")} = ${yearId}`,
    sql`${column("exam_kind")} = ${filters.level}`,
    assignedSql(t, assigned),
    ...regionFilterSql(t, filters),
  ];
  if (filters.class_level) parts.push(sql`${column("class_level")} = ${filters.class_level}`);
  if (filters.school_id) parts.push(sql`${column("school_id")} = ${filters.school_id}`);
  if (filters.paper_set_id) parts.push(sql`a.paper_set_id = ${filters.paper_set_id}`);
  if (filters.award && ranked) parts.push(AWARD_POSITION[filters.award]);
  if (filters.search) parts.push(searchedSql(yearId, filters.level, filters.search));
  const byName = filters.sort === "name";
  const sheets = ranked ? sql`result_ranks r join answer_sheets a on a.id = r.sheet_id` : sql`answer_sheets a`;
  const from = byName ? sql`${sheets} join students s on s.id = a.student_id` : sheets;
  const countFrom = !ranked || filters.paper_set_id || filters.search ? sheets : sql`result_ranks r`;
  // The count needs neither the order's students nor their conditions.
  const countWhere = awardGrid(filters, ranked, sql.join(parts, sql` and `));
  if (byName) {
    // The students' name index in order (name, year, id), each probing its sheet by the sheets'
    // student key: a student has one sheet of a level, so its id orders a tie of names.
    parts.push(sql`s.exam_year_id = ${yearId} and a.exam_year_id = ${yearId} and a.exam_kind = ${filters.level}`);
    const where = sql.join(parts, sql` and `);
    return {
      from,
      countFrom,
      countWhere,
      where,
      keys: [{ key: sql`(lower(s.first_name || ' ' || s.last_name) collate "C")` }, { key: sql`s.id` }],
      descending: filters.direction === "desc",
      ranked,
      ranksOnly: false,
    };
  }
  const where = sql.join(parts, sql` and `);
  // By rank: the class, then the rank (a mock: its tie-break key, bigger first), then roll number, which orders a tie.
  const rank = ranked ? { key: rankColumn(filters, assigned) } : { key: sql`a.rank_key`, desc: true };
  // The ranks carry the sheet's roll number (and id): without a filter on the sheets, the page's
  // order and conditions are all result_ranks'.
  const ranksOnly = ranked && !filters.paper_set_id && !filters.search;
  return {
    from: ranksOnly ? sql`result_ranks r` : from,
    countFrom,
    countWhere,
    where,
    keys: ranksOnly
      ? [{ key: sql`r.class_level` }, rank, { key: sql`r.roll_number` }, { key: sql`r.sheet_id` }]
      : [{ key: sql`${column("class_level")}` }, rank, { key: sql`a.roll_number` }, { key: sql`a.id` }],
    descending: false,
    ranked,
    ranksOnly,
  };
}

const orderSql = (plan: StudentPlan) =>
  sql.join(
    plan.keys.map(({ key, desc }) => sql`${key} ${sql.raw(Boolean(desc) !== plan.descending ? "desc" : "asc")}`),
    sql`, `,
  );

const STUDENT_COLUMNS = (ranked: boolean) => sql`a.id as sheet_id, a.student_id, a.roll_number, s.first_name,
  s.last_name, a.class_level, a.language, a.school_id,
  coalesce((select name from schools where id = a.school_id), s.unlisted_school_name, '') as school_name,
  (select name from states where id = a.state_id) as state, (select name from prants where id = a.prant_id) as prant,
  (select name from districts where id = a.district_id) as district,
  (select code from paper_sets where id = a.paper_set_id) as paper_set, a.total, a.section_marks, a.section_counted,
  a.right_count, a.wrong_count, a.blank_count, ${
    ranked
      ? sql`r.school_rank, r.district_rank, r.state_rank, r.national_rank, r.school_position, r.district_position,
          r.state_position`
      : sql`null::int as school_rank, null::int as district_rank, null::int as state_rank, null::int as national_rank,
          null::int as school_position, null::int as district_position, null::int as state_position`
  }`;

// Names are subqueries rather than joins: fewer relations for the planner (planning a page cost
// more than running it, decision 041).
const STUDENT_JOINS = (ranked: boolean) => sql`join students s on s.id = a.student_id
  ${ranked ? sql`join result_ranks r on r.sheet_id = a.id` : sql``}`;

interface RawStudent {
  sheet_id: number | string;
  student_id: number | string;
  roll_number: string;
  first_name: string;
  last_name: string;
  class_level: number | string;
  language: string;
  school_id: number | string | null;
  school_name: string;
  state: string | null;
  prant: string | null;
  district: string | null;
  paper_set: string | null;
  total: number | string;
  section_marks: (number | string)[] | string;
  section_counted: (boolean | string)[] | string;
  right_count: number | string;
  wrong_count: number | string;
  blank_count: number | string;
  school_rank: number | string | null;
  district_rank: number | string | null;
  state_rank: number | string | null;
  national_rank: number | string | null;
  school_position: number | string | null;
  district_position: number | string | null;
  state_position: number | string | null;
}

/** An array column as either driver returns it (parsed, or PostgreSQL's `{1,2}` text). */
function arrayOf<T>(value: T[] | string, parse: (item: string) => T): T[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, "");
  return inner ? inner.split(",").map(parse) : [];
}

const orNull = (value: number | string | null) => (value === null ? null : Number(value));

function toStudent(row: RawStudent): StudentResultRow {
  const marks = arrayOf<number | string>(row.section_marks, Number).map(Number);
  const counted = arrayOf<boolean | string>(row.section_counted, (item) => item).map(
    (value) => value === true || value === "t" || value === "true",
  );
  const ranked = row.state_rank !== null;
  return {
    sheet_id: Number(row.sheet_id),
    student_id: Number(row.student_id),
    roll_number: row.roll_number,
    first_name: row.first_name,
    last_name: row.last_name,
    class_level: Number(row.class_level),
    language: row.language,
    school_id: orNull(row.school_id),
    school_name: row.school_name,
    state: row.state,
    prant: row.prant,
    district: row.district,
    paper_set: row.paper_set ?? "",
    total: marksOf(Number(row.total)),
    sections: marks.map((value, i) => ({ label: sectionLabel(i), marks: marksOf(value), counted: counted[i] ?? true })),
    right: Number(row.right_count),
    wrong: Number(row.wrong_count),
    blank: Number(row.blank_count),
    ranks: ranked
      ? {
          school: orNull(row.school_rank),
          district: orNull(row.district_rank),
          state: Number(row.state_rank),
          national: Number(row.national_rank),
        }
      : null,
    award: ranked
      ? awardOf({
          school: orNull(row.school_position),
          district: orNull(row.district_position),
          state: Number(row.state_position),
        })
      : null,
  };
}

/**
 * The rows of a plan, `limit` from `offset` (the page's ids first: an index walk), in its order.
 * A page cut from the ranks alone keeps its rank rows for the columns instead of joining them
 * again. `total`, when given, is a count read with the page (column `listed_total`): one
 * statement instead of two.
 */
async function studentRows(db: DbOrTx, plan: StudentPlan, limit: number, offset: number, total?: SQL) {
  const counted = total ? sql`(${total})::int as listed_total, ` : sql``;
  const page = sql`order by ${orderSql(plan)} limit ${limit} offset ${offset}`;
  return queryRows<RawStudent & { listed_total?: number | string }>(
    db,
    plan.ranksOnly
      ? sql`with page as (select r.* from result_ranks r where ${plan.where} ${page})
          select ${counted}${STUDENT_COLUMNS(true)} from page r join answer_sheets a on a.id = r.sheet_id
            join students s on s.id = a.student_id
          order by ${orderSql(plan)}`
      : sql`with page as (select a.id from ${plan.from} where ${plan.where} ${page})
          select ${counted}${STUDENT_COLUMNS(plan.ranked)} from page join answer_sheets a on a.id = page.id
            ${STUDENT_JOINS(plan.ranked)}
          order by ${orderSql(plan)}`,
  );
}

/** How many sheets a plan matches, stopping at the cap (a search at a thousand). */
async function countCapped(db: DbOrTx, plan: StudentPlan, cap: number) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${plan.countFrom} where ${plan.countWhere} limit ${cap + 1}) matched`,
  );
  return cappedAt(Number(row?.n ?? 0), cap);
}

/**
 * The count of a list the tallies hold (result_tallies: class, paper set and region; no school,
 * search or award), capped as a counted list is: the tallies sum a few thousand rows, where
 * counting the sheets walked up to the cap (a class's sheets lie far into result_ranks, so a seq
 * scan read most of it before finding 10,000). A statement (its column `n`, past the cap some
 * number above it) to run alone or inside the page's; null when a filter is not in the tallies.
 */
function talliedCount(yearId: number, assigned: Assignments | null, filters: StudentFilters, cap: number): SQL | null {
  if (filters.school_id || filters.search || filters.award) return null;
  const where = sql.join(
    [
      talliesOf(yearId, assigned, {
        level: filters.level,
        class_level: filters.class_level,
        paper_set_id: filters.paper_set_id,
      }),
      ...regionFilterSql("t", filters),
    ],
    sql` and `,
  );
  // Past the cap the count is the cap: the first TALLY_PROBE tallies decide it when they already
  // hold more sheets, or are all there is; only otherwise are all of them added up. A country's
  // list read 4,128 tallies (0.6 ms) for a count that is 10,000 either way.
  return sql`with probe as (select t.sheets from result_tallies t where ${where} limit ${TALLY_PROBE + 1})
    select case when (select count(*) from probe) <= ${TALLY_PROBE} or (select sum(sheets) from probe) > ${cap}
        then (select coalesce(sum(sheets), 0) from probe)
        else (select coalesce(sum(t.sheets), 0) from result_tallies t where ${where}) end as n`;
}

/** The tallies a capped count reads before it adds up all of them (talliedCount). */
const TALLY_PROBE = 100;

const cappedAt = (n: number, cap: number) => (n > cap ? { total: cap, capped: true } : { total: n, capped: false });

/** student-results: a page of the students of the viewer's region with their results of a level. */
export async function listStudentResults(
  db: DbOrTx,
  viewer: ResultViewer,
  query: StudentResultQuery,
): Promise<Page<StudentResultRow> & { total_capped: boolean }> {
  requireLevelAccess(viewer, query.level);
  const { year, assigned } = await regionContext(db, viewer);
  const plan = studentPlan(year.id, assigned, query);
  const cap = query.search ? RESULT_SEARCH_COUNT_CAP : RESULT_COUNT_CAP;
  const offset = (query.page - 1) * query.per_page;
  const tallied = talliedCount(year.id, assigned, query, cap);
  let count: { total: number; capped: boolean };
  let rows: Awaited<ReturnType<typeof studentRows>>;
  if (tallied) {
    // The tallies' count rides along with the page (one statement); a page with no rows counts alone.
    rows = await studentRows(db, plan, query.per_page, offset, tallied);
    const first = rows[0];
    const n = first ? Number(first.listed_total) : Number((await queryRows<{ n: number }>(db, tallied))[0]?.n ?? 0);
    count = cappedAt(n, cap);
  } else {
    [count, rows] = await Promise.all([countCapped(db, plan, cap), studentRows(db, plan, query.per_page, offset)]);
  }
  const total = Math.max(count.total, offset + rows.length);
  return {
    items: rows.map(toStudent),
    page: query.page,
    per_page: query.per_page,
    total,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    total_capped: count.capped,
  };
}

/**
 * Every student of the list's filters for its export, in the list's order, in batches. The
 * order is read once as the sheets' ids (one sort, a few megabytes for a million), then each
 * batch reads its rows by id: no OFFSET, and no keyset over a sort the indexes cannot resume.
 */
export async function* studentResultsForExport(
  db: DbOrTx,
  viewer: ResultViewer,
  filters: StudentResultFilters,
  batchSize = 5000,
): AsyncGenerator<StudentResultRow[]> {
  requireLevelAccess(viewer, filters.level);
  const { year, assigned } = await regionContext(db, viewer);
  const plan = studentPlan(year.id, assigned, filters);
  const [order] = await queryRows<{ ids: string | null }>(
    db,
    sql`select string_agg(${plan.ranksOnly ? sql`r.sheet_id` : sql`a.id`}::text, ',' order by ${orderSql(plan)}) as ids
        from ${plan.from} where ${plan.where}`,
  );
  const ids = order?.ids ? order.ids.split(",") : [];
  for (let at = 0; at < ids.length; at += batchSize) {
    const batch = `{${ids.slice(at, at + batchSize).join(",")}}`;
    const rows = await queryRows<RawStudent>(
      db,
      sql`select ${STUDENT_COLUMNS(plan.ranked)} from unnest(${batch}::int[]) with ordinality as p(id, n)
            join answer_sheets a on a.id = p.id ${STUDENT_JOINS(plan.ranked)}
          order by p.n`,
    );
    yield rows.map(toStudent);
  }
}

/** getstudentsList: one school of the viewer's region with its students' results of a level, best first. */
export async function schoolStudentResults(
  db: DbOrTx,
  viewer: ResultViewer,
  query: SchoolStudentsQuery,
): Promise<SchoolStudents> {
  requireLevelAccess(viewer, query.level);
  const { year, assigned } = await regionContext(db, viewer);
  const [school] = await queryRows<{ id: number; name: string; district: string | null; state: string | null }>(
    db,
    sql`select sc.id, sc.name, (select name from districts where id = sc.district_id) as district,
          (select name from states where id = sc.state_id) as state
        from schools sc where sc.id = ${query.school_id} and ${assignedSql("sc", assigned)}`,
  );
  if (!school) throw new ApiError(404, RESULT_LIST_MESSAGES.noSchool);
  const plan = studentPlan(year.id, assigned, {
    level: query.level,
    class_level: query.class_level,
    school_id: query.school_id,
  });
  const rows = await studentRows(db, plan, SCHOOL_STUDENTS_LIMIT + 1, 0);
  return {
    school: { id: Number(school.id), name: school.name, district: school.district, state: school.state },
    level: query.level,
    items: rows.slice(0, SCHOOL_STUDENTS_LIMIT).map(toStudent),
    truncated: rows.length > SCHOOL_STUDENTS_LIMIT,
  };
}

// ── Schools ────────────────────────────────────────────────────────────────────────────────────

/**
 * The tallies of a school `sc` (result_school_tallies, decision 041: its sheets per class, paper
 * set and the sheets' region, and over all classes) that a school list counts: the level, class,
 * paper set and region.
 */
function schoolTalliesWhere(yearId: number, assigned: Assignments | null, filters: SchoolResultFilters): SQL {
  const parts = [
    sql`t.school_id = sc.id`,
    sql`t.exam_year_id = ${yearId}`,
    sql`t.exam_kind = ${filters.level}`,
    assignedSql("t", assigned),
  ];
  if (filters.class_level) parts.push(sql`t.class_level = ${filters.class_level}`);
  if (filters.paper_set_id) parts.push(sql`t.paper_set_id = ${filters.paper_set_id}`);
  // Without either, the school's rows over all classes (class and paper set 0); with one, its rows per class.
  if (!filters.class_level && !filters.paper_set_id) parts.push(sql`t.class_level = 0`);
  return sql.join(parts, sql` and `);
}

/** Schools of the viewer's region (and the filters) with at least one sheet of the list. */
function schoolWhere(yearId: number, assigned: Assignments | null, filters: SchoolResultFilters): SQL {
  const parts = [
    assignedSql("sc", assigned),
    ...regionFilterSql("sc", filters),
    sql`exists (select 1 from result_school_tallies t where ${schoolTalliesWhere(yearId, assigned, filters)})`,
  ];
  if (filters.search) parts.push(sql`sc.name ilike ${containing(filters.search)}`);
  return sql.join(parts, sql` and `);
}

const SCHOOL_ORDER = sql`lower(sc.name), sc.id`;

interface RawSchool {
  school_id: number | string;
  name: string;
  state: string | null;
  prant: string | null;
  district: string | null;
  sheets: number | string;
  total_sum: number | string;
  highest: number | string;
  lowest: number | string;
  toppers: number | string | null;
}

const SCHOOL_COLUMNS = sql`
  sc.id as school_id, sc.name, (select name from states where id = sc.state_id) as state,
  (select name from prants where id = sc.prant_id) as prant,
  (select name from districts where id = sc.district_id) as district, f.sheets, f.total_sum, f.highest, f.lowest,
  f.toppers`;

/** The figures of a school's sheets, added up from its tallies (a few rows of one index range). */
const schoolFigures = (yearId: number, assigned: Assignments | null, filters: SchoolResultFilters) =>
  sql`cross join lateral (select coalesce(sum(t.sheets), 0)::int as sheets,
      coalesce(sum(t.total_sum), 0)::float8 as total_sum, coalesce(max(t.highest), 0) as highest,
      coalesce(min(t.lowest), 0) as lowest, ${isRanked(filters.level) ? sql`coalesce(sum(t.toppers), 0)::int` : sql`null::int`} as toppers
    from result_school_tallies t where ${schoolTalliesWhere(yearId, assigned, filters)}) f`;

const toSchool = (row: RawSchool): SchoolResultRow => {
  const sheets = Number(row.sheets);
  return {
    school_id: Number(row.school_id),
    name: row.name,
    state: row.state,
    prant: row.prant,
    district: row.district,
    sheets,
    average: averageOf(Number(row.total_sum), sheets),
    highest: marksOf(Number(row.highest)),
    lowest: marksOf(Number(row.lowest)),
    toppers: row.toppers === null ? null : Number(row.toppers),
  };
};

/** school-mock-results: a page of the schools of the viewer's region with their sheets' figures. */
export async function listSchoolResults(
  db: DbOrTx,
  viewer: ResultViewer,
  query: SchoolResultQuery,
): Promise<Page<SchoolResultRow> & { total_capped: boolean }> {
  requireLevelAccess(viewer, query.level);
  const { year, assigned } = await regionContext(db, viewer);
  const where = schoolWhere(year.id, assigned, query);
  const count = sql`select count(*)::int as n from (select 1 from schools sc where ${where} limit ${RESULT_COUNT_CAP + 1}) matched`;
  // The count rides along with the page (one statement); a page with no rows counts alone.
  const rows = await queryRows<RawSchool & { listed_total: number | string }>(
    db,
    sql`with page as (
          select sc.id from schools sc where ${where} order by ${SCHOOL_ORDER}
          limit ${query.per_page} offset ${(query.page - 1) * query.per_page}
        )
        select (${count}) as listed_total, ${SCHOOL_COLUMNS} from page join schools sc on sc.id = page.id
          ${schoolFigures(year.id, assigned, query)}
        order by ${SCHOOL_ORDER}`,
  );
  const n = rows[0] ? Number(rows[0].listed_total) : Number((await queryRows<{ n: number }>(db, count))[0]?.n ?? 0);
  const capped = n > RESULT_COUNT_CAP;
  const total = Math.max(capped ? RESULT_COUNT_CAP : n, (query.page - 1) * query.per_page + rows.length);
  return {
    items: rows.map(toSchool),
    page: query.page,
    per_page: query.per_page,
    total,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    total_capped: capped,
  };
}

/** Every school of the filters for the export, by name, in batches (keyset on the name and id). */
export async function* schoolResultsForExport(
  db: DbOrTx,
  viewer: ResultViewer,
  filters: SchoolResultFilters,
  batchSize = 2000,
): AsyncGenerator<SchoolResultRow[]> {
  requireLevelAccess(viewer, filters.level);
  const { year, assigned } = await regionContext(db, viewer);
  const where = schoolWhere(year.id, assigned, filters);
  let last: { name: string; id: number } | null = null;
  for (;;) {
    // The first condition is the name index's own: each batch resumes there instead of at the start.
    const after: SQL = last
      ? sql` and lower(sc.name) >= lower(${last.name}) and (lower(sc.name), sc.id) > (lower(${last.name}), ${last.id})`
      : sql``;
    const rows: RawSchool[] = await queryRows<RawSchool>(
      db,
      sql`select ${SCHOOL_COLUMNS} from schools sc ${schoolFigures(year.id, assigned, filters)}
          where ${where}${after} order by ${SCHOOL_ORDER} limit ${batchSize}`,
    );
    if (rows.length === 0) return;
    const end: RawSchool = rows[rows.length - 1] as RawSchool;
    last = { name: end.name, id: Number(end.school_id) };
    yield rows.map(toSchool);
    if (rows.length < batchSize) return;
  }
}

// ── States and prants ──────────────────────────────────────────────────────────────────────────

/** The filters the state, prant and paper-set figures take. */
interface AggregateFilters {
  level: ExamLevel;
  class_level?: number | undefined;
  zone_id?: number | undefined;
  paper_set_id?: number | undefined;
}

/**
 * A ranked level's sheets through result_ranks, whose state and district indexes hold them, with
 * the filters: what the prants' camp places count (their figures come from the tallies, talliesOf).
 */
function ranksOf(yearId: number, assigned: Assignments | null, filters: AggregateFilters): { from: SQL; where: SQL } {
  const parts = [sql`r.exam_year_id = ${yearId}`, sql`r.exam_kind = ${filters.level}`, assignedSql("r", assigned)];
  if (filters.zone_id) parts.push(sql`r.zone_id = ${filters.zone_id}`);
  if (filters.class_level) parts.push(sql`r.class_level = ${filters.class_level}`);
  if (filters.paper_set_id) parts.push(sql`a.paper_set_id = ${filters.paper_set_id}`);
  return { from: sql`result_ranks r join answer_sheets a on a.id = r.sheet_id`, where: sql.join(parts, sql` and `) };
}

/**
 * The tallies (result_tallies: the level's sheets counted per class, paper set and district) an
 * aggregate adds up, with its filters: a few thousand rows where the sheets are a million.
 */
function talliesOf(yearId: number, assigned: Assignments | null, filters: AggregateFilters): SQL {
  const parts = [sql`t.exam_year_id = ${yearId}`, sql`t.exam_kind = ${filters.level}`, assignedSql("t", assigned)];
  if (filters.zone_id) parts.push(sql`t.zone_id = ${filters.zone_id}`);
  if (filters.class_level) parts.push(sql`t.class_level = ${filters.class_level}`);
  if (filters.paper_set_id) parts.push(sql`t.paper_set_id = ${filters.paper_set_id}`);
  return sql.join(parts, sql` and `);
}

/** A tally's figures summed, as RawAggregate. */
const TALLIED = sql`sum(t.sheets)::int as sheets, sum(t.total_sum)::float8 as total_sum, max(t.highest) as highest,
  sum(t.qualified)::int as qualified`;

interface RawAggregate {
  sheets: number | string;
  total_sum: number | string;
  highest: number | string;
  qualified: number | string;
}

function aggregateOf(rows: RawAggregate[]) {
  const sheets = rows.reduce((n, row) => n + Number(row.sheets), 0);
  const sum = rows.reduce((n, row) => n + Number(row.total_sum), 0);
  return {
    sheets,
    average: averageOf(sum, sheets),
    highest: marksOf(rows.reduce((n, row) => Math.max(n, Number(row.highest)), 0)),
    qualified: rows.reduce((n, row) => n + Number(row.qualified), 0),
  };
}

/** state-mock-results: each state of the viewer's region with its sheets' figures for a level. */
export async function stateResults(
  db: DbOrTx,
  viewer: ResultViewer,
  filters: StateResultFilters,
): Promise<StateResults> {
  requireLevelAccess(viewer, filters.level);
  const { year, assigned } = await regionContext(db, viewer);
  const rows = await queryRows<RawAggregate & { state_id: number; state: string; zone: string | null }>(
    db,
    sql`with figures as (
          select t.state_id, ${TALLIED} from result_tallies t where ${talliesOf(year.id, assigned, filters)}
          group by t.state_id
        )
        select f.*, st.name as state, z.name as zone from figures f join states st on st.id = f.state_id
          left join zones z on z.id = st.zone_id
        order by st.name, f.state_id`,
  );
  return {
    level: filters.level,
    items: rows.map((row) => ({
      state_id: Number(row.state_id),
      state: row.state,
      zone: row.zone,
      ...aggregateOf([row]),
    })),
    total: aggregateOf(rows),
  };
}

/** admin/get-prant-ranking-final-list: each prant of the viewer's region with its figures and camp places. */
export async function prantResults(
  db: DbOrTx,
  viewer: ResultViewer,
  filters: PrantResultFilters,
): Promise<PrantResults> {
  requireRanked(filters.level);
  const { year, assigned } = await regionContext(db, viewer);
  const states = (t: string) => (filters.state_ids?.length ? [idsIn(sql.raw(`${t}.state_id`), filters.state_ids)] : []);
  // The figures add up the tallies; the camps read only the first 20 positions of each state's
  // classes, group by group on the state index (awardGrid), instead of joining a million ranks.
  const ranks = ranksOf(year.id, assigned, filters);
  const campWhere = awardGrid(
    { level: filters.level, award: "state_camp" },
    true,
    sql.join([ranks.where, AWARD_POSITION.state_camp, ...states("r")], sql` and `),
  );
  const rows = await queryRows<
    RawAggregate & {
      prant_id: number | null;
      prant: string | null;
      state_id: number;
      state: string;
      state_camp: number;
      national_camp: number;
    }
  >(
    db,
    sql`with figures as (
          select t.state_id, t.prant_id, ${TALLIED}
          from result_tallies t where ${sql.join([talliesOf(year.id, assigned, filters), ...states("t")], sql` and `)}
          group by t.state_id, t.prant_id
        ), camps as (
          select r.state_id, r.prant_id, count(*)::int as state_camp,
            count(*) filter (where ${AWARD_POSITION.national_camp})::int as national_camp
          from ${ranks.from} where ${campWhere}
          group by r.state_id, r.prant_id
        )
        select f.*, coalesce(c.state_camp, 0) as state_camp, coalesce(c.national_camp, 0) as national_camp,
          st.name as state, p.name as prant
        from figures f left join camps c on c.state_id = f.state_id and c.prant_id is not distinct from f.prant_id
          join states st on st.id = f.state_id left join prants p on p.id = f.prant_id
        order by st.name, p.name nulls last, f.prant_id`,
  );
  const camps = (list: typeof rows) => ({
    state_camp: list.reduce((n, row) => n + Number(row.state_camp), 0),
    national_camp: list.reduce((n, row) => n + Number(row.national_camp), 0),
  });
  return {
    level: filters.level,
    items: rows.map((row) => ({
      prant_id: orNull(row.prant_id),
      prant: row.prant,
      state_id: Number(row.state_id),
      state: row.state,
      ...aggregateOf([row]),
      ...camps([row]),
    })),
    total: { ...aggregateOf(rows), ...camps(rows) },
  };
}

// ── Paper sets ─────────────────────────────────────────────────────────────────────────────────

/** admin/get-combination-name-finalzed-list: a level's finalized paper sets with the region's sheets of each. */
export async function finalizedPaperSets(
  db: DbOrTx,
  viewer: ResultViewer,
  filters: { level: ExamLevel; class_level?: number | undefined },
): Promise<FinalizedPaperSet[]> {
  requireLevelAccess(viewer, filters.level);
  const { year, assigned } = await regionContext(db, viewer);
  const tallies = talliesOf(year.id, assigned, filters);
  const rows = await queryRows<{ id: number; code: string; name: string; class_level: number; sheets: number }>(
    db,
    sql`select ps.id, ps.code, ps.name, ps.class_level,
          (select coalesce(sum(t.sheets), 0) from result_tallies t where t.paper_set_id = ps.id and ${tallies})::int
            as sheets
        from paper_sets ps
        where ps.exam_year_id = ${year.id} and ps.exam_kind = ${filters.level} and ps.status = 'finalized'
          ${filters.class_level ? sql`and ps.class_level = ${filters.class_level}` : sql``}
        order by ps.class_level, lower(ps.code)`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    code: row.code,
    name: row.name,
    class_level: Number(row.class_level),
    sheets: Number(row.sheets),
  }));
}
