/**
 * The fixed words of question papers and answer keys in the 14 exam languages (decision 062):
 * one table a language, checked against English by paper-words.test.ts, and the few rules that
 * put a set's own texts (section titles, instructions) into a paper's language.
 */
import { LANGUAGE_CODES, type LanguageCode } from "../languages";
import { formatMarks } from "../result-lists-constants";
import { fill } from "../student-words/fill";
import { as } from "./as";
import { bn } from "./bn";
import { en, type PaperWords } from "./en";
import { gu } from "./gu";
import { hi } from "./hi";
import { kn } from "./kn";
import { ml } from "./ml";
import { mr } from "./mr";
import { or } from "./or";
import { pa } from "./pa";
import { counted, qualifyingRuleIn } from "./qualifying";
import { sa } from "./sa";
import { ta } from "./ta";
import { te } from "./te";
import { ur } from "./ur";

export { PAPER_WORDS_REVIEW, type PaperWordsReview } from "./review";
export type { PaperWords };

export const PAPER_WORDS: Record<LanguageCode, PaperWords> = { en, hi, ta, te, kn, ml, mr, gu, pa, bn, or, as, sa, ur };

const isLanguage = (code: string): code is LanguageCode => (LANGUAGE_CODES as readonly string[]).includes(code);

/** A language's paper words; English for a code that is not one of the 14. */
export const paperWords = (code: string): PaperWords => (isLanguage(code) ? PAPER_WORDS[code] : en);

export { counted, formatMarks };

/** "1 hour 30 minutes", "1 घंटा 30 मिनट". */
export function durationIn(code: string, minutes: number): string {
  const words = paperWords(code);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [
    hours > 0 ? counted(code, words.hours, hours) : null,
    rest > 0 || hours === 0 ? counted(code, words.minutes, rest) : null,
  ]
    .filter(Boolean)
    .join(" ");
}

/** The qualifying rule as a paper in the language prints it (decision 059). */
export function qualifyingRule(code: string, rule: { section: string; other: string; marks: number }): string {
  return qualifyingRuleIn(paperWords(code), code, rule);
}

/** The title a new section gets ("Section A"): printed in the paper's language. */
const defaultSectionTitle = (label: string) => fill(en.section, { label });

/** A set's own text as a paper prints it. */
export interface PrintedText {
  text: string;
  /** A setter's own English text on a paper in another language (a draft proof only, decision 062). */
  untranslated: boolean;
}

/** A section's printed title: the default "Section A" in the language, a setter's own title as written. */
export function sectionTitleIn(code: string, section: { label: string; title: string }): PrintedText {
  if (section.title.trim() === defaultSectionTitle(section.label)) {
    return { text: fill(paperWords(code).section, { label: section.label }), untranslated: false };
  }
  return { text: section.title, untranslated: code !== "en" };
}

const sameLines = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((line, i) => line.trim() === b[i]?.trim());

/**
 * A set's instructions in `code`: the standard ones (English's list, unchanged) in the language's
 * words; a setter's own lines as written, marked untranslated on a paper in another language.
 */
export function instructionsIn(code: string, instructions: readonly string[]): PrintedText[] {
  if (sameLines(instructions, en.standardInstructions)) {
    return paperWords(code).standardInstructions.map((text) => ({ text, untranslated: false }));
  }
  return instructions.map((text) => ({ text, untranslated: code !== "en" }));
}

/**
 * What a set's own English texts leave untranslated in a language: Check and Finalize refuse the
 * set while this is not empty for one of its languages (decision 062).
 */
export function untranslatedSetTexts(
  code: string,
  set: { instructions: readonly string[]; sections: readonly { label: string; title: string }[] },
): { what: "instructions" | "section"; section: string | null }[] {
  const out: { what: "instructions" | "section"; section: string | null }[] = [];
  if (instructionsIn(code, set.instructions).some((line) => line.untranslated)) {
    out.push({ what: "instructions", section: null });
  }
  for (const section of set.sections) {
    if (sectionTitleIn(code, section).untranslated) out.push({ what: "section", section: section.label });
  }
  return out;
}

export { fill };
