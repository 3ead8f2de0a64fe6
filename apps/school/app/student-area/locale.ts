/**
 * The languages the student area speaks (issue 16, decision 025): one dictionary each
 * (@repo/contracts/student-words). Which one a student sees, and its direction, come from data: the student's
 * exam language, or the language it chose; Urdu reads right to left because LANGUAGES says so.
 */
import { LANGUAGE_CODES, LANGUAGES } from "@repo/contracts/languages";
import { intlLocale } from "@repo/contracts/locale";

/**
 * Every exam language has a dictionary (issue 35 item 7; words.test.ts fails on a missing word),
 * in the order the language switch lists them.
 */
export const STUDENT_LOCALES = LANGUAGE_CODES;
export type StudentLocale = (typeof STUDENT_LOCALES)[number];

export const isStudentLocale = (code: unknown): code is StudentLocale =>
  typeof code === "string" && (STUDENT_LOCALES as readonly string[]).includes(code);

/** How a locale is written: its direction, its own name, and its Intl locale (Latin digits, as roll numbers are). */
export function localeInfo(code: StudentLocale) {
  const language = LANGUAGES.find((l) => l.code === code);
  return {
    code,
    dir: language?.dir ?? "ltr",
    name: language?.native ?? code,
    intl: intlLocale(code),
  } as const;
}

/** The locale to show: the one asked for (a link or the remembered choice), else the exam language, else English. */
export function pickLocale(...candidates: (string | null | undefined)[]): StudentLocale {
  return candidates.find(isStudentLocale) ?? "en";
}
