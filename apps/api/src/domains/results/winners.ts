/**
 * Winners and the Ranking pages (issue 15, docs/domain.md, Region scoping and Exams, scoring and awards; decision 022): read from result_ranks,
 * which rankLevel rebuilds whenever a level's sheets change, scoped to the caller's region.
 *
 * An award's winners are `position <= places` (position = 1 + how many did strictly better), which
 * is "everyone in the first N positions and everyone tied with the last of them". When a group's
 * winners outnumber the places, the tie at the cut-off (its winners with the group's largest dense
 * rank among them) is marked, counted over the whole group even where the caller sees part of it.
 */
import type { Page } from "@repo/contracts/pagination";
import type {
  DistrictRankerFilters,
  DistrictRankerQuery,
  DistrictRankerRow,
  RankingDistrictRow,
  RankingStateRow,
  ResultRegionFilters,
  WinnerRow,
  WinnersFilters,
  WinnersQuery,
} from "@repo/contracts/result-winners";
import { awardOf, RESULT_VIEW_MESSAGES } from "@repo/contracts/result-winners-constants";
import { AWARDS, type AwardCode, marksOf } from "@repo/contracts/results-constants";
import { type DbOrTx, queryRows } from "@repo/db";
import { type SQL, sql } from "drizzle-orm";
import { ApiError } from "../../kernel/http/errors";
import { idsIn, pageTotal } from "../../kernel/sql";
import { type Assignments, assignedSql, type RegionViewer, regionContext } from "../geography/region-scope";

/** Hundredths (an integer, or an average as numeric text) to marks, two decimals at most. */
export const toMarks = (value: number | string | null | undefined): number =>
  value == null ? 0 : Math.round(marksOf(Number(value)) * 100) / 100;

/** The region filters on a table `alias` with zone_id … district_id and school_id columns. */
export function resultFilterSql(alias: string, filters: ResultRegionFilters & { class_level?: number | undefined }) {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  const parts: SQL[] = [];
  if (filters.class_level) parts.push(sql`${column("class_level")} = ${filters.class_level}`);
  if (filters.zone_id) parts.push(sql`${column("zone_id")} = ${filters.zone_id}`);
  if (filters.state_id) parts.push(sql`${column("state_id")} = ${filters.state_id}`);
  if (filters.prant_id) parts.push(sql`${column("prant_id")} = ${filters.prant_id}`);
  if (filters.district_id) parts.push(sql`${column("district_id")} = ${filters.district_id}`);
  if (filters.school_id) parts.push(sql`${column("school_id")} = ${filters.school_id}`);
  return parts;
}

const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

// ── Winners ────────────────────────────────────────────────────────────────────────────────────

/** The columns of result_ranks an award is cut on, and the table naming its groups. */
const AWARD_GROUPS = {
  state: { group: "state_id", rank: "state_rank", position: "state_position", names: "states" },
  district: { group: "district_id", rank: "district_rank", position: "district_position", names: "districts" },
  school: { group: "school_id", rank: "school_rank", position: "school_position", names: "schools" },
} as const;

type RawWinner = Record<keyof WinnerRow, unknown>;

const toWinner = (row: RawWinner): WinnerRow => ({
  sheet_id: Number(row.sheet_id),
  student_id: Number(row.student_id),
  first_name: String(row.first_name),
  last_name: String(row.last_name),
  roll_number: String(row.roll_number),
  class_level: Number(row.class_level),
  group_id: Number(row.group_id),
  group_name: String(row.group_name ?? ""),
  position: Number(row.position),
  rank: Number(row.rank),
  total: toMarks(row.total as number),
  section_a: toMarks(row.section_a as number),
  wrong_count: Number(row.wrong_count),
  school_id: row.school_id == null ? null : Number(row.school_id),
  school_name: String(row.school_name ?? ""),
  district_id: row.district_id == null ? null : Number(row.district_id),
  district: row.district == null ? null : String(row.district),
  state_id: Number(row.state_id),
  state: String(row.state ?? ""),
  places: Number(row.places),
  taken: Number(row.taken),
  tie_at_cutoff: Boolean(row.tie_at_cutoff),
});

