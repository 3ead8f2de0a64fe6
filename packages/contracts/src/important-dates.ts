import { z } from "zod";
import { contentItemBase, contentListQuery, examLevelField, isoDateField, titleField } from "./content-texts";
import { CONTENT_TEXT_LIMITS, CONTENT_TEXT_MESSAGES, IMPORTANT_DATE_AUDIENCES } from "./content-texts-constants";

const audienceCodes = /* @__PURE__ */ IMPORTANT_DATE_AUDIENCES.map((a) => a.code) as ["all", "gcc"];
const audienceField = z.enum(audienceCodes, { error: "audience must be all (every school) or gcc (GCC schools)" });

/** A date, or a range when end_date is given (start ≤ end), for every school or for GCC schools. */
export const importantDateBody = z
  .strictObject({
    title: titleField(),
    start_date: isoDateField("start_date"),
    end_date: isoDateField("end_date").nullable().optional(),
    exam_level: examLevelField("exam_level").nullable().optional(),
    description: z
      .string({ error: "description must be text" })
      .trim()
      .max(CONTENT_TEXT_LIMITS.description, `description can be at most ${CONTENT_TEXT_LIMITS.description} characters`)
      .default(""),
    audience: audienceField.default("all"),
    published: z.boolean({ error: "published must be true or false" }).default(false),
  })
  .refine((body) => !body.end_date || body.end_date >= body.start_date, {
    path: ["end_date"],
    message: CONTENT_TEXT_MESSAGES.endBeforeStart,
  });
export type ImportantDateBody = z.infer<typeof importantDateBody>;
export type ImportantDateInput = z.input<typeof importantDateBody>;

export const importantDateListQuery = contentListQuery.extend({ audience: audienceField.optional() });
export type ImportantDateListQuery = z.infer<typeof importantDateListQuery>;

export const importantDateItem = z.object({
  ...contentItemBase,
  title: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  exam_level: z.number().int().nullable(),
  description: z.string(),
  audience: audienceField,
  /** The date (or the range's last day) is before today. */
  is_past: z.boolean(),
});
export type ImportantDateItem = z.infer<typeof importantDateItem>;
