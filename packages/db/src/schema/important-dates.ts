import { date, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { contentColumns } from "./content-columns";

/** A published date or date range of the programme; `audience` "gcc" shows it only to GCC schools. */
export const importantDates = pgTable(
  "important_dates",
  {
    ...contentColumns(),
    title: text("title").notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date"),
    /** 1 = Level I, 2 = Level II, null = the programme as a whole. */
    examLevel: integer("exam_level"),
    description: text("description").notNull().default(""),
    audience: text("audience").notNull().default("all"),
  },
  (t) => [index("important_dates_start_idx").on(t.startDate)],
);
