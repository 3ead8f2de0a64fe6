/**
 * The languages the student area speaks (issue 16, decision 025): one dictionary each
 * (words/<code>.ts). Which one a student sees, and its direction, come from data: the student's
 * exam language when a dictionary exists (else English), or the language it chose; Urdu reads
 * right to left because LANGUAGES says so.
 */
import { LANGUAGES } from "@repo/contracts/languages";

/** The codes with a dictionary, in the order the language switch lists them. */
export const STUDENT_LOCALES = ["en", "hi", "ur"] as const;
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
    intl: `${code}-IN-u-nu-latn`,
  } as const;
}

/** The locale to show: the one asked for (a link or the remembered choice), else the exam language, else English. */
export function pickLocale(...candidates: (string | null | undefined)[]): StudentLocale {
  return candidates.find(isStudentLocale) ?? "en";
}
