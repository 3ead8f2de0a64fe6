import type { GeographyLevel, RegionListBody, RegionPickBody } from "@repo/contracts/geography";
import { type Page, pageOf } from "@repo/contracts/pagination";
import type { Db } from "@repo/db";
import { queryRows } from "@repo/db";
import { type SQL, sql } from "drizzle-orm";
import { ApiError } from "../http/errors";
import type { RegionScope } from "./scope";
import { containing, idsIn } from "./sql";

/** One row of any geography list: the node, its parent chain and how many children it has. */
export interface RegionItem {
  id: number;
  name: string;
  code?: string;
  country_id?: number | null;
  country_name?: string | null;
  zone_id?: number;
  zone_name?: string;
  state_id?: number;
  state_name?: string;
  prant_id?: number;
  prant_name?: string;
  district_id?: number;
  district_name?: string;
  children_count: number;
  schools_count: number;
}

interface LevelSpec {
  label: string;
  childLabel: string | null;
  /** SELECT … FROM … with the node aliased `n` and its ancestors joined; wrapped as `x` below. */
  select: SQL;
  /** The school column pointing at this level. */
  schoolColumn: SQL;
  childCount: SQL;
}

const LEVELS: Record<GeographyLevel, LevelSpec> = {
  zone: {
    label: "zone",
    childLabel: "states",
    select: sql`select n.id, n.name, n.code, n.country_id, co.name as country_name
      from zones n left join countries co on co.id = n.country_id`,
    schoolColumn: sql`zone_id`,
    childCount: sql`(select count(*) from states c where c.zone_id = x.id)`,
  },
  state: {
    label: "state",
    childLabel: "prants",
    select: sql`select n.id, n.name, n.zone_id, z.name as zone_name, n.country_id, co.name as country_name
      from states n join zones z on z.id = n.zone_id join countries co on co.id = n.country_id`,
    schoolColumn: sql`state_id`,
    childCount: sql`(select count(*) from prants c where c.state_id = x.id)`,
  },
  prant: {
    label: "prant",
    childLabel: "districts",
    select: sql`select n.id, n.name, n.state_id, s.name as state_name, s.zone_id, z.name as zone_name
      from prants n join states s on s.id = n.state_id join zones z on z.id = s.zone_id`,
    schoolColumn: sql`prant_id`,
    childCount: sql`(select count(*) from districts c where c.prant_id = x.id)`,
  },
  district: {
    label: "district",
    childLabel: "cities",
    select: sql`select n.id, n.name, n.prant_id, p.name as prant_name, p.state_id, s.name as state_name, s.zone_id, z.name as zone_name
      from districts n join prants p on p.id = n.prant_id join states s on s.id = p.state_id join zones z on z.id = s.zone_id`,
    schoolColumn: sql`district_id`,
    childCount: sql`(select count(*) from cities c where c.district_id = x.id)`,
  },
  city: {
    label: "city",
    childLabel: null,
    select: sql`select n.id, n.name, n.district_id, d.name as district_name, d.prant_id, p.name as prant_name, p.state_id, s.name as state_name, s.zone_id, z.name as zone_name
      from cities n join districts d on d.id = n.district_id join prants p on p.id = d.prant_id join states s on s.id = p.state_id join zones z on z.id = s.zone_id`,
    schoolColumn: sql`city_id`,
    childCount: sql`0`,
  },
};

/** Which alias holds each ancestor id in a level's select (n = the node itself). */
const COLUMN: Record<GeographyLevel, Partial<Record<"zone" | "state" | "prant" | "district", SQL>>> = {
  zone: { zone: sql`n.id` },
  state: { zone: sql`n.zone_id`, state: sql`n.id` },
  prant: { zone: sql`s.zone_id`, state: sql`n.state_id`, prant: sql`n.id` },
  district: { zone: sql`s.zone_id`, state: sql`p.state_id`, prant: sql`n.prant_id`, district: sql`n.id` },
  city: { zone: sql`s.zone_id`, state: sql`p.state_id`, prant: sql`d.prant_id`, district: sql`n.district_id` },
};

function conditions(level: GeographyLevel, filters: RegionPickBody, scope: RegionScope): SQL[] {
  const col = COLUMN[level];
  const where: SQL[] = [];
  if (filters.search) where.push(sql`n.name ilike ${containing(filters.search)}`);
  if (filters.zone_id !== undefined && col.zone) where.push(sql`${col.zone} = ${filters.zone_id}`);
  if (filters.state_ids?.length && col.state) where.push(idsIn(col.state, filters.state_ids));
  if (filters.prant_ids?.length && col.prant) where.push(idsIn(col.prant, filters.prant_ids));
  if (filters.district_ids?.length && col.district) where.push(idsIn(col.district, filters.district_ids));
  if (!scope.all) {
    const visible = { zone: scope.zones, state: scope.states, prant: scope.prants, district: scope.districts };
    if (level === "city") where.push(idsIn(sql`n.district_id`, scope.districts));
    else where.push(idsIn(sql`n.id`, visible[level]));
  }
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
  return item as unknown as RegionItem;
}

export async function listRegions(
  db: Db,
  level: GeographyLevel,
  body: RegionListBody,
  scope: RegionScope,
): Promise<Page<RegionItem>> {
  const spec = LEVELS[level];
  const where = whereClause(conditions(level, body, scope));
  const offset = (body.page - 1) * body.per_page;
  const [counted] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${spec.select}${where}) x`);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select x.*, ${spec.childCount} as children_count,
          (select count(*) from schools sc where sc.${spec.schoolColumn} = x.id) as schools_count
        from (${spec.select}${where}) x
        order by lower(x.name), x.id
        limit ${body.per_page} offset ${offset}`,
  );
  return pageOf(rows.map(toItem), Number(counted?.n ?? 0), body.page, body.per_page);
}

export const PICK_LIMIT = 2000;

/** Unpaginated lists for pickers (at most PICK_LIMIT items: narrow with filters or search). */
export async function pickRegions(db: Db, level: GeographyLevel, body: RegionPickBody, scope: RegionScope) {
  const spec = LEVELS[level];
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`${spec.select}${whereClause(conditions(level, body, scope))} order by lower(n.name), n.id limit ${PICK_LIMIT}`,
  );
  return rows.map((row) => ({ ...toItem({ ...row }), children_count: undefined, schools_count: undefined }));
}

export async function getRegion(db: Db, level: GeographyLevel, id: number, scope: RegionScope): Promise<RegionItem> {
  const spec = LEVELS[level];
  const where = whereClause([...conditions(level, {}, scope), sql`n.id = ${id}`]);
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select x.*, ${spec.childCount} as children_count,
          (select count(*) from schools sc where sc.${spec.schoolColumn} = x.id) as schools_count
        from (${spec.select}${where}) x`,
  );
  if (!row) throw new ApiError(404, `${capitalise(spec.label)} not found`);
  return toItem(row);
}

export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The PostgreSQL error code behind a failed statement, through drizzle's wrapping. */
export function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