/**
 * The winners of an award in the viewer's region, in group, class and position order. A page is
 * cut from the ranks alone (they carry the roll number that orders a tie) before the students,
 * schools and sheets of its rows are read: the country's state camp is 5,000 winners, a page 10.
 *
 * The groups are walked in name order, each one's winners read from its own index range in class
 * and position order (a lateral subquery): the sort of the page is then per group, and stops once
 * the page is full, instead of sorting every visible winner for 10 (decision 041). A page row's
 * group figures (taken, the cut-off's rank) are counted for its group and class alone.
 */
function winnersSql(yearId: number, assigned: Assignments | null, filters: WinnersFilters) {
  const award = awardOf(filters.award);
  const columns = AWARD_GROUPS[award.per];
  const col = (name: string) => sql.raw(`rr.${name}`);
  const candidates = sql`rr.exam_year_id = ${yearId} and rr.exam_kind = ${filters.level}
    and ${col(columns.position)} <= ${award.places}`;
  const visibleWhere = sql`${candidates} and ${assignedSql("rr", assigned)} and ${and(resultFilterSql("rr", filters))}`;
  const visible = sql`select rr.sheet_id from result_ranks rr where ${visibleWhere}`;
  // A tie is listed by roll number: it orders the tie, never ranks it (decision 022).
  // Each group gives at most the page's end of its own first rows (what the page can take from it),
  // so its index range is cut there too.
  const page = (limit: number, offset: number) => sql`select v.*, gn.name as group_name
    from (select g.id, g.name from ${sql.raw(columns.names)} g order by g.name, g.id) gn
    cross join lateral (
      select rr.sheet_id, rr.class_level, ${col(columns.group)} as group_id, ${col(columns.position)} as position,
        ${col(columns.rank)} as rank, rr.roll_number
      from result_ranks rr
      where ${col(columns.group)} = gn.id and ${visibleWhere}
      order by rr.class_level, ${col(columns.position)}, rr.roll_number
      limit ${limit + offset}
    ) v
    order by gn.name, gn.id, v.class_level, v.position, v.roll_number
    limit ${limit} offset ${offset}`;
  // The group's whole tie (not only what the viewer sees): a district coordinator's state-camp
  // winners show that their state took 22 for 20 places.
  const ofGroup = (figure: SQL) => sql`(select ${figure} from result_ranks rr
    where ${candidates} and ${col(columns.group)} = p.group_id and rr.class_level = p.class_level)`;
  // A list's page carries the count of every visible winner (as winners_total: `total` is the
  // marks), planned and read with the page: one round trip. An export's batches do not. Names
  // and group figures are subqueries rather than joins: fewer relations to plan (planning was
  // half of a page's cost).
  const rows = (limit: number, offset: number, counted = false) => sql`with page as (${page(limit, offset)})
    select ${counted ? sql`(select count(*) from (${visible}) c)::int as winners_total, ` : sql``}p.sheet_id,
      a.student_id, st.first_name, st.last_name, p.roll_number, p.class_level, p.group_id, p.group_name, p.position,
      p.rank, a.total, a.section_marks[1] as section_a, a.wrong_count, a.school_id,
      coalesce((select name from schools where id = a.school_id), st.unlisted_school_name, '') as school_name,
      a.district_id, (select name from districts where id = a.district_id) as district, a.state_id,
      (select name from states where id = a.state_id) as state, ${award.places}::int as places, f.taken,
      (f.taken > ${award.places} and p.rank = f.last_rank) as tie_at_cutoff
    from page p
    cross join lateral (select ${ofGroup(sql`count(*)::int`)} as taken,
      ${ofGroup(sql`max(${col(columns.rank)})`)} as last_rank) f
    join answer_sheets a on a.id = p.sheet_id
    join students st on st.id = a.student_id
    order by p.group_name, p.group_id, p.class_level, p.position, p.roll_number`;
  return { visible, rows };
}

