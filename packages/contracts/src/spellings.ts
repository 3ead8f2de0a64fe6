import { LANGUAGES, type LanguageCode } from "./languages";
import { SCHOOL_BOARDS, SCHOOL_CATEGORIES } from "./schools-constants";
import { CLASS_LEVELS, type ClassLevel, classLabel, GENDERS, type Gender } from "./students-constants";

/**
 * The one table of spellings every import accepts (issue 35 item 4, docs/decisions/055): what a
 * school types in a spreadsheet cell for a gender, an exam language, a class, a board or a
 * category, in English and in the 14 languages' scripts. The single-student form and every import
 * (students, coordinators' bulk students, individual (SIF) students, a master institute's schools)
 * read cells through these lists; docs/domain/accepted-spellings.md is generated from them
 * (`spellingsMarkdown`, held by spellings.test.ts). Free of zod (decision 007).
 */

/**
 * A cell's text as the lists compare it: Unicode NFC (so "ड़" typed as one or two code points is
 * the same), lower case, no dots or spaces ("C.B.S.E." = "cbse", "Class 8" = "class8").
 */
export function spellingKey(text: string): string {
  return text
    .normalize("NFKC")
    .normalize("NFC")
    .toLocaleLowerCase("en")
    .replace(/[\s.]+/g, "");
}

/** Gender: the code, then what people write for it, English first, then the scripts A-Z by language. */
export const GENDER_SPELLINGS: Record<Gender, readonly string[]> = {
  female: [
    "Female",
    "F",
    "Girl",
    "Woman",
    "महिला", // Hindi, Marathi
    "स्त्री", // Hindi, Marathi, Sanskrit
    "लड़की", // Hindi
    "बालिका", // Hindi, Sanskrit
    "मुलगी", // Marathi
    "பெண்", // Tamil
    "స్త్రీ", // Telugu
    "ఆడ", // Telugu
    "ಹೆಣ್ಣು", // Kannada
    "ಸ್ತ್ರೀ", // Kannada
    "സ്ത്രീ", // Malayalam
    "പെൺ", // Malayalam
    "સ્ત્રી", // Gujarati
    "છોકરી", // Gujarati
    "ਇਸਤਰੀ", // Punjabi
    "ਔਰਤ", // Punjabi
    "ਕੁੜੀ", // Punjabi
    "মহিলা", // Bengali, Assamese
    "নারী", // Bengali
    "মেয়ে", // Bengali
    "নাৰী", // Assamese
    "ছোৱালী", // Assamese
    "ମହିଳା", // Odia
    "ସ୍ତ୍ରୀ", // Odia
    "خاتون", // Urdu
    "عورت", // Urdu
    "لڑکی", // Urdu
  ],
  male: [
    "Male",
    "M",
    "Boy",
    "Man",
    "पुरुष", // Hindi, Marathi, Sanskrit
    "लड़का", // Hindi
    "बालक", // Hindi, Sanskrit
    "मुलगा", // Marathi
    "ஆண்", // Tamil
    "పురుషుడు", // Telugu
    "మగ", // Telugu
    "ಗಂಡು", // Kannada
    "ಪುರುಷ", // Kannada
    "പുരുഷൻ", // Malayalam
    "ആൺ", // Malayalam
    "પુરુષ", // Gujarati
    "છોકરો", // Gujarati
    "ਪੁਰਸ਼", // Punjabi
    "ਮਰਦ", // Punjabi
    "ਮੁੰਡਾ", // Punjabi
    "পুরুষ", // Bengali
    "ছেলে", // Bengali
    "পুৰুষ", // Assamese
    "ল'ৰা", // Assamese
    "ପୁରୁଷ", // Odia
    "مرد", // Urdu
    "لڑکا", // Urdu
  ],
  other: [
    "Other",
    "O",
    "Transgender",
    "अन्य", // Hindi, Sanskrit
    "इतर", // Marathi
    "மற்றவர்", // Tamil
    "ఇతర", // Telugu
    "ಇತರ", // Kannada
    "മറ്റുള്ളവർ", // Malayalam
    "અન્ય", // Gujarati
    "ਹੋਰ", // Punjabi
    "অন্য", // Bengali, Assamese
    "অন্যান্য", // Bengali
    "ଅନ୍ୟ", // Odia
    "دیگر", // Urdu
  ],
};

/**
 * Exam language: besides its code, English name and own name (LANGUAGES), the other ways it is
 * written (हिंदी with the anusvara as well as हिन्दी, older English names, names in Hindi).
 */
