import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./people";

/** The text of a static page (download app, level 1 exam, contact …), one row per module and key. */
export const staticPages = pgTable(
  "static_pages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    moduleName: text("module_name").notNull(),
    key: text("key").notNull(),
    /** Sanitised HTML from the rich-text editor. */
    body: text("body").notNull(),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("static_pages_module_key").on(t.moduleName, t.key)],
);

/**
 * A notification for schools, institutes and master institutes. The audience is roles and, when
 * any region list is non-empty, the schools in one of the listed zones, states or districts.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    /** Sanitised HTML. */
    body: text("body").notNull(),
    roles: integer("roles").array().notNull(),
    zoneIds: integer("zone_ids").array().notNull().default(sql`'{}'::int[]`),
    stateIds: integer("state_ids").array().notNull().default(sql`'{}'::int[]`),
    districtIds: integer("district_ids").array().notNull().default(sql`'{}'::int[]`),
    publishFrom: timestamp("publish_from", { withTimezone: true }).notNull(),
    publishUntil: timestamp("publish_until", { withTimezone: true }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Readers' lists and the header's unread count: live notifications, newest first.
    index("notifications_publish_idx").on(t.publishFrom, t.id),
  ],
);

/** Which user has read which notification (the bell counts what is missing here). */
export const notificationReads = pgTable(
  "notification_reads",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    notificationId: integer("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.notificationId] }),
    index("notification_reads_notification_idx").on(t.notificationId),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
