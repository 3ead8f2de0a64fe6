import { date, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { contentColumns } from "./content-columns";

/** A recorded lecture for students: who speaks, when, and where the video is (https only). */
export const lectureSeries = pgTable(
  "lecture_series",
  {
    ...contentColumns(),
    title: text("title").notNull(),
    speaker: text("speaker").notNull(),
    lectureDate: date("lecture_date").notNull(),
    videoUrl: text("video_url").notNull(),
    /** null: for every class. */
    classLevel: integer("class_level"),
    language: text("language").notNull().default("en"),
  },
  (t) => [index("lecture_series_date_idx").on(t.lectureDate)],
);
