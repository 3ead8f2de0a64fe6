import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * People who sign in. Role ids are numeric (1-18, packages/auth/roles); usernames are unique
 * regardless of case, enforced by an index on lower(username).
 */
export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    roleId: smallint("role_id").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    passwordHash: text("password_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_username_lower_key").on(sql`lower(${t.username})`),
    check("users_role_id_range", sql`${t.roleId} between 1 and 18`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