const MORE_LANGUAGE_SPELLINGS: Record<LanguageCode, readonly string[]> = {
  en: ["अंग्रेज़ी", "अंग्रेजी", "इंग्लिश"],
  hi: ["हिंदी"],
  ta: ["तमिल"],
  te: ["तेलुगु"],
  kn: ["Kanada", "कन्नड़"],
  ml: ["मलयालम"],
  mr: ["मराठी"],
  gu: ["गुजराती"],
  pa: ["Panjabi", "پنجابی", "पंजाबी"],
  bn: ["Bangla", "বাঙ্গালী", "बांग्ला", "बंगाली"],
  or: ["Oriya", "ଓଡିଆ", "उड़िया", "ओड़िया"],
  as: ["Asamiya", "অসমীয়া", "असमिया"],
  sa: ["संस्कृत", "Samskrit"],
  ur: ["اُردو", "उर्दू"],
};

export const LANGUAGE_SPELLINGS: Record<LanguageCode, readonly string[]> = Object.fromEntries(
  LANGUAGES.map((language) => [
    language.code,
    unique([language.name, language.native, language.code, ...MORE_LANGUAGE_SPELLINGS[language.code]]),
  ]),
) as unknown as Record<LanguageCode, readonly string[]>;

/**
 * Class: the number (8), the Roman numeral (VIII), an ordinal (8th) and any of them after a word
 * for class ("Class 8", "Std VIII", "कक्षा 8", "Grade 8th") or before it ("8th class").
 */
export const CLASS_WORDS = ["Class", "Std", "Standard", "Grade", "कक्षा"] as const;
const ORDINAL: Record<ClassLevel, string> = { 6: "6th", 7: "7th", 8: "8th", 9: "9th", 10: "10th", 11: "11th" };
export const CLASS_SPELLINGS: Record<ClassLevel, readonly string[]> = Object.fromEntries(
  CLASS_LEVELS.map((level) => [level, [String(level), classLabel(level), ORDINAL[level]]]),
) as unknown as Record<ClassLevel, readonly string[]>;

/** Boards (a master institute's schools import): the list's name and the usual short forms. */
export const BOARD_SPELLINGS: Record<number, readonly string[]> = {
  1: ["CBSE", "Central Board", "Central Board of Secondary Education"],
  2: ["CISCE (ICSE / ISC)", "CISCE", "ICSE", "ISC", "ICSE / ISC"],
  3: ["State Board", "State", "SSC", "HSC", "राज्य बोर्ड"],
  4: ["NIOS", "Open School"],
  5: ["IB", "International Baccalaureate"],
  6: ["Cambridge (CAIE)", "Cambridge", "CAIE", "IGCSE"],
  7: ["Other", "अन्य"],
};

/** School categories: the list's name and the usual short forms. */
export const CATEGORY_SPELLINGS: Record<number, readonly string[]> = {
  1: ["Government", "Govt", "Sarkari", "सरकारी"],
  2: ["Private", "Pvt", "Private unaided", "Unaided", "निजी"],
  3: ["Government aided", "Govt aided", "Aided", "अनुदानित"],
  4: ["Institute"],
};

/** Date forms read as a date of birth (`normalizeDate` in students.ts), for the doc and the tests. */
export const DATE_FORMS = [
  { form: "a date cell of Excel, LibreOffice or Google Sheets", example: "(any display format)" },
  { form: "day/month/year, with /, - or . between", example: "15/08/2012, 15-8-2012, 15.08.2012" },
  { form: "day/month/two-digit year (20xx for a student's birth)", example: "15/08/12" },
  { form: "year-month-day, with -, / or . between", example: "2012-08-15, 2012/08/15, 2012.08.15" },
  { form: "day, month name, year", example: "15 Aug 2012, 15 August 2012, 15-Aug-2012, 15th Aug 2012, 15-Aug-12" },
  { form: "month name, day, year", example: "Aug 15, 2012, August 15 2012" },
  { form: "an Excel serial day number", example: "41136" },
] as const;

export const MONTH_NAMES = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
] as const;

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/**
 * A lookup by spellingKey(spelling), built once per list, and by the spelling exactly as listed:
 * most cells are written as the template lists them, and a 100,000-row import then makes no new
 * strings for them (decision 046: garbage a large import makes is paid in GC pauses).
 */
function lookup<V>(table: Record<string | number, readonly string[]>, value: (key: string) => V) {
  const byKey = new Map<string, V>();
  const exact = new Map<string, V>();
  for (const [key, spellings] of Object.entries(table)) {
    for (const spelling of spellings) {
      byKey.set(spellingKey(spelling), value(key));
      exact.set(spelling, value(key));
    }
  }
  return (text: string): V | undefined => exact.get(text) ?? byKey.get(spellingKey(text));
}

