import type { LanguageCode } from "../languages";

/**
 * Who checked each language's paper words (decision 062). `machine-drafted`: written without a
 * native reviewer, to be read by one before a paper prints for real. A reviewer's sign-off is one
 * edit here: `{ status: "reviewed", by: "<name>", on: "<YYYY-MM-DD>" }`.
 */
export type PaperWordsReview =
  | { status: "source" }
  | { status: "machine-drafted" }
  | { status: "reviewed"; by: string; on: string };

const drafted = { status: "machine-drafted" } as const;

export const PAPER_WORDS_REVIEW: Record<LanguageCode, PaperWordsReview> = {
  en: { status: "source" },
  hi: drafted,
  ta: drafted,
  te: drafted,
  kn: drafted,
  ml: drafted,
  mr: drafted,
  gu: drafted,
  pa: drafted,
  bn: drafted,
  or: drafted,
  as: drafted,
  sa: drafted,
  ur: drafted,
};
