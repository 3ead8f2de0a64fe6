import { z } from "zod";
import { contentItemBase, contentListQuery, examLevelField, richTextField } from "./content-texts";
import { CONTENT_TEXT_LIMITS } from "./content-texts-constants";
import { decimalNumber, wholeNumber } from "./ids";

const countField = (field: string, min: number, max: number) =>
  wholeNumber(
    z
      .number({ error: `${field} must be a whole number` })
      .int(`${field} must be a whole number`)
      .min(min, `${field} must be at least ${min}`)
      .max(max, `${field} can be at most ${max}`),
  );

/** One section of a paper: its name, how many questions and the marks they carry in all. */
export const patternSection = z.strictObject({
  name: z
    .string({ error: "The section name is required" })
    .trim()
    .min(1, "The section name is required")
    .max(100, "The section name can be at most 100 characters"),
  questions: countField("questions", 1, 500),
  marks: countField("marks", 1, 1000),
});
export type PatternSection = z.infer<typeof patternSection>;

/** The question-paper pattern of one exam level and class band (the frontend-pattern collection: docs/domain.md, Content). */
export const frontendPatternBody = z.strictObject({
  exam_level: examLevelField("exam_level"),
  class_band: z
    .string({ error: "class_band is required" })
    .trim()
    .min(1, "class_band is required, e.g. VI-VIII")
    .max(CONTENT_TEXT_LIMITS.classBand, `class_band can be at most ${CONTENT_TEXT_LIMITS.classBand} characters`),
  sections: z
    .array(patternSection, { error: "sections must be a list" })
    .min(1, "Add at least one section")
    .max(CONTENT_TEXT_LIMITS.sections, `A pattern can have at most ${CONTENT_TEXT_LIMITS.sections} sections`),
  duration_minutes: countField("duration_minutes", 1, CONTENT_TEXT_LIMITS.durationMinutes),
  /** Marks taken off per wrong answer; 0 means no negative marking. */
  negative_marks: decimalNumber(
    z
      .number({ error: "negative_marks must be a number" })
      .min(0, "negative_marks cannot be below 0")
      .max(10, "negative_marks can be at most 10"),
  ),
  notes: richTextField("notes", false).default(""),
  published: z.boolean({ error: "published must be true or false" }).default(false),
});
export type FrontendPatternBody = z.infer<typeof frontendPatternBody>;
export type FrontendPatternInput = z.input<typeof frontendPatternBody>;

export const frontendPatternListQuery = contentListQuery.extend({
  exam_level: examLevelField("exam_level").optional(),
});
export type FrontendPatternListQuery = z.infer<typeof frontendPatternListQuery>;

export const frontendPatternItem = z.object({
  ...contentItemBase,
  exam_level: z.number().int(),
  class_band: z.string(),
  sections: z.array(z.object({ name: z.string(), questions: z.number().int(), marks: z.number().int() })),
  duration_minutes: z.number().int(),
  negative_marks: z.number(),
  notes: z.string(),
  total_questions: z.number().int(),
  total_marks: z.number().int(),
});
export type FrontendPatternItem = z.infer<typeof frontendPatternItem>;
