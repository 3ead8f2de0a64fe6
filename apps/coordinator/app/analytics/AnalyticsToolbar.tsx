import { useSearchParams } from "@remix-run/react";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Toolbar } from "@repo/ui/toolbar";
import { dateRangeOf } from "../region-lists/RegionFilters";

/** Zone and state pickers and the toolbar's date range: what every chart of the page follows. */
export function AnalyticsToolbar({
  regions,
  withDates = true,
}: {
  regions: { zones: { value: string; label: string }[]; states: { value: string; label: string }[] };
  withDates?: boolean;
}) {
  const [params] = useSearchParams();
  const filter = useFilterParams();
  const active = ["zone_id", "state_id"].filter((p) => params.get(p)).length;
  return (
    <Toolbar
      filters={
        <Stack gap={4}>
          <Select
            label="Zone"
            placeholder="All zones"
            options={regions.zones}
            value={params.get("zone_id") ?? ""}
            onChange={(event) => filter({ zone_id: event.target.value, state_id: null })}
          />
          <Select
            label="State"
            placeholder="All states"
            options={regions.states}
            value={params.get("state_id") ?? ""}
            onChange={(event) => filter({ state_id: event.target.value })}
          />
        </Stack>
      }
      activeFilters={active}
      onResetFilters={() => filter({ zone_id: null, state_id: null })}
      {...(withDates
        ? {
            dateRange: dateRangeOf(params),
            onDateRangeChange: (range: { from?: string; to?: string }) =>
              filter({ from: range.from ?? null, to: range.to ?? null }),
            dateRangeLabel: "Registration date",
          }
        : {})}
    />
  );
}
