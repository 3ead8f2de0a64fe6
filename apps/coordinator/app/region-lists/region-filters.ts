import { regionField } from "@repo/remix-app/regions/levels";
import type { DateRange } from "@repo/ui/date-range";

/** The region levels the coordinators' lists filter by (RegionPicker), each below the one before. */
export const REGION_LIST_LEVELS = ["zone", "state", "prant", "district"] as const;

/** Their URL parameters. */
export const REGION_PARAMS = REGION_LIST_LEVELS.map(regionField);

/** The URL's registration dates for the toolbar's date button. */
export function dateRangeOf(params: URLSearchParams): DateRange {
  const range: DateRange = {};
  const from = params.get("from");
  const to = params.get("to");
  if (from) range.from = from;
  if (to) range.to = to;
  return range;
}
