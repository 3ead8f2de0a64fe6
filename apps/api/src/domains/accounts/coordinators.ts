import { hashPassword } from "@repo/auth/password";
import { getRole, ROLE, ROLE_GROUPS } from "@repo/auth/roles";
import type {
  CoordinatorCreateBody,
  CoordinatorItem,
  CoordinatorListBody,
  CoordinatorUpdateBody,
} from "@repo/contracts/coordinators";
import { COORDINATOR_LEVEL, type CoordinatorRoleId } from "@repo/contracts/coordinators-constants";
import { type Page, pageOf } from "@repo/contracts/pagination";
import { type Db, type DbOrTx, queryRows, queryRowsPrepared } from "@repo/db";
import { sessions, users } from "@repo/db/schema";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { recordActivity } from "../../kernel/activity";
import { ApiError, invalidField, notFound } from "../../kernel/http/errors";
import { containing, idsAny, idsIn, pageTotal } from "../../kernel/sql";
import { DEPTH, under } from "../geography/geography";
import type { RegionScope } from "../geography/scope";
import { mailCredentials } from "../institutes/institute-schools";
import { temporaryPassword } from "../students/students";

/** The levels a coordinator can be assigned at, from the top. */
const ASSIGNED_LEVELS = ["zone", "state", "prant", "district"] as const;

/**
 * Which coordinator roles a role may list and manage (docs/domain.md, Who may do what): Admin and
 * Sub Admin all of them, the Organization Team ("organizing coordinators") included; a coordinator
 * only the levels below its own, in its region.
 */
export function listableCoordinatorRoles(roleId: number): number[] {
  const levels: readonly number[] = ROLE_GROUPS.coordinators;
  if (roleId === ROLE.admin || roleId === ROLE.subAdmin) return [ROLE.organizationTeam, ...levels];
  const own = levels.indexOf(roleId);
  return own === -1 ? [] : levels.slice(own + 1);
}

/**
 * The users a viewer sees as coordinators, narrowed by a list's filters: of a role it may list, and
 * in its region (a coordinator is in a region when one of its assignments is: the filters and the
 * viewer's scope are applied to the assigned nodes' ancestry). Shared by the list and by every
 * change, so that what a viewer cannot list it cannot change either (404).
 */
export function coordinatorCondition(
  body: Omit<CoordinatorListBody, "page" | "per_page"> & { user_id?: number },
  viewer: { roleId: number },
  scope: RegionScope,
): SQL {
  const roles = listableCoordinatorRoles(viewer.roleId).filter((r) => body.role_id === undefined || r === body.role_id);
  // Conditions on one assignment `a` (it points at exactly one node: assignments_one_node). A
  // region filter takes the assignments at or under the filter's nodes, climbing the tree from
  // the assigned node (geography.ts under) instead of joining every assignment with its ancestry.
  const assignedUnder = (ancestor: "zone" | "state" | "prant" | "district", test: (column: SQL) => SQL) =>
    sql`(${sql.join(
      ASSIGNED_LEVELS.filter((level) => DEPTH[level] >= DEPTH[ancestor]).map((level) =>
        under(level, sql`a.${sql.identifier(`${level}_id`)}`, ancestor, test),
      ),
      sql` or `,
    )})`;
  const region: SQL[] = [];
  const zoneId = body.zone_id;
  if (zoneId !== undefined) region.push(assignedUnder("zone", (column) => sql`${column} = ${zoneId}`));
  if (body.state_ids?.length) region.push(assignedUnder("state", (column) => idsAny(column, body.state_ids ?? [])));
  if (body.prant_ids?.length) region.push(assignedUnder("prant", (column) => idsAny(column, body.prant_ids ?? [])));
  if (body.district_ids?.length) {
    region.push(assignedUnder("district", (column) => idsAny(column, body.district_ids ?? [])));
  }
  if (!scope.all) {
    // Within the viewer's region: the assigned node is one of the scope's nodes of its own level
    // (the scope holds every node at or below the viewer's; a zone is never below a coordinator).
    region.push(sql`(${idsAny(sql`a.district_id`, scope.districts)} or ${idsAny(sql`a.prant_id`, scope.prants)}
      or ${idsAny(sql`a.state_id`, scope.states)})`);
  }
  const where: SQL[] = [idsAny(sql`u.role_id`, roles)];
  if (body.search) {
    const like = containing(body.search);
    where.push(sql`(u.username ilike ${like} or u.name ilike ${like} or u.email ilike ${like})`);
  }
  if (body.is_active !== undefined) where.push(sql`u.is_active = ${body.is_active}`);
  if (region.length > 0) {
    where.push(
      sql`exists (select 1 from coordinator_assignments a where a.user_id = u.id and ${sql.join(region, sql` and `)})`,
    );
  }
  if (body.user_id !== undefined) where.push(sql`u.id = ${body.user_id}`);
  return sql.join(where, sql` and `);
}

