/** A date range as ISO calendar dates ("2025-04-01"); either end may be open. */
export interface DateRange {
  from?: string;
  to?: string;
}

export const DATE_RANGE_PRESETS = ["today", "yesterday", "last7", "last30", "thisMonth", "lastMonth"] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];

export const PRESET_LABELS: Record<DateRangePreset, string> = {
  today: "Today",
  yesterday: "Yesterday",
  last7: "Last 7 days",
  last30: "Last 30 days",
  thisMonth: "This month",
  lastMonth: "Last month",
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** "2025-04-01" for a local calendar date. */
export function toIsoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${month}-${day}`;
}

/** A real calendar date in ISO form ("2025-02-30" is not). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== "string" || !ISO_DATE.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** The range a preset names, relative to `today`. */
export function presetRange(preset: DateRangePreset, today: Date = new Date()): Required<DateRange> {
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  switch (preset) {
    case "today":
      return { from: toIsoDate(day), to: toIsoDate(day) };
    case "yesterday": {
      const yesterday = addDays(day, -1);
      return { from: toIsoDate(yesterday), to: toIsoDate(yesterday) };
    }
    case "last7":
      return { from: toIsoDate(addDays(day, -6)), to: toIsoDate(day) };
    case "last30":
      return { from: toIsoDate(addDays(day, -29)), to: toIsoDate(day) };
    case "thisMonth":
      return { from: toIsoDate(new Date(day.getFullYear(), day.getMonth(), 1)), to: toIsoDate(day) };
    case "lastMonth":
      return {
        from: toIsoDate(new Date(day.getFullYear(), day.getMonth() - 1, 1)),
        to: toIsoDate(new Date(day.getFullYear(), day.getMonth(), 0)),
      };
  }
}

/** A range is valid when each given end is a real date and the start is not after the end. */
export function isValidRange(range: DateRange): boolean {
  if (range.from !== undefined && !isIsoDate(range.from)) return false;
  if (range.to !== undefined && !isIsoDate(range.to)) return false;
  return !(range.from && range.to && range.from > range.to);
}

/** "1 Apr 2025 – 30 Apr 2025", "From 1 Apr 2025", "Until …", or "" for no range. */
export function formatRange(range: DateRange, locale = "en-IN"): string {
  const format = (iso: string) => {
    const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
    return new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric" }).format(
      new Date(year, month - 1, day),
    );
  };
  if (range.from && range.to)
    return range.from === range.to ? format(range.from) : `${format(range.from)} – ${format(range.to)}`;
  if (range.from) return `From ${format(range.from)}`;
  if (range.to) return `Until ${format(range.to)}`;
  return "";
}
