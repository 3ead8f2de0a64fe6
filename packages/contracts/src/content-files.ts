import { z } from "zod";
import { CONTENT_DESCRIPTION_MAX, CONTENT_TITLE_MAX, STUDY_MATERIAL_MAX_PRICE_MINOR } from "./content-constants";
import { EXAM_LEVELS, type ExamLevel } from "./fees";
import { wholeNumber } from "./ids";
import { LANGUAGE_CODES } from "./languages";
import { pageField, paginated, perPageField, searchField } from "./pagination";
import { CLASS_LEVELS } from "./students-constants";

/**
 * Study materials, brochure downloads and brochure flipbooks (docs/domain.md, Content; decision 010). Their create
 * and update bodies arrive as multipart forms (they carry a file), so every field is read from
 * text: "true"/"false" for flags, a comma-separated or repeated `languages`, an empty value for
 * "none". The same schemas check the coordinator app's dialogs.
 */

const title = z
  .string({ error: "title is required" })
  .trim()
  .min(3, "The title must be at least 3 characters")
  .max(CONTENT_TITLE_MAX, `The title can be at most ${CONTENT_TITLE_MAX} characters`);

const FLAG_TEXT: Record<string, boolean> = { true: true, on: true, "1": true, false: false, off: false, "0": false };
/** A yes/no field as a form sends it ("true", "on", "1" …) or as JSON. */
const flag = (field: string) =>
  z.union([z.boolean(), z.string()], { error: `${field} must be true or false` }).transform((value, ctx) => {
    if (typeof value === "boolean") return value;
    const parsed = FLAG_TEXT[value.trim().toLowerCase()];
    if (parsed === undefined) {
      ctx.addIssue({ code: "custom", message: `${field} must be true or false` });
      return z.NEVER;
    }
    return parsed;
  });

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const languageField = z.enum(LANGUAGE_CODES, { error: "Choose one of the 14 languages" });
const examLevelField = z.enum(EXAM_LEVELS.map((l) => l.code) as [ExamLevel, ...ExamLevel[]], {
  error: "level must be mock, level1 or level2",
});
/** A class VI-XI as 6-11; empty means "all classes". */
const classField = z.preprocess(
  (value) => (blankToUndefined(value) === undefined || value === "all" ? null : value),
  wholeNumber(
    z
      .number({ error: "class_level must be 6 to 11, or empty for all classes" })
      .int("class_level must be 6 to 11, or empty for all classes")
      .refine(
        (n) => (CLASS_LEVELS as readonly number[]).includes(n),
        "class_level must be 6 to 11, or empty for all classes",
      ),
  ).nullable(),
);

/** Codes from a comma-separated text, repeated form fields, or a JSON list. */
function languageCodes(value: unknown): unknown {
  const list: unknown[] = Array.isArray(value)
    ? value
    : typeof value === "string"
      ? [value]
      : value == null
        ? []
        : [value];
  return list
    .flatMap((v) => (typeof v === "string" ? v.split(",") : [v]))
    .map((v) => (typeof v === "string" ? v.trim() : v))
    .filter((v) => v !== "");
}

const languagesField = z.preprocess(
  languageCodes,
  z
    .array(languageField, { error: "languages must be a list of language codes" })
    .min(1, "Choose at least one language")
    .max(LANGUAGE_CODES.length)
    .transform((codes) => [...new Set(codes)]),
);

/** An external link: https only, so a page never sends readers to plain http or a script URL. */
const linkField = z.preprocess(
  blankToUndefined,
  z
    .url({ error: "The link must be a full https:// address" })
    .max(2000, "The link can be at most 2,000 characters")
    .refine((url) => url.startsWith("https://"), "The link must start with https://")
    .optional(),
);

const priceField = z.preprocess(
  blankToUndefined,
  wholeNumber(
    z
      .number({ error: "price_minor must be a whole number of paise" })
      .int("price_minor must be a whole number of paise")
      .positive("A purchasable study material needs a price above zero")
      .max(STUDY_MATERIAL_MAX_PRICE_MINOR, "The price is too high"),
  ).optional(),
);

