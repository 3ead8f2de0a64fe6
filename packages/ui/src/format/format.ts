/**
 * How the portal writes numbers and moments: Indian grouping (1,00,000) and day-month-year, in
 * India's time zone unless a page says otherwise. Plain functions, the same on server and client,
 * so server-rendered text matches the hydrated page.
 */
import { PORTAL_LOCALE, PORTAL_TIME_ZONE } from "@repo/contracts/locale";

const dateTime = new Intl.DateTimeFormat(PORTAL_LOCALE, {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: PORTAL_TIME_ZONE,
});
const dateOnly = new Intl.DateTimeFormat(PORTAL_LOCALE, { dateStyle: "medium", timeZone: PORTAL_TIME_ZONE });

const parse = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** "23 Nov 2026, 4:05 pm"; an empty string for nothing or an unreadable value. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return "";
  const date = parse(value);
  return Number.isNaN(date.getTime()) ? "" : dateTime.format(date);
}

/** "23 Nov 2026". */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return "";
  const date = parse(value);
  return Number.isNaN(date.getTime()) ? "" : dateOnly.format(date);
}

/** 123456 → "1,23,456". */
export function formatCount(value: number): string {
  return value.toLocaleString(PORTAL_LOCALE);
}
