import { ROLE, ROLE_GROUPS } from "@repo/auth/roles";
import type { CoordinatorItem, CoordinatorListBody } from "@repo/contracts/coordinators";
import { type Page, pageOf } from "@repo/contracts/pagination";
import { type DbOrTx, queryRows } from "@repo/db";
import { type SQL, sql } from "drizzle-orm";
import type { RegionScope } from "./scope";
import { containing, idsIn } from "./sql";

/**
 * Which coordinator levels a role may list: admins all four, a coordinator only the levels below
 * its own (docs/domain.md, Who may do what).
 */
export function listableCoordinatorRoles(roleId: number): number[] {
  const levels: readonly number[] = ROLE_GROUPS.coordinators;
  if (roleId === ROLE.admin || roleId === ROLE.subAdmin) return [...levels];
  const own = levels.indexOf(roleId);
  return own === -1 ? [] : levels.slice(own + 1);
}

/**
 * Coordinators with their assignments. A coordinator is in a region when one of its assignments
 * is: the filters and the caller's scope are applied to the assigned nodes' ancestry.
 */
export async function listCoordinators(
  db: DbOrTx,
  body: CoordinatorListBody,
  viewer: { roleId: number },
  scope: RegionScope,
): Promise<Page<CoordinatorItem>> {
  const roles = listableCoordinatorRoles(viewer.roleId).filter((r) => body.role_id === undefined || r === body.role_id);
  // The node each assignment points at, with its zone/state/prant/district ancestry.
  const placed = sql`
    select a.user_id,
      coalesce(a.zone_id, s.zone_id, ps.zone_id, dps.zone_id) as zone_id,
      coalesce(a.state_id, p.state_id, dp.state_id) as state_id,
      coalesce(a.prant_id, d.prant_id) as prant_id,
      a.district_id
    from coordinator_assignments a
    left join states s on s.id = a.state_id
    left join prants p on p.id = a.prant_id
    left join states ps on ps.id = p.state_id
    left join districts d on d.id = a.district_id
    left join prants dp on dp.id = d.prant_id
    left join states dps on dps.id = dp.state_id`;
  const region: SQL[] = [];
  if (body.zone_id !== undefined) region.push(sql`pl.zone_id = ${body.zone_id}`);
  if (body.state_ids?.length) region.push(idsIn(sql`pl.state_id`, body.state_ids));
  if (body.prant_ids?.length) region.push(idsIn(sql`pl.prant_id`, body.prant_ids));
  if (body.district_ids?.length) region.push(idsIn(sql`pl.district_id`, body.district_ids));
  if (!scope.all) {
    // Within the viewer's region: the assigned node must be at or below one of the viewer's nodes,
    // which the scope's sets express level by level (the node's own level decides which set).
    region.push(sql`(
      (pl.district_id is not null and ${idsIn(sql`pl.district_id`, scope.districts)})
      or (pl.district_id is null and pl.prant_id is not null and ${idsIn(sql`pl.prant_id`, scope.prants)})
      or (pl.district_id is null and pl.prant_id is null and pl.state_id is not null and ${idsIn(sql`pl.state_id`, scope.states)})
    )`);
  }
  const where: SQL[] = [idsIn(sql`u.role_id`, roles)];
  if (body.search) {
    const like = containing(body.search);
    where.push(sql`(u.username ilike ${like} or u.name ilike ${like} or u.email ilike ${like})`);
  }
  if (body.is_active !== undefined) where.push(sql`u.is_active = ${body.is_active}`);
  if (region.length > 0) {
    where.push(sql`exists (select 1 from (${placed}) pl where pl.user_id = u.id and ${sql.join(region, sql` and `)})`);
  }
  const condition = sql.join(where, sql` and `);
  const [counted] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users u where ${condition}`);
  const rows = await queryRows<{
    id: number;
    username: string;
    name: string;
    email: string;
    role_id: number;
    is_active: boolean;
    mobile: string | null;
    last_login_at: string | Date | null;
    assignments: { level: string; id: number; name: string }[] | string | null;
  }>(
    db,
    sql`select u.id, u.username, u.name, u.email, u.role_id, u.is_active, u.mobile, u.last_login_at,
          (select coalesce(json_agg(json_build_object(
              'level', case when a.zone_id is not null then 'zone' when a.state_id is not null then 'state'
                            when a.prant_id is not null then 'prant' else 'district' end,
              'id', coalesce(a.zone_id, a.state_id, a.prant_id, a.district_id),
              'name', coalesce(z.name, s.name, p.name, d.name)) order by a.id), '[]'::json)
           from coordinator_assignments a
           left join zones z on z.id = a.zone_id left join states s on s.id = a.state_id
           left join prants p on p.id = a.prant_id left join districts d on d.id = a.district_id
           where a.user_id = u.id) as assignments
        from users u
        where ${condition}
        order by lower(u.name), u.id
        limit ${body.per_page} offset ${(body.page - 1) * body.per_page}`,
  );
  const items = rows.map((row) => ({
    id: Number(row.id),
    username: row.username,
    name: row.name,
    email: row.email,
    role_id: Number(row.role_id),
    is_active: row.is_active,
    mobile: row.mobile,
    last_login_at: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
    assignments: typeof row.assignments === "string" ? JSON.parse(row.assignments) : (row.assignments ?? []),
  }));
  return pageOf(items, Number(counted?.n ?? 0), body.page, body.per_page);
}
