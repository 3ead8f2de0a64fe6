import type { CountryItem, RegionItem, RegionListBody, RegionPickBody } from "@repo/contracts/geography";
import { type GeographyLevel, PICK_LIMIT, REGION_LEVELS } from "@repo/contracts/geography-constants";
import { type Page, pageOf } from "@repo/contracts/pagination";
import { type DbOrTx, queryRowsPrepared } from "@repo/db";
import { cities, countries, districts, prants, schools, states, zones } from "@repo/db/schema";
import { asc, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { notFound } from "../../kernel/http/errors";
import { containing, idsAny, pageTotal } from "../../kernel/sql";
import { assignedSql } from "./region-scope";
import type { RegionScope } from "./scope";

/** How a level is read: its SELECT with ancestors, the school column pointing at it, its children. */
interface LevelSql {
  /** SELECT … FROM … with the node aliased `n` and its ancestors joined; wrapped as `x` below. */
  select: SQL;
  /** The school column pointing at this level. */
  schoolColumn: PgColumn;
  /** The children's table (aliased c), their column naming the parent, and their level; none for cities. */
  children: { from: SQL; parent: SQL; level: GeographyLevel } | null;
}

const LEVELS: Record<GeographyLevel, LevelSql> = {
  zone: {
    select: sql`select n.id, n.name, n.code, n.country_id, co.name as country_name
      from ${zones} n left join ${countries} co on co.id = n.country_id`,
    schoolColumn: schools.zoneId,
    children: { from: sql`${states} c`, parent: sql`c.zone_id`, level: "state" },
  },
  state: {
    select: sql`select n.id, n.name, n.zone_id, z.name as zone_name, n.country_id, co.name as country_name
      from ${states} n join ${zones} z on z.id = n.zone_id join ${countries} co on co.id = n.country_id`,
    schoolColumn: schools.stateId,
    children: { from: sql`${prants} c`, parent: sql`c.state_id`, level: "prant" },
  },
  prant: {
    select: sql`select n.id, n.name, n.state_id, s.name as state_name, s.zone_id, z.name as zone_name
      from ${prants} n join ${states} s on s.id = n.state_id join ${zones} z on z.id = s.zone_id`,
    schoolColumn: schools.prantId,
    children: { from: sql`${districts} c`, parent: sql`c.prant_id`, level: "district" },
  },
  district: {
    select: sql`select n.id, n.name, n.prant_id, p.name as prant_name, p.state_id, s.name as state_name, s.zone_id, z.name as zone_name
      from ${districts} n join ${prants} p on p.id = n.prant_id join ${states} s on s.id = p.state_id join ${zones} z on z.id = s.zone_id`,
    schoolColumn: schools.districtId,
    children: { from: sql`${cities} c`, parent: sql`c.district_id`, level: "city" },
  },
  city: {
    select: sql`select n.id, n.name, n.district_id, d.name as district_name, d.prant_id, p.name as prant_name, p.state_id, s.name as state_name, s.zone_id, z.name as zone_name
      from ${cities} n join ${districts} d on d.id = n.district_id join ${prants} p on p.id = d.prant_id join ${states} s on s.id = p.state_id join ${zones} z on z.id = s.zone_id`,
    schoolColumn: schools.cityId,
    children: null,
  },
};

/**
 * The figures of each row (aliased x): its children and its schools, counted like records
 * (docs/domain.md, Region scoping). A coordinator sees the ancestors of its region too, for the
 * pickers, but their figures only count what lies in its region: a district coordinator's zone
 * shows its one state and its district's schools, never the zone's totals.
 */
function countsSql(spec: LevelSql, scope: RegionScope): SQL {
  const inRegion = scope.all ? sql`true` : assignedSql("sc", scope.assigned, idsAny);
  const schoolsCount = sql`(select count(*) from ${schools} sc
    where sc.${sql.identifier(spec.schoolColumn.name)} = x.id and ${inRegion})`;
  const children = spec.children;
  let childrenCount = sql`0`;
  if (children) {
    const visible = scope.all ? sql`true` : visibleSql(children.level, sql`c`, scope);
    childrenCount = sql`(select count(*) from ${children.from} where ${children.parent} = x.id and ${visible})`;
  }
  return sql`${childrenCount} as children_count, ${schoolsCount} as schools_count`;
}

/** The rows of `level` (aliased `alias`) a scoped viewer sees. */
function visibleSql(level: GeographyLevel, alias: SQL, scope: Extract<RegionScope, { all: false }>): SQL {
  const sets = { zone: scope.zones, state: scope.states, prant: scope.prants, district: scope.districts };
  return level === "city" ? idsAny(sql`${alias}.district_id`, scope.districts) : idsAny(sql`${alias}.id`, sets[level]);
}

/** The node table of each level. */
const TABLE: Record<GeographyLevel, SQL> = {
  zone: sql`${zones}`,
  state: sql`${states}`,
  prant: sql`${prants}`,
  district: sql`${districts}`,
  city: sql`${cities}`,
};

/** Each level's parent: the node table's column naming it, and its level (a zone has none). */
const PARENT: Record<GeographyLevel, { column: string; level: GeographyLevel } | null> = {
  zone: null,
  state: { column: "zone_id", level: "zone" },
  prant: { column: "state_id", level: "state" },
  district: { column: "prant_id", level: "prant" },
  city: { column: "district_id", level: "district" },
};

/** How deep each level lies in the tree (the zone at the top). */
export const DEPTH: Record<GeographyLevel, number> = { zone: 0, state: 1, prant: 2, district: 3, city: 4 };

/**
 * `id`, the id of a node of `level`, is an `ancestor` node that `test` accepts or lies under one:
 * climbs the parents with `in (select …)` over the node tables, so that a filter needs no join of
 * the filtered rows with their ancestors (a list's page is then cut from its own table alone).
 */
export function under(level: GeographyLevel, id: SQL, ancestor: GeographyLevel, test: (column: SQL) => SQL): SQL {
  const parent = PARENT[level];
  if (level === ancestor || !parent) return test(id);
  return sql`${id} in (select t.id from ${TABLE[level]} t where ${under(parent.level, sql`t.${sql.identifier(parent.column)}`, ancestor, test)})`;
}

/**
 * The filters and the viewer's scope as conditions on the node alone (aliased n): an ancestor
 * filter applies to its own level and the levels below it, and is ignored above.
 */
function conditions(level: GeographyLevel, filters: RegionPickBody, scope: RegionScope): SQL[] {
  const where: SQL[] = [];
  const byAncestor = (ancestor: GeographyLevel, test: (column: SQL) => SQL) => {
    if (DEPTH[ancestor] > DEPTH[level]) return;
    const parent = PARENT[level];
    where.push(
      level === ancestor || !parent
        ? test(sql`n.id`)
        : under(parent.level, sql`n.${sql.identifier(parent.column)}`, ancestor, test),
    );
  };
  if (filters.search) where.push(sql`n.name ilike ${containing(filters.search)}`);
  const zoneId = filters.zone_id;
  if (zoneId !== undefined) byAncestor("zone", (column) => sql`${column} = ${zoneId}`);
  if (filters.state_ids?.length) byAncestor("state", (column) => idsAny(column, filters.state_ids ?? []));
  if (filters.prant_ids?.length) byAncestor("prant", (column) => idsAny(column, filters.prant_ids ?? []));
  if (filters.district_ids?.length) byAncestor("district", (column) => idsAny(column, filters.district_ids ?? []));
  if (!scope.all) where.push(visibleSql(level, sql`n`, scope));
  return where;
}

const whereClause = (parts: SQL[]) => (parts.length ? sql` where ${sql.join(parts, sql` and `)}` : sql``);

function toItem(row: Record<string, unknown>): RegionItem {
  const item: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === null && !key.startsWith("country")) continue;
    item[key] =
      typeof value === "bigint" || ((key.endsWith("_id") || key.endsWith("count") || key === "id") && value !== null)
        ? Number(value)
        : value;
  }
  return item as RegionItem;
}

