/**
 * Counts in words ("1 unpaid student", "2 unpaid students"): the one plural helper of the portal
 * (issue 35 item 8). The form is chosen by the language's plural rules (Intl.PluralRules), not by
 * `n === 1`: Hindi, for one, says "0 छात्र" with its singular ("one" covers 0 and 1), and a
 * language with more forms (Arabic script languages differ again) gives them by category. The
 * number is written the portal's way (1,00,000). Plain values, no zod, so screens import it cheaply.
 */
import { PORTAL_LOCALE } from "./locale";

/** The forms of one counted word, by plural category; `other` is required (every language has it). */
export type PluralForms = Readonly<Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>;

/** One formatter per locale, made on first use. */
function perLocale<T>(make: (locale: string) => T): (locale: string) => T {
  const made = new Map<string, T>();
  return (locale) => {
    let value = made.get(locale);
    if (value === undefined) {
      value = make(locale);
      made.set(locale, value);
    }
    return value;
  };
}

const rulesFor = perLocale((locale) => new Intl.PluralRules(locale));
const numbersFor = perLocale((locale) => new Intl.NumberFormat(locale));

/** The word for `count` in `locale` ("student" or "students"), from its forms. */
export function pluralWord(count: number, forms: PluralForms, locale: string = PORTAL_LOCALE): string {
  return forms[rulesFor(locale).select(count)] ?? forms.other;
}

/** The count and its word: "1 unpaid student", "1,250 unpaid students". */
export function countOf(count: number, forms: PluralForms, locale: string = PORTAL_LOCALE): string {
  return `${numbersFor(locale).format(count)} ${pluralWord(count, forms, locale)}`;
}

/**
 * The portal's counted words in English, written once. A sentence that needs another word adds
 * it here, so the next "1 students" has nowhere to hide (plural-check.test.ts looks for it).
 */
export const COUNTED = {
  student: { one: "student", other: "students" },
  unpaidStudent: { one: "unpaid student", other: "unpaid students" },
  studyMaterial: { one: "study material", other: "study materials" },
  page: { one: "page", other: "pages" },
  school: { one: "school", other: "schools" },
  row: { one: "row", other: "rows" },
  item: { one: "item", other: "items" },
  minute: { one: "minute", other: "minutes" },
  hour: { one: "hour", other: "hours" },
  second: { one: "second", other: "seconds" },
  entry: { one: "entry", other: "entries" },
  certificate: { one: "certificate", other: "certificates" },
  admitCard: { one: "admit card", other: "admit cards" },
  message: { one: "message", other: "messages" },
  notification: { one: "notification", other: "notifications" },
  attempt: { one: "attempt", other: "attempts" },
  question: { one: "question", other: "questions" },
  mark: { one: "mark", other: "marks" },
  translation: { one: "translation", other: "translations" },
  thing: { one: "thing", other: "things" },
  institute: { one: "institute", other: "institutes" },
  column: { one: "column", other: "columns" },
  answer: { one: "answer", other: "answers" },
  recipient: { one: "recipient", other: "recipients" },
  address: { one: "address", other: "addresses" },
  order: { one: "order", other: "orders" },
  sheet: { one: "sheet", other: "sheets" },
  answerSheet: { one: "answer sheet", other: "answer sheets" },
  /** Verbs that agree with a count: "1 row has", "2 rows have". */
  is: { one: "is", other: "are" },
  was: { one: "was", other: "were" },
  has: { one: "has", other: "have" },
} as const satisfies Record<string, PluralForms>;
