/**
 * Fees (docs/domain.md, Fees and payments): one per exam year, exam level and country, in the
 * country's currency, as whole minor units (paise, fils) so that sums are never rounded. Plain
 * values and rules without zod: screens format money in their first view
 * (docs/decisions/007-contracts-constants-without-zod.md).
 */
import { PORTAL_LOCALE } from "./locale";

export const EXAM_LEVELS = [
  { code: "mock", name: "Mock exam" },
  { code: "level1", name: "Level 1" },
  { code: "level2", name: "Level 2" },
] as const;
export type ExamLevel = (typeof EXAM_LEVELS)[number]["code"];

/** An amount of money: an ISO 4217 currency and a whole number of its minor unit. */
export interface Money {
  currency: string;
  amount_minor: number;
}

/**
 * What `unpaidCount` students owe at `fee` (one student's fee): count × fee, in the fee's currency.
 * Null when no fee is set, so that "nothing to pay" and "price unknown" never look alike.
 */
export function amountDue(unpaidCount: number, fee: Money | null): Money | null {
  if (!Number.isSafeInteger(unpaidCount) || unpaidCount < 0) {
    throw new RangeError(`A count of students is a whole number from 0, not ${unpaidCount}`);
  }
  if (!fee) return null;
  if (!Number.isSafeInteger(fee.amount_minor) || fee.amount_minor <= 0) {
    throw new RangeError(`A fee is a whole number of minor units above 0, not ${fee.amount_minor}`);
  }
  const amount = unpaidCount * fee.amount_minor;
  if (!Number.isSafeInteger(amount)) throw new RangeError("The amount is too large to count exactly");
  return { currency: fee.currency, amount_minor: amount };
}

// Building an Intl.NumberFormat costs far more than using one (a list of a thousand amounts, a
// receipt per payment), so each locale and currency gets one, kept for the process.
const currencyFormats: Record<string, Intl.NumberFormat> = {};
const currencyFormat = (locale: string, currency: string): Intl.NumberFormat =>
  (currencyFormats[`${locale}|${currency}`] ??= new Intl.NumberFormat(locale, { style: "currency", currency }));

/** Digits after the decimal point of `currency`, as Intl knows them: INR 2, BHD 3, JPY 0. */
export function minorDigits(currency: string): number {
  return currencyFormat("en", currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/** "₹1,500.00" for 150000 paise, "BHD 2.500" for 2500 fils; Indian digit grouping by default. */
export function formatMoney(money: Money, locale: string = PORTAL_LOCALE): string {
  const digits = minorDigits(money.currency);
  return currencyFormat(locale, money.currency).format(money.amount_minor / 10 ** digits);
}
