import { inGroup, ROLE_GROUPS } from "@repo/auth/roles";
import { type DbOrTx, queryRowsPrepared } from "@repo/db";
import { primaryOf } from "@repo/db/read-replica";
import { sql } from "drizzle-orm";
import { type Assignments, assignmentsOf } from "./region-scope";

/**
 * What part of the geography a user sees (docs/domain.md, Region scoping). Admins, LMS, pay support and every
 * non-coordinator role see the whole tree (schools need it to register); a coordinator sees the
 * nodes at or below its assignments, plus their ancestors so that pickers can show the path.
 */
export type RegionScope =
  | { all: true }
  | {
      all: false;
      zones: Set<number>;
      states: Set<number>;
      prants: Set<number>;
      /** Districts at or below an assignment; their cities are visible too. */
      districts: Set<number>;
      /** The assigned nodes themselves: records and figures count only what lies at or below them. */
      assigned: Assignments;
    };

export const ALL_REGIONS: RegionScope = { all: true };

export async function regionScopeFor(db: DbOrTx, user: { userId: number; roleId: number }): Promise<RegionScope> {
  if (!inGroup(ROLE_GROUPS.coordinators, user.roleId)) return ALL_REGIONS;
  // Every root-to-district path of the tree that passes through an assigned node (the assigned
  // nodes, everything below them, and their ancestors), and the assignments themselves: one round
  // trip, since every request of a coordinator to a region list starts here; prepared, so each
  // connection plans it once.
  type Ids = [number | null, number | null, number | null, number | null][];
  const [row] = await queryRowsPrepared<{ paths: Ids | string | null; assigned: Ids | string | null }>(
    // On the primary, even for a report on the replica (decision 067).
    primaryOf(db),
    sql`
      with a as (select zone_id, state_id, prant_id, district_id from coordinator_assignments where user_id = ${user.userId})
      select
        (select json_agg(json_build_array(z.id, s.id, p.id, d.id))
          from zones z
          left join states s on s.zone_id = z.id
          left join prants p on p.state_id = s.id
          left join districts d on d.prant_id = p.id
          where exists (
            select 1 from a
            where a.zone_id = z.id or a.state_id = s.id or a.prant_id = p.id or a.district_id = d.id
          )) as paths,
        (select json_agg(json_build_array(zone_id, state_id, prant_id, district_id)) from a) as assigned`,
  );
  // Parsed by the driver, or json text.
  const parsed = (value: Ids | string | null | undefined): Ids =>
    typeof value === "string" ? (JSON.parse(value) as Ids) : (value ?? []);
  const scope = {
    all: false as const,
    zones: new Set<number>(),
    states: new Set<number>(),
    prants: new Set<number>(),
    districts: new Set<number>(),
    assigned: assignmentsOf(parsed(row?.assigned)),
  };
  for (const [zone, state, prant, district] of parsed(row?.paths)) {
    scope.zones.add(Number(zone));
    if (state !== null) scope.states.add(Number(state));
    if (prant !== null) scope.prants.add(Number(prant));
    // Districts are the lowest assignable level, so every one here is at or below an assignment
    // and its cities are visible too.
    if (district !== null) scope.districts.add(Number(district));
  }
  return scope;
}