export async function listWinners(db: DbOrTx, viewer: RegionViewer, query: WinnersQuery): Promise<Page<WinnerRow>> {
  const { year, assigned } = await regionContext(db, viewer);
  const { visible, rows: pageOf } = winnersSql(year.id, assigned, query);
  const rows = await queryRows<RawWinner & { winners_total: number }>(
    db,
    pageOf(query.per_page, (query.page - 1) * query.per_page, true),
  );
  const total = await pageTotal(
    rows,
    query.page,
    async () => {
      const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${visible}) c`);
      return Number(count?.n ?? 0);
    },
    "winners_total",
  );
  return {
    items: rows.map(toWinner),
    page: query.page,
    per_page: query.per_page,
    total,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
  };
}

/** Every winner of the filters for the export, in the list's order, in batches. */
export async function* winnersForExport(
  db: DbOrTx,
  viewer: RegionViewer,
  filters: WinnersFilters,
  batchSize = 5000,
): AsyncGenerator<WinnerRow[]> {
  const { year, assigned } = await regionContext(db, viewer);
  const { rows: pageOf } = winnersSql(year.id, assigned, filters);
  for (let offset = 0; ; offset += batchSize) {
    const rows = await queryRows<RawWinner>(db, pageOf(batchSize, offset));
    if (rows.length === 0) return;
    yield rows.map(toWinner);
    if (rows.length < batchSize) return;
  }
}

// ── Region scope of the Ranking pages ──────────────────────────────────────────────────────────

/**
 * Whether a node with these ancestors is inside the assignments: at or below an assigned node, or
 * (for a state) above an assigned prant or district, since its coordinator sees part of it.
 */
function districtInScope(assigned: Assignments | null, d: { zone: SQL; state: SQL; prant: SQL; district: SQL }): SQL {
  if (!assigned) return sql`true`;
  const parts = [
    assigned.zones.length ? idsIn(d.zone, assigned.zones) : null,
    assigned.states.length ? idsIn(d.state, assigned.states) : null,
    assigned.prants.length ? idsIn(d.prant, assigned.prants) : null,
    assigned.districts.length ? idsIn(d.district, assigned.districts) : null,
  ].filter((part): part is SQL => part !== null);
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/** States of the viewer's region: assigned, in an assigned zone, or holding an assigned prant or district. */
function stateInScope(assigned: Assignments | null, alias: string): SQL {
  if (!assigned) return sql`true`;
  const s = (name: string) => sql.raw(`${alias}.${name}`);
  return sql`(${districtInScope(assigned, { zone: s("zone_id"), state: s("id"), prant: sql`null`, district: sql`null` })}
    or exists (select 1 from prants p left join districts d on d.prant_id = p.id where p.state_id = ${s("id")}
      and ${districtInScope(
        { zones: [], states: [], prants: assigned.prants, districts: assigned.districts },
        {
          zone: sql`null`,
          state: sql`null`,
          prant: sql`p.id`,
          district: sql`d.id`,
        },
      )}))`;
}

const sheetsOf = (yearId: number, level: string, assigned: Assignments | null) =>
  sql`a.exam_year_id = ${yearId} and a.exam_kind = ${level} and ${assignedSql("a", assigned)}`;

/** Each state of the viewer's region with the level's sheets, top and average score, and districts with results. */
export async function rankingStates(
  db: DbOrTx,
  viewer: RegionViewer,
  level: string,
): Promise<{ exam_year: string; items: RankingStateRow[] }> {
  const { year, assigned } = await regionContext(db, viewer);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select s.id as state_id, s.name as state, z.name as zone, coalesce(r.sheets, 0)::int as sheets, r.top, r.average,
          coalesce(r.districts, 0)::int as districts
        from states s join zones z on z.id = s.zone_id
        left join (select a.state_id, count(*) as sheets, max(a.total) as top, avg(a.total) as average,
            count(distinct a.district_id) as districts
          from answer_sheets a where ${sheetsOf(year.id, level, assigned)} group by a.state_id) r on r.state_id = s.id
        where ${stateInScope(assigned, "s")}
        order by coalesce(r.sheets, 0) = 0, s.name`,
  );
  return {
    exam_year: year.label,
    items: rows.map((row) => ({
      state_id: Number(row.state_id),
      state: String(row.state),
      zone: String(row.zone),
      sheets: Number(row.sheets),
      top_total: toMarks(row.top as number | null),
      average: toMarks(row.average as string | null),
      districts_with_results: Number(row.districts),
    })),
  };
}

