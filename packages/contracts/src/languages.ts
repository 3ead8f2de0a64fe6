/**
 * The fourteen languages of the programme's questions, mail and pages (docs/domain.md, Exams,
 * scoring and awards). Codes are ISO 639-1; Urdu is written right to left.
 */
export const LANGUAGES = [
  { code: "en", name: "English", native: "English", dir: "ltr" },
  { code: "hi", name: "Hindi", native: "हिन्दी", dir: "ltr" },
  { code: "ta", name: "Tamil", native: "தமிழ்", dir: "ltr" },
  { code: "te", name: "Telugu", native: "తెలుగు", dir: "ltr" },
  { code: "kn", name: "Kannada", native: "ಕನ್ನಡ", dir: "ltr" },
  { code: "ml", name: "Malayalam", native: "മലയാളം", dir: "ltr" },
  { code: "mr", name: "Marathi", native: "मराठी", dir: "ltr" },
  { code: "gu", name: "Gujarati", native: "ગુજરાતી", dir: "ltr" },
  { code: "pa", name: "Punjabi", native: "ਪੰਜਾਬੀ", dir: "ltr" },
  { code: "bn", name: "Bengali", native: "বাংলা", dir: "ltr" },
  { code: "or", name: "Odia", native: "ଓଡ଼ିଆ", dir: "ltr" },
  { code: "as", name: "Assamese", native: "অসমীয়া", dir: "ltr" },
  { code: "sa", name: "Sanskrit", native: "संस्कृतम्", dir: "ltr" },
  { code: "ur", name: "Urdu", native: "اردو", dir: "rtl" },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]["code"];
export const LANGUAGE_CODES = /* @__PURE__ */ LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]];

export function languageName(code: string): string {
  return LANGUAGES.find((l) => l.code === code)?.name ?? code;
}

/**
 * The API's `language_id` (docs/domain.md, Paper sets): a language's place in LANGUAGES, from 1 (English) to 14 (Urdu). The
 * database stores the code, like a student's exam language.
 */
export function languageIdOf(code: string): number {
  return LANGUAGES.findIndex((l) => l.code === code) + 1;
}
export function languageCodeOf(id: number): LanguageCode | undefined {
  return LANGUAGES[id - 1]?.code;
}
