import { useSearchParams } from "@remix-run/react";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import type { DateRange } from "@repo/ui/date-range";
import { Select, type SelectOption } from "@repo/ui/select";

/** The URL parameters of the region filters, each level cleared when the one above it changes. */
export const REGION_PARAMS = ["zone_id", "state_id", "prant_id", "district_id"] as const;

/**
 * Zone, state, prant and district pickers: each offers the nodes inside the viewer's region under
 * the one chosen above it (a district coordinator sees its own district only).
 */
export function RegionFilters({
  regions,
}: {
  regions: { zones: SelectOption[]; states: SelectOption[]; prants: SelectOption[]; districts: SelectOption[] };
}) {
  const [params] = useSearchParams();
  const filter = useFilterParams();
  const below = (level: (typeof REGION_PARAMS)[number]) =>
    Object.fromEntries(REGION_PARAMS.slice(REGION_PARAMS.indexOf(level) + 1).map((p) => [p, null]));
  return (
    <>
      <Select
        label="Zone"
        placeholder="All zones"
        options={regions.zones}
        value={params.get("zone_id") ?? ""}
        onChange={(event) => filter({ zone_id: event.target.value, ...below("zone_id") })}
      />
      <Select
        label="State"
        placeholder="All states"
        options={regions.states}
        value={params.get("state_id") ?? ""}
        onChange={(event) => filter({ state_id: event.target.value, ...below("state_id") })}
      />
      <Select
        label="Prant"
        placeholder={params.get("state_id") ? "All prants" : "Choose a state first"}
        options={regions.prants}
        value={params.get("prant_id") ?? ""}
        onChange={(event) => filter({ prant_id: event.target.value, ...below("prant_id") })}
      />
      <Select
        label="District"
        placeholder={params.get("prant_id") ? "All districts" : "Choose a prant first"}
        options={regions.districts}
        value={params.get("district_id") ?? ""}
        onChange={(event) => filter({ district_id: event.target.value })}
      />
    </>
  );
}

/** The URL's registration dates for the toolbar's date button. */
export function dateRangeOf(params: URLSearchParams): DateRange {
  const range: DateRange = {};
  const from = params.get("from");
  const to = params.get("to");
  if (from) range.from = from;
  if (to) range.to = to;
  return range;
}
