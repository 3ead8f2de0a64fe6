import { integer, jsonb, numeric, pgTable, text } from "drizzle-orm/pg-core";
import { contentColumns } from "./content-columns";

/** The question-paper pattern of one exam level and class band (sections as a JSON list). */
export const frontendPatterns = pgTable("frontend_patterns", {
  ...contentColumns(),
  examLevel: integer("exam_level").notNull(),
  classBand: text("class_band").notNull(),
  sections: jsonb("sections").$type<{ name: string; questions: number; marks: number }[]>().notNull(),
  durationMinutes: integer("duration_minutes").notNull(),
  negativeMarks: numeric("negative_marks", { precision: 5, scale: 2, mode: "number" }).notNull().default(0),
  /** Sanitised rich text. */
  notes: text("notes").notNull().default(""),
});
