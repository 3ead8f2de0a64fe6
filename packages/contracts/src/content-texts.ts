import { z } from "zod";
import { CONTENT_TEXT_LIMITS } from "./content-texts-constants";
import { wholeNumber } from "./ids";
import { pageField, perPageField, searchField } from "./pagination";
import { CLASS_LEVELS } from "./students-constants";

/**
 * Fields shared by the text content types (important dates, question-paper pattern, lecture
 * series, syllabus): each type's own module builds its bodies and items from these.
 */

/** The paging and search every content list takes (GET query strings, so numbers come as text). */
export const contentListQuery = z.strictObject({
  page: pageField,
  per_page: perPageField,
  search: searchField,
});

export const titleField = (field = "title") =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(2, `The ${field} must be at least 2 characters`)
    .max(CONTENT_TEXT_LIMITS.title, `The ${field} can be at most ${CONTENT_TEXT_LIMITS.title} characters`);

export const publishedField = z.boolean({ error: "published must be true or false" }).default(false);

/** 1 = Level I, 2 = Level II. */
export const examLevelField = (field: string) =>
  wholeNumber(
    z
      .number({ error: `${field} must be 1 (Level I) or 2 (Level II)` })
      .int(`${field} must be 1 (Level I) or 2 (Level II)`)
      .min(1, `${field} must be 1 (Level I) or 2 (Level II)`)
      .max(2, `${field} must be 1 (Level I) or 2 (Level II)`),
  );

export const classLevelField = wholeNumber(
  z
    .number({ error: "class_level must be a class from VI (6) to XI (11)" })
    .int("class_level must be a class from VI (6) to XI (11)")
    .refine((value) => (CLASS_LEVELS as readonly number[]).includes(value), {
      message: "class_level must be a class from VI (6) to XI (11)",
    }),
);

const ENTITIES: Record<string, string> = { nbsp: " ", amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/**
 * Rich text as plain text for a spreadsheet cell: tags dropped (blocks and line breaks become line
 * breaks), entities decoded, formulas kept as their TeX source, runs of blank space collapsed.
 */
export function richTextToPlain(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, "")
    .replace(/<span[^>]*\bdata-value="([^"]*)"[^>]*>[\s\S]*?<\/span>/gi, " $1 ")
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|tr|blockquote|pre)>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === "#") {
        const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .split("\n")
    .map((line) => line.replace(/[ \t\u00a0]+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

/** Whether rich text says anything: text, an image or a formula, not just empty paragraphs. */
export function hasRichContent(html: string): boolean {
  if (/<img\b|ql-formula/i.test(html)) return true;
  return (
    html
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;|&#160;/g, " ")
      .trim().length > 0
  );
}

/** Rich text from the kit's editor; the API sanitises it with the kit's sanitiser before storing. */
export const richTextField = (field: string, required: boolean) =>
  z
    .string({ error: `${field} must be text` })
    .max(CONTENT_TEXT_LIMITS.richText, `${field} is too long (at most ${CONTENT_TEXT_LIMITS.richText} characters)`)
    .refine((html) => !required || hasRichContent(html), { message: `${field} is required` });

/** A calendar date, YYYY-MM-DD. */
export const isoDateField = (field: string) => z.iso.date({ error: `${field} must be a date like 2027-01-31` });

/** The common answer columns of a stored content item. */
export const contentItemBase = {
  id: z.number().int(),
  published: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
};
