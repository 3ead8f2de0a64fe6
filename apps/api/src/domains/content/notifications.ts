import { ROLE } from "@repo/auth/roles";
import type {
  NotificationAdminItem,
  NotificationBody,
  NotificationItem,
  NotificationListQuery,
} from "@repo/contracts/content-notices";
import { type Page, pageOf } from "@repo/contracts/pagination";
import { type DbOrTx, queryRows } from "@repo/db";
import { districts, notificationReads, notifications, states, zones } from "@repo/db/schema";
import { sanitizeHtml } from "@repo/ui/sanitize";
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import { type Actor, recordActivity } from "../../kernel/activity";
import { ApiError, invalidField, notFound } from "../../kernel/http/errors";
import { containing } from "../../kernel/sql";

/** Who reads notifications: a school account or a student, by its user id and role. */
export interface NotificationReader {
  userId: number;
  roleId: number;
}

/**
 * The notifications `reader` may see now, as a condition on `notifications n`: addressed to its
 * role, inside the publish window, and for everywhere or for a zone, state or district that holds
 * one of its schools (a master institute's: any of its schools; a student's: itself).
 */
function audienceOf(reader: NotificationReader): SQL {
  const inRegion = (alias: string) =>
    sql.raw(
      `(${alias}.zone_id = any(n.zone_ids) or ${alias}.state_id = any(n.state_ids) or ${alias}.district_id = any(n.district_ids))`,
    );
  // A student is in its own region (an individual student has no school); a school account in its schools'.
  const readerInRegion =
    reader.roleId === ROLE.student
      ? sql`exists (select 1 from students s where s.id = (select u.student_id from users u where u.id = ${reader.userId})
          and ${inRegion("s")})`
      : sql`exists (select 1 from schools sc where ${
          reader.roleId === ROLE.masterInstitute
            ? sql`sc.master_institute_id = (select u.master_institute_id from users u where u.id = ${reader.userId})`
            : sql`sc.id = (select u.school_id from users u where u.id = ${reader.userId})`
        } and ${inRegion("sc")})`;
  return sql`${reader.roleId}::int = any(n.roles)
    and n.publish_from <= now() and (n.publish_until is null or n.publish_until > now())
    and (
      (cardinality(n.zone_ids) = 0 and cardinality(n.state_ids) = 0 and cardinality(n.district_ids) = 0)
      or ${readerInRegion}
    )`;
}

const unreadBy = (userId: number) =>
  sql`not exists (select 1 from notification_reads r where r.user_id = ${userId} and r.notification_id = n.id)`;

