/**
 * The portal writes numbers the Indian way and counts days in India's time zone: a date filter
 * "from 2026-11-23" starts at midnight in India, wherever the server runs.
 */
export const PORTAL_LOCALE = "en-IN";
export const PORTAL_TIME_ZONE = "Asia/Kolkata";
/** What forms say beside a time entered in India time. */
export const PORTAL_TIME_HINT = "India time (IST)";

// India has kept UTC+05:30 all year since 1945 (no daylight saving), so a fixed offset is exact.
const INDIA_OFFSET = "+05:30";
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000;
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A wall-clock time as a datetime-local input sends it ("2026-12-01T09:00"), read as India time,
 * as an ISO instant ("2026-12-01T03:30:00.000Z"); null when it is not such a time (or not a real date).
 */
export function indiaWallTimeToIso(wallTime: string): string | null {
  const match = WALL_TIME.exec(wallTime.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s = "00"] = match;
  const instant = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${INDIA_OFFSET}`);
  if (Number.isNaN(instant.getTime())) return null;
  // Date rolls 2026-02-30 over to March; a wall time that does not round-trip is not a real date.
  if (isoToIndiaWallTime(instant.toISOString()).slice(0, 10) !== `${y}-${mo}-${d}`) return null;
  return instant.toISOString();
}

/** An ISO instant as India's wall-clock time, to the minute, in datetime-local form ("2026-12-01T09:00"). */
export function isoToIndiaWallTime(iso: string): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return "";
  return new Date(time + INDIA_OFFSET_MS).toISOString().slice(0, 16);
}

/** A language's Intl locale: the language as written in India, digits Latin (as roll numbers are). */
export const intlLocale = (code: string) => `${code}-IN-u-nu-latn`;

const noon = (isoDay: string) => new Date(`${isoDay}T12:00:00Z`);

/**
 * Dates and times as a language writes them, in India's time: the one formatter of the pages a
 * student reads and the PDFs it prints (issue 35 item 7). English reads "10:00 am"; the other
 * languages read a 24-hour clock, because ICU's am/pm for them are Latin letters ("10:00 am बजे").
 * A moment with its time is `{date}, {time}` unless the language's own words say otherwise.
 */
export function dateFormats(code: string) {
  const intl = intlLocale(code);
  const zone = { timeZone: PORTAL_TIME_ZONE };
  const date = new Intl.DateTimeFormat(intl, { dateStyle: "full", ...zone });
  const day = new Intl.DateTimeFormat(intl, { dateStyle: "long", ...zone });
  const time = new Intl.DateTimeFormat(intl, {
    hour: "numeric",
    minute: "2-digit",
    ...(code === "en" ? { hour12: true } : { hourCycle: "h23" as const }),
    ...zone,
  });
  // A calendar day (YYYY-MM-DD) is read at noon UTC, so no time zone moves it to another day.
  const calendar = new Intl.DateTimeFormat(intl, { dateStyle: "long", timeZone: "UTC" });
  return {
    /** "Sunday, 13 December 2026" */
    date: (moment: Date | string) => date.format(new Date(moment)),
    /** "13 December 2026" */
    day: (moment: Date | string) => day.format(new Date(moment)),
    /** "10:00 am" (English), "10:00" */
    time: (moment: Date | string) => time.format(new Date(moment)),
    /** The date and the time through the language's template ("{date}, {time}"). */
    at: (moment: Date | string, template = "{date}, {time}") =>
      template.replace("{date}", date.format(new Date(moment))).replace("{time}", time.format(new Date(moment))),
    /** A calendar day, or a range of them ("10–12 January 2027"). */
    days: (start: string, end?: string | null) =>
      end && end !== start ? calendar.formatRange(noon(start), noon(end)) : calendar.format(noon(start)),
  };
}