const GENDER_BY_SPELLING = lookup(GENDER_SPELLINGS, (key) => key as Gender);
const LANGUAGE_BY_SPELLING = lookup(LANGUAGE_SPELLINGS, (key) => key as LanguageCode);
const CLASS_BY_SPELLING = lookup(CLASS_SPELLINGS, (key) => Number(key) as ClassLevel);
const BOARD_BY_SPELLING = lookup(BOARD_SPELLINGS, Number);
const CATEGORY_BY_SPELLING = lookup(CATEGORY_SPELLINGS, Number);
const CLASS_WORD_KEYS = /* @__PURE__ */ CLASS_WORDS.map(spellingKey);

export const genderOf = (text: string): Gender | undefined => GENDER_BY_SPELLING(text);
export const languageOf = (text: string): LanguageCode | undefined => LANGUAGE_BY_SPELLING(text);
export const boardOf = (text: string): number | undefined => BOARD_BY_SPELLING(text);
export const categoryOf = (text: string): number | undefined => CATEGORY_BY_SPELLING(text);

/** A class as written, with or without a word for class before or after it; undefined if none. */
export function classOf(text: string): ClassLevel | undefined {
  const listed = CLASS_BY_SPELLING(text);
  if (listed !== undefined) return listed;
  let key = spellingKey(text);
  for (const word of CLASS_WORD_KEYS) {
    if (key.startsWith(word)) key = key.slice(word.length);
    else if (key.endsWith(word)) key = key.slice(0, -word.length);
  }
  return CLASS_BY_SPELLING(key);
}

/** The table as markdown: docs/domain/accepted-spellings.md is this text (spellings.test.ts). */
export function spellingsMarkdown(): string {
  const cell = (values: readonly string[]) => values.map((v) => `\`${v}\``).join(", ");
  const lines = [
    "# Accepted spellings in spreadsheet imports",
    "",
    "<!-- Generated from packages/contracts/src/spellings.ts; packages/contracts/src/spellings.test.ts fails when this file differs. Regenerate: UPDATE_SPELLINGS_DOC=1 npx vitest run packages/contracts/src/spellings.test.ts -->",
    "",
    "Every spreadsheet import (a school's students, a master institute's students and schools, the",
    "coordinators' bulk students, the individual (SIF) students) and the single-student form read",
    "these values. Case, spaces and dots do not matter (`c.b.s.e.` is `CBSE`, `class 8` is `Class 8`).",
    'Files may be XLSX, or CSV/text in UTF-8 (with or without BOM), UTF-16 (Excel\'s "Unicode Text")',
    "or Windows-1252, separated by commas, semicolons or tabs (decision 055).",
    "",
    "## Gender",
    "",
    "| Saved as | Accepted |",
    "| --- | --- |",
    ...GENDERS.map((g) => `| ${g.name} | ${cell(GENDER_SPELLINGS[g.code])} |`),
    "",
    "## Exam language",
    "",
    "| Saved as | Accepted |",
    "| --- | --- |",
    ...LANGUAGES.map((l) => `| ${l.name} | ${cell(LANGUAGE_SPELLINGS[l.code])} |`),
    "",
    "## Class",
    "",
    `Any of these, alone or with ${cell(CLASS_WORDS)} before or after it (\`Class 8\`, \`8th class\`, \`कक्षा VIII\`).`,
    "",
    "| Saved as | Accepted |",
    "| --- | --- |",
    ...CLASS_LEVELS.map((level) => `| ${classLabel(level)} | ${cell(CLASS_SPELLINGS[level])} |`),
    "",
    "## Date of birth",
    "",
    "| Form | Examples |",
    "| --- | --- |",
    ...DATE_FORMS.map((d) => `| ${d.form} | ${d.example} |`),
    "",
    "Month names may be written in full or as their first three letters (`Sept` too), in any case.",
    "",
    "## Board (schools import)",
    "",
    "| Saved as | Accepted |",
    "| --- | --- |",
    ...SCHOOL_BOARDS.map((b) => `| ${b.name} | ${cell(BOARD_SPELLINGS[b.id] ?? [])} |`),
    "",
    "## Category (schools import)",
    "",
    "| Saved as | Accepted |",
    "| --- | --- |",
    ...SCHOOL_CATEGORIES.map((c) => `| ${c.name} | ${cell(CATEGORY_SPELLINGS[c.id] ?? [])} |`),
    "",
  ];
  return lines.join("\n");
}