/**
 * Coordinators with their assignments. A coordinator is in a region when one of its assignments
 * is: the filters and the caller's scope are applied to the assigned nodes' ancestry.
 */
export async function listCoordinators(
  db: DbOrTx,
  body: CoordinatorListBody & { user_id?: number },
  viewer: { roleId: number },
  scope: RegionScope,
): Promise<Page<CoordinatorItem>> {
  const condition = coordinatorCondition(body, viewer, scope);
  // The page's ids first, with the total as a window over the matches: one round trip, and the
  // assignments are built for the page's rows only (built before the offset, page 50 built 500).
  const rows = await queryRowsPrepared<{
    id: number;
    username: string;
    name: string;
    email: string;
    role_id: number;
    is_active: boolean;
    mobile: string | null;
    last_login_at: string | Date | null;
    assignments: { level: string; id: number; name: string }[] | string | null;
    total: number | string;
  }>(
    db,
    sql`with page as (
          select u.id, count(*) over () as total from users u where ${condition}
          order by lower(u.name), u.id
          limit ${body.per_page} offset ${(body.page - 1) * body.per_page}
        ), assigned as (
          -- The page's assignments in one grouped pass (a subquery per row joined the regions
          -- again for each coordinator).
          select a.user_id, json_agg(json_build_object(
              'level', case when a.zone_id is not null then 'zone' when a.state_id is not null then 'state'
                            when a.prant_id is not null then 'prant' else 'district' end,
              'id', coalesce(a.zone_id, a.state_id, a.prant_id, a.district_id),
              'name', coalesce(z.name, s.name, p.name, d.name)) order by a.id) as assignments
          from coordinator_assignments a
          left join zones z on z.id = a.zone_id left join states s on s.id = a.state_id
          left join prants p on p.id = a.prant_id left join districts d on d.id = a.district_id
          where a.user_id in (select id from page)
          group by a.user_id
        )
        select u.id, u.username, u.name, u.email, u.role_id, u.is_active, u.mobile, u.last_login_at, page.total,
          coalesce(assigned.assignments, '[]'::json) as assignments
        from page join users u on u.id = page.id left join assigned on assigned.user_id = u.id
        order by lower(u.name), u.id`,
  );
  const total = await pageTotal(rows, body.page, async () => {
    const [counted] = await queryRowsPrepared<{ n: number }>(
      db,
      sql`select count(*)::int as n from users u where ${condition}`,
    );
    return Number(counted?.n ?? 0);
  });
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
  return pageOf(items, total, body.page, body.per_page);
}

/** One coordinator the viewer may see, as the list shows it; 404 for any other id. */
export async function coordinatorById(
  db: DbOrTx,
  viewer: { roleId: number },
  scope: RegionScope,
  id: number,
): Promise<CoordinatorItem> {
  const found = await listCoordinators(db, { page: 1, per_page: 1, user_id: id }, viewer, scope);
  const item = found.items[0];
  if (!item) throw notFound("Coordinator");
  return item;
}

const LEVEL_TABLE = { zone: "zones", state: "states", prant: "prants", district: "districts" } as const;
const LEVEL_COLUMN = { zone: "zone_id", state: "state_id", prant: "prant_id", district: "district_id" } as const;

/**
 * The regions a coordinator of `roleId` is to be assigned to, checked: the Organization Team has
 * none; a region coordinator has at least one, each an existing node of its level inside the
 * viewer's region. Refusals name the field.
 */
