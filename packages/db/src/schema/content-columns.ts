import { boolean, integer, timestamp } from "drizzle-orm/pg-core";
import { users } from "./people";

/**
 * Columns every published text-content table has (important dates, question-paper pattern, lecture
 * series, syllabus): whether schools see it, and who changed it last and when.
 */
export const contentColumns = () => ({
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  published: boolean("published").notNull().default(false),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
