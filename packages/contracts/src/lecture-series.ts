import { z } from "zod";
import { classLevelField, contentItemBase, contentListQuery, isoDateField, titleField } from "./content-texts";
import { CONTENT_TEXT_LIMITS, CONTENT_TEXT_MESSAGES } from "./content-texts-constants";
import { LANGUAGE_CODES } from "./languages";

/** An https address (YouTube and Vimeo links play embedded; any other https page is linked). */
export const videoUrlField = z
  .string({ error: CONTENT_TEXT_MESSAGES.videoHttps })
  .trim()
  .max(CONTENT_TEXT_LIMITS.url, `video_url can be at most ${CONTENT_TEXT_LIMITS.url} characters`)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { message: CONTENT_TEXT_MESSAGES.videoHttps },
  );

export const lectureSeriesBody = z.strictObject({
  title: titleField(),
  speaker: z
    .string({ error: "speaker is required" })
    .trim()
    .min(2, "The speaker's name must be at least 2 characters")
    .max(CONTENT_TEXT_LIMITS.speaker, `The speaker's name can be at most ${CONTENT_TEXT_LIMITS.speaker} characters`),
  lecture_date: isoDateField("lecture_date"),
  video_url: videoUrlField,
  /** null: for every class. */
  class_level: classLevelField.nullable().optional(),
  language: z.enum(LANGUAGE_CODES, { error: "language must be one of the programme's 14 languages" }).default("en"),
  published: z.boolean({ error: "published must be true or false" }).default(false),
});
export type LectureSeriesBody = z.infer<typeof lectureSeriesBody>;
export type LectureSeriesInput = z.input<typeof lectureSeriesBody>;

export const lectureSeriesListQuery = contentListQuery.extend({ class_level: classLevelField.optional() });
export type LectureSeriesListQuery = z.infer<typeof lectureSeriesListQuery>;

export const lectureSeriesItem = z.object({
  ...contentItemBase,
  title: z.string(),
  speaker: z.string(),
  lecture_date: z.string(),
  video_url: z.string(),
  /** The privacy-friendly player address, or null when the link is not YouTube or Vimeo. */
  embed_url: z.string().nullable(),
  class_level: z.number().int().nullable(),
  language: z.string(),
});
export type LectureSeriesItem = z.infer<typeof lectureSeriesItem>;