const descriptionField = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(CONTENT_DESCRIPTION_MAX, `The description can be at most ${CONTENT_DESCRIPTION_MAX} characters`)
    .optional(),
);

/** The fields of a study material's form (the PDF travels beside them as `file`). */
export const studyMaterialFields = z
  .strictObject({
    title,
    description: descriptionField,
    class_level: classField,
    exam_level: examLevelField,
    languages: languagesField,
    is_free: z.preprocess(blankToUndefined, flag("is_free").default(true)),
    price_minor: priceField,
    link: linkField,
    is_published: z.preprocess(blankToUndefined, flag("is_published").default(false)),
  })
  .superRefine((body, ctx) => {
    if (!body.is_free && body.price_minor === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["price_minor"],
        message: "Enter the price of a purchasable study material",
      });
    }
  })
  .transform(({ price_minor, ...body }) => ({ ...body, price_minor: body.is_free ? null : (price_minor ?? null) }));
export type StudyMaterialFields = z.output<typeof studyMaterialFields>;

/** The fields of a brochure's or flipbook's form (the PDF travels beside them as `file`). */
export const brochureFields = z.strictObject({
  title,
  language: languageField,
  is_published: z.preprocess(blankToUndefined, flag("is_published").default(false)),
});
export type BrochureFields = z.output<typeof brochureFields>;

const optionalFlag = (field: string) => z.preprocess(blankToUndefined, flag(field).optional());

export const studyMaterialListQuery = z.strictObject({
  page: pageField,
  per_page: perPageField,
  search: searchField,
  class_level: z.preprocess(blankToUndefined, classField.optional()),
  exam_level: z.preprocess(blankToUndefined, examLevelField.optional()),
  language: z.preprocess(blankToUndefined, languageField.optional()),
  is_free: optionalFlag("is_free"),
  is_published: optionalFlag("is_published"),
});
export type StudyMaterialListQuery = z.output<typeof studyMaterialListQuery>;

export const brochureListQuery = z.strictObject({
  page: pageField,
  per_page: perPageField,
  search: searchField,
  language: z.preprocess(blankToUndefined, languageField.optional()),
  is_published: optionalFlag("is_published"),
});
export type BrochureListQuery = z.output<typeof brochureListQuery>;

/** What is known of a stored file (never its storage key). */
export const storedFileInfo = z.object({
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
  /** Pages of a PDF. */
  pages: z.number().int().nullable(),
});
export type StoredFileInfo = z.infer<typeof storedFileInfo>;

const money = z.object({ currency: z.string(), amount_minor: z.number().int() });

export const studyMaterialItem = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  /** 6-11, or null for all classes. */
  class_level: z.number().int().nullable(),
  exam_level: z.string(),
  languages: z.array(z.string()),
  is_free: z.boolean(),
  /** Null for a free item; otherwise in STUDY_MATERIAL_CURRENCY's minor unit. */
  price: money.nullable(),
  /** A priced item the reader has paid for: its file and link open. Free items: false. */
  bought: z.boolean(),
  /** A priced item in one of the reader's unfinished payments: Continue or Cancel that one (decision 054). */
  in_unfinished_payment: z.boolean(),
  link: z.string().nullable(),
  file: storedFileInfo.nullable(),
  is_published: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StudyMaterialItem = z.infer<typeof studyMaterialItem>;

export const brochureItem = z.object({
  id: z.number().int(),
  title: z.string(),
  language: z.string(),
  file: storedFileInfo,
  is_published: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BrochureItem = z.infer<typeof brochureItem>;

export const studyMaterialPage = paginated(studyMaterialItem);
export const brochurePage = paginated(brochureItem);

export const contentLanguage = z.object({ code: z.string(), name: z.string(), native: z.string(), dir: z.string() });
