import { COUNTED, countOf } from "./plural";

/**
 * Content with files (study materials, brochure downloads, brochure flipbooks): paths, limits and
 * fixed choices, without zod so forms and lists can show them in their first view
 * (docs/decisions/007-contracts-constants-without-zod.md). Limits are checked by the API's files
 * service (apps/api/src/kernel/files.ts) and shown beside the upload fields.
 */

const MB = 1024 * 1024;

/** A study material's PDF. */
export const STUDY_MATERIAL_MAX_BYTES = 25 * MB;
/** A downloadable brochure's PDF. */
export const BROCHURE_MAX_BYTES = 25 * MB;
/** A flipbook's PDF: read page by page in the browser, so it is kept smaller. */
export const FLIPBOOK_MAX_BYTES = 40 * MB;
/**
 * A flipbook's page limit. Longer PDFs are refused with a message that says how many pages they
 * have and to split them (docs/decisions/010-content-files.md).
 */
export const FLIPBOOK_MAX_PAGES = 200;

export const CONTENT_TITLE_MAX = 200;
export const CONTENT_DESCRIPTION_MAX = 2000;
/** Highest price of a purchasable study material, in paise (₹ 1,00,000). */
export const STUDY_MATERIAL_MAX_PRICE_MINOR = 10_000_000;
/** Study materials are sold in rupees. */
export const STUDY_MATERIAL_CURRENCY = "INR";

/** "1.5 MB" for a byte count, as the forms and messages write sizes. */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The three collections with files, and the API paths of each (docs/domain.md, Content). */
export const CONTENT_FILE_KINDS = ["study-material", "brochure-download", "brochure-flipbook"] as const;
export type ContentFileKind = (typeof CONTENT_FILE_KINDS)[number];

const pathsOf = <const Base extends string>(base: Base) =>
  ({
    collection: `/api/${base}`,
    member: `/api/${base}/{id}`,
    update: `/api/${base}/update/{id}`,
    file: `/api/${base}/file/{id}`,
  }) as const;

export const STUDY_MATERIAL_PATHS = {
  ...pathsOf("study-materials"),
  languages: "/api/study-materials/languages/list",
} as const;
export const BROCHURE_DOWNLOAD_PATHS = pathsOf("brochure-downloads");
export const BROCHURE_FLIPBOOK_PATHS = pathsOf("brochure-flipbooks");

/** Names of each collection, for titles, messages and the activity log. */
export const CONTENT_FILE_LABELS = {
  "study-material": { one: "Study material", plural: "Study materials", file: "The study material" },
  "brochure-download": { one: "Brochure", plural: "Brochures", file: "The brochure" },
  "brochure-flipbook": { one: "Flipbook", plural: "Flipbooks", file: "The flipbook" },
} as const satisfies Record<ContentFileKind, { one: string; plural: string; file: string }>;

/** Each collection's file limits, for the API's checks and the forms' hints. */
export const CONTENT_UPLOAD_LIMITS = {
  "study-material": { maxBytes: STUDY_MATERIAL_MAX_BYTES, maxPages: null },
  "brochure-download": { maxBytes: BROCHURE_MAX_BYTES, maxPages: null },
  "brochure-flipbook": { maxBytes: FLIPBOOK_MAX_BYTES, maxPages: FLIPBOOK_MAX_PAGES },
} as const satisfies Record<ContentFileKind, { maxBytes: number; maxPages: number | null }>;

/** "A PDF, at most 25 MB" (and the page limit where there is one), beside each upload field. */
export function uploadHint(kind: ContentFileKind): string {
  const { maxBytes, maxPages } = CONTENT_UPLOAD_LIMITS[kind];
  return `A PDF, at most ${formatBytes(maxBytes)}${maxPages ? ` and ${countOf(maxPages, COUNTED.page)}` : ""}`;
}
