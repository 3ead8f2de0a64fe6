import { inGroup, ROLE_GROUPS } from "@repo/auth/roles";
import { type DbOrTx, queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import type { Assignments } from "./region-lists";

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
  // Every root-to-district path of the tree that passes through an assigned node: that is the
  // assigned nodes, everything below them, and their ancestors.
  const rows = await queryRows<{
    zone_id: number;
    state_id: number | null;
    prant_id: number | null;
    district_id: number | null;
  }>(
    db,
    sql`
      with a as (select zone_id, state_id, prant_id, district_id from coordinator_assignments where user_id = ${user.userId})
      select z.id as zone_id, s.id as state_id, p.id as prant_id, d.id as district_id
      from zones z
      left join states s on s.zone_id = z.id
      left join prants p on p.state_id = s.id
      left join districts d on d.prant_id = p.id
      where exists (
        select 1 from a
        where a.zone_id = z.id or a.state_id = s.id or a.prant_id = p.id or a.district_id = d.id
      )`,
  );
  const assignments = await queryRows<{
    zone_id: number | null;
    state_id: number | null;
    prant_id: number | null;
    district_id: number | null;
  }>(
    db,
    sql`select zone_id, state_id, prant_id, district_id from coordinator_assignments where user_id = ${user.userId}`,
  );
  const pick = (column: keyof (typeof assignments)[number]) =>
    assignments.flatMap((a) => (a[column] === null ? [] : [Number(a[column])]));
  const scope = {
    all: false as const,
    zones: new Set<number>(),
    states: new Set<number>(),
    prants: new Set<number>(),
    districts: new Set<number>(),
    assigned: {
      zones: pick("zone_id"),
      states: pick("state_id"),
      prants: pick("prant_id"),
      districts: pick("district_id"),
    },
  };
  for (const row of rows) {
    scope.zones.add(row.zone_id);
    if (row.state_id !== null) scope.states.add(row.state_id);
    if (row.prant_id !== null) scope.prants.add(row.prant_id);
    // Districts are the lowest assignable level, so every one here is at or below an assignment
    // and its cities are visible too.
    if (row.district_id !== null) scope.districts.add(row.district_id);
  }
  return scope;
}