export async function listRegions(
  db: DbOrTx,
  level: GeographyLevel,
  body: RegionListBody,
  scope: RegionScope,
): Promise<Page<RegionItem>> {
  const spec = LEVELS[level];
  const where = whereClause(conditions(level, body, scope));
  const offset = (body.page - 1) * body.per_page;
  // The page's ids are cut from the node table alone (its (lower(name), id) index gives the order
  // for cities and districts) and only its rows are joined with their ancestors and counted
  // (children, schools); the total is one count of the node table beside it. Cut after joining
  // every node with its ancestors and counting it in a window, page 120 of the cities sorted all
  // 2,011 joined rows (5.7 ms of server CPU a request, decision 042).
  const rows = await queryRowsPrepared<Record<string, unknown>>(
    db,
    sql`with page as (
          select n.id from ${TABLE[level]} n${where}
          order by lower(n.name), n.id limit ${body.per_page} offset ${offset}
        )
        select x.*, (select count(*) from ${TABLE[level]} n${where}) as total, ${countsSql(spec, scope)}
        from (${spec.select} where n.id in (select id from page)) x
        order by lower(x.name), x.id`,
  );
  const total = await pageTotal(rows, body.page, async () => {
    const [counted] = await queryRowsPrepared<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${TABLE[level]} n${where}`,
    );
    return Number(counted?.n ?? 0);
  });
  return pageOf(
    rows.map(({ total: _total, ...row }) => toItem(row)),
    total,
    body.page,
    body.per_page,
  );
}

/** Unpaginated lists for pickers (at most PICK_LIMIT items: narrow with filters or search). */
export async function pickRegions(db: DbOrTx, level: GeographyLevel, body: RegionPickBody, scope: RegionScope) {
  const spec = LEVELS[level];
  const rows = await queryRowsPrepared<Record<string, unknown>>(
    db,
    sql`${spec.select}${whereClause(conditions(level, body, scope))} order by lower(n.name), n.id limit ${PICK_LIMIT}`,
  );
  return rows.map((row) => ({ ...toItem({ ...row }), children_count: undefined, schools_count: undefined }));
}

export async function getRegion(
  db: DbOrTx,
  level: GeographyLevel,
  id: number,
  scope: RegionScope,
): Promise<RegionItem> {
  const spec = LEVELS[level];
  const where = whereClause([...conditions(level, {}, scope), sql`n.id = ${id}`]);
  const [row] = await queryRowsPrepared<Record<string, unknown>>(
    db,
    sql`select x.*, ${countsSql(spec, scope)}
        from (${spec.select}${where}) x`,
  );
  if (!row) throw notFound(REGION_LEVELS[level].label);
  return toItem(row);
}

/** Every country, for registration forms. */
export async function listCountries(db: DbOrTx): Promise<CountryItem[]> {
  return db
    .select({ id: countries.id, name: countries.name, code: countries.code })
    .from(countries)
    .orderBy(asc(countries.id));
}

/** One zone with its states > prants > districts (> cities), as far as the caller's scope reaches. */
export async function regionTree(db: DbOrTx, zoneId: number, withCities: boolean, scope: RegionScope) {
  const zone = await getRegion(db, "zone", zoneId, scope);
  const pick = (level: GeographyLevel) => pickRegions(db, level, { zone_id: zoneId }, scope);
  const [stateRows, prantRows, districtRows, cityRows] = await Promise.all([
    pick("state"),
    pick("prant"),
    pick("district"),
    withCities ? pick("city") : Promise.resolve([]),
  ]);
  const node = (r: { id: number; name: string }) => ({ id: r.id, name: r.name });
  const children = stateRows.map((s) => ({
    ...node(s),
    children: prantRows
      .filter((p) => p.state_id === s.id)
      .map((p) => ({
        ...node(p),
        children: districtRows
          .filter((d) => d.prant_id === p.id)
          .map((d) => ({
            ...node(d),
            ...(withCities ? { children: cityRows.filter((ci) => ci.district_id === d.id).map(node) } : {}),
          })),
      })),
  }));
  return { id: zone.id, name: zone.name, code: zone.code ?? "", children };
}

/** The school column that points at a node of `level` (zone_id … city_id). */
export const schoolColumnOf = (level: GeographyLevel) => LEVELS[level].schoolColumn;