async function checkedRegions(
  db: DbOrTx,
  roleId: CoordinatorRoleId,
  regionIds: readonly number[],
  scope: RegionScope,
): Promise<number[]> {
  const level = COORDINATOR_LEVEL[roleId];
  const ids = [...new Set(regionIds)];
  if (level === null) {
    if (ids.length > 0)
      throw invalidField("region_ids", "The Organization Team has no regions of its own: choose none");
    return [];
  }
  if (ids.length === 0) throw invalidField("region_ids", `Choose at least one ${level} for this coordinator`);
  const found = await queryRows<{ id: number }>(
    db,
    sql`select id from ${sql.raw(LEVEL_TABLE[level])} where ${idsIn(sql`id`, ids)}`,
  );
  const known = new Set(found.map((r) => Number(r.id)));
  const inScope = scope.all ? known : new Set([...known].filter((id) => scopeSet(scope, level).has(id)));
  const missing = ids.filter((id) => !inScope.has(id));
  if (missing.length > 0) {
    throw invalidField("region_ids", `These ${level} numbers are not regions you manage: ${missing.join(", ")}`);
  }
  return ids;
}

function scopeSet(scope: Exclude<RegionScope, { all: true }>, level: "zone" | "state" | "prant" | "district") {
  return level === "zone"
    ? scope.zones
    : level === "state"
      ? scope.states
      : level === "prant"
        ? scope.prants
        : scope.districts;
}

/** The role a viewer may give: one it may list (a coordinator: only the levels below its own). */
function checkedRole(viewer: { roleId: number }, roleId: CoordinatorRoleId): CoordinatorRoleId {
  if (!listableCoordinatorRoles(viewer.roleId).includes(roleId)) {
    throw new ApiError(403, "You can create and change coordinators of the levels below your own only.", [
      { field: "role_id", message: "You can manage only the levels below your own" },
    ]);
  }
  return roleId;
}

async function assign(tx: DbOrTx, userId: number, roleId: CoordinatorRoleId, regionIds: readonly number[]) {
  await tx.execute(sql`delete from coordinator_assignments where user_id = ${userId}`);
  const level = COORDINATOR_LEVEL[roleId];
  if (level === null || regionIds.length === 0) return;
  await tx.execute(sql`insert into coordinator_assignments (user_id, ${sql.raw(LEVEL_COLUMN[level])})
    select ${userId}, id from unnest(${`{${regionIds.join(",")}}`}::int[]) as id`);
}

/** 409 naming the field when another user has the username or the e-mail address. */
async function checkUnique(db: DbOrTx, fields: { username?: string; email: string }, exceptUserId?: number) {
  const rows = await queryRows<{ username: string; email: string }>(
    db,
    sql`select username, email from users
        where (lower(email) = lower(${fields.email})
          ${fields.username ? sql`or lower(username) = lower(${fields.username})` : sql``})
          ${exceptUserId ? sql`and id <> ${exceptUserId}` : sql``}
        limit 2`,
  );
  if (fields.username && rows.some((r) => r.username.toLowerCase() === fields.username?.toLowerCase())) {
    throw new ApiError(409, "This username is taken: choose another.", [
      { field: "username", message: "This username is taken: choose another" },
    ]);
  }
  if (rows.some((r) => r.email.toLowerCase() === fields.email.toLowerCase())) {
    throw new ApiError(409, "Another account uses this e-mail address.", [
      { field: "email", message: "Another account uses this e-mail address" },
    ]);
  }
}

export interface CoordinatorViewer {
  roleId: number;
  userId: number;
  requestId: string;
}

/**
 * coordinators/add: a new coordinator of a level below the viewer's, assigned to regions of that
 * level inside the viewer's region. Its password is made here and mailed to it with the sign-in
 * address; it exists nowhere else.
 */
export async function createCoordinator(
  db: Db,
  viewer: CoordinatorViewer,
  scope: RegionScope,
  body: CoordinatorCreateBody,
  loginUrl: string,
): Promise<CoordinatorItem> {
  const roleId = checkedRole(viewer, body.role_id);
  const id = await db.transaction(async (tx) => {
    const regions = await checkedRegions(tx, roleId, body.region_ids, scope);
    await checkUnique(tx, { username: body.username, email: body.email });
    const password = temporaryPassword();
    const [user] = await tx
      .insert(users)
      .values({
        username: body.username,
        email: body.email,
        name: body.name,
        fullName: body.name,
        roleId,
        mobile: body.mobile ?? null,
        passwordHash: await hashPassword(password),
      })
      .returning({ id: users.id });
    const userId = Number(user?.id);
    await assign(tx, userId, roleId, regions);
    const [creator] = await tx.select({ name: users.name }).from(users).where(eq(users.id, viewer.userId));
    await mailCredentials(tx, {
      name: body.name,
      accountKind: `${getRole(roleId).name.toLowerCase()} account`,
      createdBy: creator?.name ?? "The programme office",
      to: body.email,
      username: body.username,
      password,
      loginUrl,
      queuedBy: viewer.userId,
    });
    await recordActivity(tx, {
      userId: viewer.userId,
      action: "coordinator.create",
      entity: "users",
      entityId: userId,
      after: { username: body.username, name: body.name, email: body.email, role_id: roleId, region_ids: regions },
      requestId: viewer.requestId,
    });
    return userId;
  });
  return coordinatorById(db, viewer, scope, id);
}

