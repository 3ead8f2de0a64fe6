/**
 * The words a printout for a student is in: its exam language's dictionary (decision 056), its
 * direction (Urdu right to left), and English for a language the portal does not know.
 */
import { LANGUAGES } from "@repo/contracts/languages";
import { WORDS } from "@repo/contracts/student-words";

export function studentLanguage(language: string) {
  const known = LANGUAGES.find((l) => l.code === language);
  const code = known?.code ?? "en";
  return { code, dir: known?.dir ?? "ltr", words: WORDS[code] } as const;
}
