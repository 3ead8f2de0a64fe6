/**
 * What part of the country a coordinator's figures cover (docs/domain.md, "Region scoping";
 * decision 019): its assignments, and the regions and schools at or below them. Admins (and LMS,
 * pay support) see the country. Also the reverse: the coordinators whose assignments cover a school.
 */
import { inGroup, ROLE_GROUPS } from "@repo/auth/roles";
import { type DbOrTx, queryRows } from "@repo/db";
import { primaryOf } from "@repo/db/read-replica";
import { type SQL, sql } from "drizzle-orm";
import { ApiError } from "../../kernel/http/errors";
import { idsIn } from "../../kernel/sql";
import { isActiveExamYear, NO_OPEN_EXAM_YEAR } from "../programme/exam-year";

export interface RegionViewer {
  userId: number;
  roleId: number;
}

/** The viewer's assigned nodes by level; null for a viewer who sees the whole country. */
export interface Assignments {
  zones: number[];
  states: number[];
  prants: number[];
  districts: number[];
}

/**
 * The open exam year and the viewer's regions (null for the whole country), in one round trip:
 * every region list, card and chart starts here, and on a busy server each query's round trip
 * costs more than its work (decision 019).
 */
export async function regionContext(
  db: DbOrTx,
  viewer: RegionViewer,
): Promise<{ year: { id: number; label: string }; assigned: Assignments | null }> {
  const scoped = inGroup(ROLE_GROUPS.coordinators, viewer.roleId);
  const [row] = await queryRows<{
    id: number;
    label: string;
    assignments: [number | null, number | null, number | null, number | null][] | null;
  }>(
    // Who sees what is read on the primary, even for a report on the replica (decision 067).
    primaryOf(db),
    sql`select y.id, y.label, ${
      scoped
        ? sql`(select json_agg(json_build_array(zone_id, state_id, prant_id, district_id)) from coordinator_assignments
            where user_id = ${viewer.userId})`
        : sql`null`
    } as assignments from exam_years y where ${isActiveExamYear}`,
  );
  if (!row) throw new ApiError(409, NO_OPEN_EXAM_YEAR);
  const year = { id: Number(row.id), label: row.label };
  if (!scoped) return { year, assigned: null };
  return { year, assigned: assignmentsOf(row.assignments ?? []) };
}

/** Assignments from their rows of [zone, state, prant, district] ids, one of them set. */
export function assignmentsOf(rows: readonly (readonly (number | null)[])[]): Assignments {
  const pick = (index: number) => rows.flatMap((ids) => (ids[index] == null ? [] : [Number(ids[index])]));
  return { zones: pick(0), states: pick(1), prants: pick(2), districts: pick(3) };
}

/**
 * Rows of `alias` (a table with zone_id … district_id) inside the assignments. `ids` writes each
 * list: inline (idsIn), or bound as one array (idsAny) in a prepared statement's text. Inline
 * for the student lists: with the array form their plans went wrong (131 ms a page, decision 042).
 */
export function assignedSql(alias: string, assigned: Assignments | null, ids: typeof idsIn = idsIn): SQL {
  if (!assigned) return sql`true`;
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  const parts = [
    assigned.zones.length ? ids(column("zone_id"), assigned.zones) : null,
    assigned.states.length ? ids(column("state_id"), assigned.states) : null,
    assigned.prants.length ? ids(column("prant_id"), assigned.prants) : null,
    assigned.districts.length ? ids(column("district_id"), assigned.districts) : null,
  ].filter((part): part is SQL => part !== null);
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/**
 * Whether the coordinator assignment `a` covers a row of `alias` (a school `sc`, or a student `s`,
 * which keeps its school's region or the one it chose): the row lies in its zone, state, prant or district.
 */
export const assignmentCovers = (alias: "sc" | "s" = "sc"): SQL => {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return sql`(a.zone_id = ${column("zone_id")} or a.state_id = ${column("state_id")}
    or a.prant_id = ${column("prant_id")} or a.district_id = ${column("district_id")})`;
};

/** The rows of `alias` (schools `sc` by default) a coordinator's assignments cover, as a condition. */
export const coveredBy = (coordinatorUserId: number, alias: "sc" | "s" = "sc"): SQL =>
  sql`exists (select 1 from coordinator_assignments a where a.user_id = ${coordinatorUserId} and ${assignmentCovers(alias)})`;

/**
 * The active coordinators (roles 8-11) whose assignments cover the schools `schools` (a condition
 * on `sc`): `from … where …` with the assignment `a`, the coordinator `u`, the school `sc` and the
 * assigned node (`z`, `st`, `p`, `d`; one of them set). One row per assignment and school; the
 * caller selects and groups.
 */
export const coordinatorsCovering = (schools: SQL): SQL => sql`from coordinator_assignments a
  join users u on u.id = a.user_id
  join schools sc on ${assignmentCovers()}
  left join zones z on z.id = a.zone_id
  left join states st on st.id = a.state_id
  left join prants p on p.id = a.prant_id
  left join districts d on d.id = a.district_id
  where ${schools} and u.is_active and ${idsIn(sql`u.role_id`, ROLE_GROUPS.coordinators)}`;