/** coordinators/update/{id}: name, e-mail, mobile, level and regions of a coordinator the viewer manages. */
export async function updateCoordinator(
  db: Db,
  viewer: CoordinatorViewer,
  scope: RegionScope,
  id: number,
  body: CoordinatorUpdateBody,
): Promise<CoordinatorItem> {
  const before = await coordinatorById(db, viewer, scope, id);
  const roleId = checkedRole(viewer, body.role_id);
  await db.transaction(async (tx) => {
    const regions = await checkedRegions(tx, roleId, body.region_ids, scope);
    await checkUnique(tx, { email: body.email }, id);
    await tx
      .update(users)
      .set({
        name: body.name,
        fullName: body.name,
        email: body.email,
        mobile: body.mobile ?? null,
        roleId,
        updatedAt: new Date(),
      })
      .where(eq(users.id, id));
    await assign(tx, id, roleId, regions);
    await recordActivity(tx, {
      userId: viewer.userId,
      action: "coordinator.update",
      entity: "users",
      entityId: id,
      before: {
        name: before.name,
        email: before.email,
        mobile: before.mobile,
        role_id: before.role_id,
        region_ids: before.assignments.map((a) => a.id),
      },
      after: { name: body.name, email: body.email, mobile: body.mobile ?? null, role_id: roleId, region_ids: regions },
      requestId: viewer.requestId,
    });
  });
  return coordinatorById(db, viewer, scope, id);
}

/** Switches a coordinator's sign-in on or off; off ends its sessions at once. */
export async function setCoordinatorActive(
  db: Db,
  viewer: CoordinatorViewer,
  scope: RegionScope,
  id: number,
  isActive: boolean,
): Promise<CoordinatorItem> {
  const before = await coordinatorById(db, viewer, scope, id);
  if (before.is_active === isActive) {
    throw new ApiError(
      409,
      isActive ? "This coordinator can already sign in." : "This coordinator is already switched off.",
    );
  }
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .update(users)
      .set(
        isActive
          ? { isActive: true, deactivatedAt: null, deactivationReason: null, deactivatedBy: null, updatedAt: now }
          : { isActive: false, deactivatedAt: now, deactivatedBy: viewer.userId, updatedAt: now },
      )
      .where(eq(users.id, id));
    if (!isActive) {
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
    }
    await recordActivity(tx, {
      userId: viewer.userId,
      action: isActive ? "coordinator.enable" : "coordinator.disable",
      entity: "users",
      entityId: id,
      before: { is_active: before.is_active },
      after: { is_active: isActive },
      requestId: viewer.requestId,
    });
  });
  return coordinatorById(db, viewer, scope, id);
}

/**
 * Deletes a coordinator who has left no trace: one who has signed in, or whose name is on recorded
 * work (the activity log, mail it queued), is kept for the record: 409, switch it off instead.
 */
export async function deleteCoordinator(db: Db, viewer: CoordinatorViewer, scope: RegionScope, id: number) {
  const before = await coordinatorById(db, viewer, scope, id);
  await db.transaction(async (tx) => {
    const [trace] = await queryRows<{ signed_in: boolean; acted: boolean; mailed: boolean }>(
      tx,
      sql`select (select last_login_at is not null from users where id = ${id}) as signed_in,
            exists (select 1 from activity_log where user_id = ${id}) as acted,
            exists (select 1 from mail_messages where queued_by = ${id}) as mailed`,
    );
    if (trace?.signed_in || trace?.acted || trace?.mailed) {
      throw new ApiError(
        409,
        `${before.name} has ${trace.signed_in ? "signed in" : "work on record"}, which must be kept: switch the coordinator off instead of deleting it.`,
      );
    }
    await tx.execute(sql`delete from coordinator_assignments where user_id = ${id}`);
    await tx.delete(users).where(eq(users.id, id));
    await recordActivity(tx, {
      userId: viewer.userId,
      action: "coordinator.delete",
      entity: "users",
      entityId: id,
      before: { username: before.username, name: before.name, role_id: before.role_id },
      requestId: viewer.requestId,
    });
  });
}