/** The header's bell: one statement over the live notifications (notifications_publish_idx) and the reads' key. */
export async function unreadNotifications(db: DbOrTx, reader: NotificationReader): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from notifications n where ${audienceOf(reader)} and ${unreadBy(reader.userId)}`,
  );
  return Number(row?.n ?? 0);
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The reader's notifications, newest first, with when each was read, and the unread count. */
export async function listMyNotifications(
  db: DbOrTx,
  reader: NotificationReader,
  query: Pick<NotificationListQuery, "page" | "per_page">,
): Promise<Page<NotificationItem> & { unread: number }> {
  const offset = (query.page - 1) * query.per_page;
  const [rows, [counts]] = await Promise.all([
    queryRows<{ id: number; title: string; body: string; publish_from: Date | string; read_at: Date | string | null }>(
      db,
      sql`select n.id, n.title, n.body, n.publish_from, r.read_at
          from notifications n
          left join notification_reads r on r.notification_id = n.id and r.user_id = ${reader.userId}
          where ${audienceOf(reader)}
          order by n.publish_from desc, n.id desc
          limit ${query.per_page} offset ${offset}`,
    ),
    queryRows<{ total: number; unread: number }>(
      db,
      sql`select count(*)::int as total, count(*) filter (where ${unreadBy(reader.userId)})::int as unread
          from notifications n where ${audienceOf(reader)}`,
    ),
  ]);
  const items = rows.map((row) => ({
    id: Number(row.id),
    title: row.title,
    body: row.body,
    publish_from: new Date(row.publish_from).toISOString(),
    read_at: iso(row.read_at),
  }));
  return {
    ...pageOf(items, Number(counts?.total ?? 0), query.page, query.per_page),
    unread: Number(counts?.unread ?? 0),
  };
}

/** Marks one of the reader's notifications read (again is fine); one it may not see is a 404. */
export async function markNotificationRead(db: DbOrTx, reader: NotificationReader, id: number): Promise<void> {
  const [visible] = await queryRows<{ id: number }>(
    db,
    sql`select n.id from notifications n where n.id = ${id} and ${audienceOf(reader)}`,
  );
  if (!visible) throw notFound("Notification");
  await db.insert(notificationReads).values({ userId: reader.userId, notificationId: id }).onConflictDoNothing();
}

/** Marks every notification the reader sees now as read; answers how many were unread. */
export async function markAllNotificationsRead(db: DbOrTx, reader: NotificationReader): Promise<number> {
  const rows = await queryRows<{ notification_id: number }>(
    db,
    sql`insert into notification_reads (user_id, notification_id)
        select ${reader.userId}, n.id from notifications n where ${audienceOf(reader)} and ${unreadBy(reader.userId)}
        on conflict do nothing
        returning notification_id`,
  );
  return rows.length;
}

// ---- Admins ------------------------------------------------------------------------------------

interface AdminRow {
  id: number;
  title: string;
  body: string;
  roles: number[] | string;
  zone_ids: number[] | string;
  state_ids: number[] | string;
  district_ids: number[] | string;
  publish_from: Date | string;
  publish_until: Date | string | null;
  status: "scheduled" | "live" | "ended";
  read_count: number;
  created_by: string | null;
  updated_at: Date | string;
}

/** An int[] as either driver returns it (an array, or PostgreSQL's `{1,2}` text). */
const intArray = (value: number[] | string): number[] =>
  Array.isArray(value) ? value.map(Number) : value.replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);

const ADMIN_COLUMNS = sql`n.id, n.title, n.body, n.roles, n.zone_ids, n.state_ids, n.district_ids, n.publish_from,
  n.publish_until, n.updated_at, u.name as created_by,
  case when n.publish_from > now() then 'scheduled'
       when n.publish_until is not null and n.publish_until <= now() then 'ended'
       else 'live' end as status,
  (select count(*)::int from notification_reads r where r.notification_id = n.id) as read_count`;

/** Names of the regions the rows mention, looked up once per level. */
async function withRegionNames(db: DbOrTx, rows: AdminRow[]): Promise<NotificationAdminItem[]> {
  const wanted = { zone: new Set<number>(), state: new Set<number>(), district: new Set<number>() };
  for (const row of rows) {
    for (const id of intArray(row.zone_ids)) wanted.zone.add(id);
    for (const id of intArray(row.state_ids)) wanted.state.add(id);
    for (const id of intArray(row.district_ids)) wanted.district.add(id);
  }
  const lookup = async (table: typeof zones | typeof states | typeof districts, ids: Set<number>) =>
    ids.size === 0
      ? new Map<number, string>()
      : new Map(
          (
            await db
              .select({ id: table.id, name: table.name })
              .from(table)
              .where(inArray(table.id, [...ids]))
          ).map((r) => [r.id, r.name] as const),
        );
  const [zoneNames, stateNames, districtNames] = await Promise.all([
    lookup(zones, wanted.zone),
    lookup(states, wanted.state),
    lookup(districts, wanted.district),
  ]);
  const refs = (ids: number[], names: Map<number, string>) =>
    ids.map((id) => ({ id, name: names.get(id) ?? `#${id}` }));
  return rows.map((row) => ({
    id: Number(row.id),
    title: row.title,
    body: row.body,
    roles: intArray(row.roles),
    zones: refs(intArray(row.zone_ids), zoneNames),
    states: refs(intArray(row.state_ids), stateNames),
    districts: refs(intArray(row.district_ids), districtNames),
    publish_from: new Date(row.publish_from).toISOString(),
    publish_until: iso(row.publish_until),
    status: row.status,
    read_count: Number(row.read_count),
    created_by: row.created_by,
    updated_at: new Date(row.updated_at).toISOString(),
  }));
}

