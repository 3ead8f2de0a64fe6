import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { contentColumns } from "./content-columns";

/** One class's syllabus of one exam level (syllabus_type 1 = Level I, 2 = Level II); body is sanitised HTML. */
export const syllabi = pgTable(
  "syllabi",
  {
    ...contentColumns(),
    syllabusType: integer("syllabus_type").notNull(),
    classLevel: integer("class_level").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
  },
  (t) => [index("syllabi_type_class_idx").on(t.syllabusType, t.classLevel)],
);
