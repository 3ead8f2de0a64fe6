/**
 * The qualifying rule's sentence and the counted phrases it uses, apart from the 14 tables, so that
 * the papersetter's screen prints the English sentence without loading every language (decision 059, 062).
 */
import { intlLocale } from "../locale";
import { type PluralForms, pluralWord } from "../plural";
import { formatMarks } from "../result-lists-constants";
import { fill } from "../student-words/fill";
import type { PaperWords } from "./en";

/** A counted phrase in the language ("2 marks", "2 अंक"), its form chosen by the language's plural rules. */
export function counted(code: string, forms: PluralForms, count: number): string {
  // Marks and counts in Latin digits in every language, as roll numbers are (locale.ts).
  return fill(pluralWord(count, forms, intlLocale(code)), { count: formatMarks(count) });
}

/**
 * The qualifying rule as a paper prints it: "Section B counts only when Section A reaches 20 marks".
 * `section` is the counting section's printed title, `other` the label of the one it waits on.
 */
export function qualifyingRuleIn(
  words: PaperWords,
  code: string,
  rule: { section: string; other: string; marks: number },
): string {
  return fill(words.qualifying, {
    section: rule.section,
    other: rule.other,
    marks: counted(code, words.marks, rule.marks),
  });
}
