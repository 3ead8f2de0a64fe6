import { z } from "zod";
import {
  classLevelField,
  contentItemBase,
  contentListQuery,
  examLevelField,
  richTextField,
  titleField,
} from "./content-texts";

/** One class's syllabus of one exam level (syllabus_type 1 = Level I, 2 = Level II), rich text with formulas. */
export const syllabusBody = z.strictObject({
  syllabus_type: examLevelField("syllabus_type"),
  class_level: classLevelField,
  title: titleField(),
  body: richTextField("body", true),
  published: z.boolean({ error: "published must be true or false" }).default(false),
});
export type SyllabusBody = z.infer<typeof syllabusBody>;
export type SyllabusInput = z.input<typeof syllabusBody>;

export const syllabusListQuery = contentListQuery.extend({
  syllabus_type: examLevelField("syllabus_type").optional(),
  class_level: classLevelField.optional(),
});
export type SyllabusListQuery = z.infer<typeof syllabusListQuery>;

export const syllabusItem = z.object({
  ...contentItemBase,
  syllabus_type: z.number().int(),
  class_level: z.number().int(),
  title: z.string(),
  /** Sanitised HTML (the kit's sanitiser ran on it before it was stored). */
  body: z.string(),
});
export type SyllabusItem = z.infer<typeof syllabusItem>;
