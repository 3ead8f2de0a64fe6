import type { DateRange } from "@repo/ui/date-range";

/** The URL's registration dates for the toolbar's date button. */
export function dateRangeOf(params: URLSearchParams): DateRange {
  const range: DateRange = {};
  const from = params.get("from");
  const to = params.get("to");
  if (from) range.from = from;
  if (to) range.to = to;
  return range;
}