/** The state, if the viewer's region reaches it; 404 otherwise (ids are not to be probed). */
async function scopedState(db: DbOrTx, assigned: Assignments | null, stateId: number) {
  const [state] = await queryRows<{ id: number; name: string }>(
    db,
    sql`select s.id, s.name from states s where s.id = ${stateId} and ${stateInScope(assigned, "s")}`,
  );
  if (!state) throw new ApiError(404, RESULT_VIEW_MESSAGES.noState);
  return { id: Number(state.id), name: state.name };
}

const DISTRICT_TREE = sql`districts d join prants p on p.id = d.prant_id join states s on s.id = p.state_id`;
const districtScope = (assigned: Assignments | null) =>
  districtInScope(assigned, { zone: sql`s.zone_id`, state: sql`s.id`, prant: sql`p.id`, district: sql`d.id` });

/** Each district of a state inside the viewer's region, with the level's results. */
export async function rankingDistricts(
  db: DbOrTx,
  viewer: RegionViewer,
  query: { level: string; state_id: number },
): Promise<{ state: { id: number; name: string }; items: RankingDistrictRow[] }> {
  const { year, assigned } = await regionContext(db, viewer);
  const state = await scopedState(db, assigned, query.state_id);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select d.id as district_id, d.name as district, p.name as prant, coalesce(r.sheets, 0)::int as sheets, r.top,
          r.average, coalesce(r.schools, 0)::int as schools, coalesce(r.classes, '{}') as classes
        from ${DISTRICT_TREE}
        left join (select a.district_id, count(*) as sheets, max(a.total) as top, avg(a.total) as average,
            count(distinct a.school_id) as schools, array_agg(distinct a.class_level::int order by a.class_level::int) as classes
          from answer_sheets a where ${sheetsOf(year.id, query.level, assigned)} and a.state_id = ${state.id}
          group by a.district_id) r on r.district_id = d.id
        where s.id = ${state.id} and ${districtScope(assigned)}
        order by coalesce(r.sheets, 0) = 0, d.name`,
  );
  return {
    state,
    items: rows.map((row) => ({
      district_id: Number(row.district_id),
      district: String(row.district),
      prant: String(row.prant),
      sheets: Number(row.sheets),
      top_total: toMarks(row.top as number | null),
      average: toMarks(row.average as string | null),
      schools_with_results: Number(row.schools),
      classes: pgIntArray(row.classes),
    })),
  };
}

/** An int[] as either driver returns it (an array, or PostgreSQL's text "{6,8}"). */
export function pgIntArray(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === "string") return value.replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);
  return [];
}

/** The awards a sheet's positions earn, highest first. */
export function awardsOf(positions: {
  state: number | null;
  district: number | null;
  school: number | null;
}): AwardCode[] {
  return AWARDS.filter((award) => {
    const position = positions[award.per];
    return position != null && position <= award.places;
  }).map((award) => award.code);
}

async function scopedDistrict(db: DbOrTx, assigned: Assignments | null, districtId: number) {
  const [district] = await queryRows<{ id: number; name: string; state_id: number; state: string }>(
    db,
    sql`select d.id, d.name, s.id as state_id, s.name as state from ${DISTRICT_TREE}
        where d.id = ${districtId} and ${districtScope(assigned)}`,
  );
  if (!district) throw new ApiError(404, RESULT_VIEW_MESSAGES.noDistrict);
  return { id: Number(district.id), name: district.name, state_id: Number(district.state_id), state: district.state };
}

type RawRanker = Record<string, unknown>;
const toRanker = (row: RawRanker): DistrictRankerRow => ({
  sheet_id: Number(row.sheet_id),
  student_id: Number(row.student_id),
  first_name: String(row.first_name),
  last_name: String(row.last_name),
  roll_number: String(row.roll_number),
  class_level: Number(row.class_level),
  district_rank: Number(row.district_rank),
  district_position: Number(row.district_position),
  state_rank: Number(row.state_rank),
  total: toMarks(row.total as number),
  section_a: toMarks(row.section_a as number),
  wrong_count: Number(row.wrong_count),
  school_name: String(row.school_name ?? ""),
  awards: awardsOf({
    state: row.state_position == null ? null : Number(row.state_position),
    district: row.district_position == null ? null : Number(row.district_position),
    school: row.school_position == null ? null : Number(row.school_position),
  }),
});

function rankersSql(yearId: number, level: string, districtId: number, classLevel: number | undefined) {
  return sql`select rr.sheet_id, a.student_id, st.first_name, st.last_name, a.roll_number, rr.class_level,
      rr.district_rank, rr.district_position, rr.state_rank, rr.state_position, rr.school_position, a.total,
      a.section_marks[1] as section_a, a.wrong_count, coalesce(sc.name, st.unlisted_school_name, '') as school_name
    from result_ranks rr join answer_sheets a on a.id = rr.sheet_id join students st on st.id = a.student_id
    left join schools sc on sc.id = a.school_id
    where rr.exam_year_id = ${yearId} and rr.exam_kind = ${level} and rr.district_id = ${districtId}
      ${classLevel ? sql`and rr.class_level = ${classLevel}` : sql``}
    order by rr.class_level, rr.district_rank, a.roll_number`;
}

/** A district's rank list: its students of a class (or all classes) in dense district rank order. */
export async function districtRankers(
  db: DbOrTx,
  viewer: RegionViewer,
  query: DistrictRankerQuery,
): Promise<
  Page<DistrictRankerRow> & {
    district: Awaited<ReturnType<typeof scopedDistrict>>;
    classes: { class_level: number; sheets: number }[];
  }
> {
  const { year, assigned } = await regionContext(db, viewer);
  const district = await scopedDistrict(db, assigned, query.district_id);
  const classes = await queryRows<{ class_level: number; sheets: number }>(
    db,
    sql`select rr.class_level, count(*)::int as sheets from result_ranks rr
        where rr.exam_year_id = ${year.id} and rr.exam_kind = ${query.level} and rr.district_id = ${district.id}
        group by 1 order by 1`,
  );
  const byClass = classes.map((c) => ({ class_level: Number(c.class_level), sheets: Number(c.sheets) }));
  const total = byClass
    .filter((c) => !query.class_level || c.class_level === query.class_level)
    .reduce((sum, c) => sum + c.sheets, 0);
  const rows =
    total === 0
      ? []
      : await queryRows<RawRanker>(
          db,
          sql`${rankersSql(year.id, query.level, district.id, query.class_level)}
              limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
        );
  return {
    items: rows.map(toRanker),
    page: query.page,
    per_page: query.per_page,
    total,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    district,
    classes: byClass,
  };
}

export async function* districtRankersForExport(
  db: DbOrTx,
  viewer: RegionViewer,
  filters: DistrictRankerFilters,
  batchSize = 5000,
): AsyncGenerator<DistrictRankerRow[]> {
  const { year, assigned } = await regionContext(db, viewer);
  const district = await scopedDistrict(db, assigned, filters.district_id);
  for (let offset = 0; ; offset += batchSize) {
    const rows = await queryRows<RawRanker>(
      db,
      sql`${rankersSql(year.id, filters.level, district.id, filters.class_level)} limit ${batchSize} offset ${offset}`,
    );
    if (rows.length === 0) return;
    yield rows.map(toRanker);
    if (rows.length < batchSize) return;
  }
}
