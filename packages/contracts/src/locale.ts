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
