import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./people";

/**
 * Content with files (docs/domain.md, Content; decision 010): study materials, brochure downloads and brochure
 * flipbooks. A file lives in the file storage under `file_key` (a random key made by the API);
 * the row keeps what readers are shown of it: its original name, size, type and PDF page count.
 */
const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

const storedFile = {
  fileKey: text("file_key"),
  fileName: text("file_name"),
  fileSize: integer("file_size"),
  fileMime: text("file_mime"),
  filePages: integer("file_pages"),
};

const authorship = {
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
};

export const studyMaterials = pgTable(
  "study_materials",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    title: text("title").notNull(),
    description: text("description"),
    /** Class 6-11; null for all classes. */
    classLevel: smallint("class_level"),
    /** mock, level1 or level2. */
    examLevel: text("exam_level").notNull(),
    /** Language codes (packages/contracts/src/languages.ts). */
    languages: text("languages").array().notNull(),
    /** Null for a free item; otherwise the price in paise. */
    priceMinor: integer("price_minor"),
    currency: text("currency").notNull().default("INR"),
    /** An https link, when the material lives elsewhere instead of in a file. */
    link: text("link"),
    ...storedFile,
    isPublished: boolean("is_published").notNull().default(false),
    ...authorship,
    ...timestamps,
  },
  (t) => [
    index("study_materials_published_idx").on(t.isPublished, t.classLevel),
    check("study_materials_file_or_link", sql`(${t.fileKey} is null) <> (${t.link} is null)`),
    check("study_materials_price_positive", sql`${t.priceMinor} is null or ${t.priceMinor} > 0`),
  ],
);

/** A brochure offered for download, or (flipbook) read page by page in the browser. */
const brochureColumns = () => ({
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  title: text("title").notNull(),
  language: text("language").notNull(),
  fileKey: text("file_key").notNull(),
  fileName: text("file_name").notNull(),
  fileSize: integer("file_size").notNull(),
  fileMime: text("file_mime").notNull(),
  filePages: integer("file_pages"),
  isPublished: boolean("is_published").notNull().default(false),
  ...authorship,
  ...timestamps,
});

export const brochureDownloads = pgTable("brochure_downloads", brochureColumns(), (t) => [
  index("brochure_downloads_published_idx").on(t.isPublished, t.language),
]);

export const brochureFlipbooks = pgTable("brochure_flipbooks", brochureColumns(), (t) => [
  index("brochure_flipbooks_published_idx").on(t.isPublished, t.language),
]);