/** Every notification, newest window first, searched by title. */
export async function listNotifications(
  db: DbOrTx,
  query: NotificationListQuery,
): Promise<Page<NotificationAdminItem>> {
  const where = query.search ? sql`n.title ilike ${containing(query.search)}` : sql`true`;
  const [rows, [count]] = await Promise.all([
    queryRows<AdminRow>(
      db,
      sql`select ${ADMIN_COLUMNS} from notifications n left join users u on u.id = n.created_by
          where ${where} order by n.publish_from desc, n.id desc
          limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from notifications n where ${where}`),
  ]);
  return pageOf(await withRegionNames(db, rows), Number(count?.n ?? 0), query.page, query.per_page);
}

export async function getNotification(db: DbOrTx, id: number): Promise<NotificationAdminItem> {
  const rows = await queryRows<AdminRow>(
    db,
    sql`select ${ADMIN_COLUMNS} from notifications n left join users u on u.id = n.created_by where n.id = ${id}`,
  );
  const [item] = await withRegionNames(db, rows);
  if (!item) throw notFound("Notification");
  return item;
}

/** The body's regions must exist: an unknown id is a 422 on its list. */
async function checkRegions(db: DbOrTx, input: NotificationBody) {
  const levels = [
    { field: "zone_ids", table: zones, ids: input.zone_ids, label: "zone" },
    { field: "state_ids", table: states, ids: input.state_ids, label: "state" },
    { field: "district_ids", table: districts, ids: input.district_ids, label: "district" },
  ] as const;
  for (const level of levels) {
    const ids = [...new Set(level.ids)];
    if (ids.length === 0) continue;
    const found = await db.select({ id: level.table.id }).from(level.table).where(inArray(level.table.id, ids));
    const missing = ids.filter((id) => !found.some((row) => row.id === id));
    if (missing.length > 0) {
      throw invalidField(level.field, `There is no ${level.label} with id ${missing.join(", ")}`);
    }
  }
}

/** The stored values of a body: sanitised text, de-duplicated lists. A body that is empty once cleaned is refused. */
function valuesOf(input: NotificationBody) {
  const body = sanitizeHtml(input.body);
  if (
    !body
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;/g, " ")
      .trim() &&
    !/<img\b/.test(body)
  ) {
    throw invalidField("body", "Write the notification's text");
  }
  return {
    title: input.title,
    body,
    roles: [...new Set(input.roles)].sort((a, b) => a - b),
    zoneIds: [...new Set(input.zone_ids)],
    stateIds: [...new Set(input.state_ids)],
    districtIds: [...new Set(input.district_ids)],
    publishFrom: new Date(input.publish_from),
    publishUntil: input.publish_until ? new Date(input.publish_until) : null,
  };
}

export async function createNotification(db: DbOrTx, input: NotificationBody, actor: Actor): Promise<number> {
  const values = valuesOf(input);
  await checkRegions(db, input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(notifications)
      .values({ ...values, createdBy: actor.userId })
      .returning({ id: notifications.id });
    if (!row) throw new ApiError(500, "The notification was not saved");
    await recordActivity(tx, {
      userId: actor.userId,
      action: "notification.create",
      entity: "notifications",
      entityId: row.id,
      after: values,
      requestId: actor.requestId,
    });
    return row.id;
  });
}

export async function updateNotification(db: DbOrTx, id: number, input: NotificationBody, actor: Actor): Promise<void> {
  const values = valuesOf(input);
  await checkRegions(db, input);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(notifications).where(eq(notifications.id, id)).for("update");
    if (!before) throw notFound("Notification");
    await tx
      .update(notifications)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(notifications.id, id));
    await recordActivity(tx, {
      userId: actor.userId,
      action: "notification.update",
      entity: "notifications",
      entityId: id,
      before,
      after: values,
      requestId: actor.requestId,
    });
  });
}

export async function deleteNotification(db: DbOrTx, id: number, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(notifications).where(eq(notifications.id, id)).returning();
    if (!before) throw notFound("Notification");
    await recordActivity(tx, {
      userId: actor.userId,
      action: "notification.delete",
      entity: "notifications",
      entityId: id,
      before,
      requestId: actor.requestId,
    });
  });
}
