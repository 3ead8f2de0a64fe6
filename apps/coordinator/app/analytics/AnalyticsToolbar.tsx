import { useSearchParams } from "@remix-run/react";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { RegionPicker } from "@repo/remix-app/lists/region-picker";
import type { SelectOption } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Toolbar } from "@repo/ui/toolbar";
import { dateRangeOf } from "../region-lists/date-range";

/** Zone and state pickers and the toolbar's date range: what every chart of the page follows. */
export function AnalyticsToolbar({
  regions,
  withDates = true,
}: {
  regions: { zone: SelectOption[]; state: SelectOption[] };
  withDates?: boolean;
}) {
  const [params] = useSearchParams();
  const filter = useFilterParams();
  const active = ["zone_id", "state_id"].filter((p) => params.get(p)).length;
  return (
    <Toolbar
      filters={
        <Stack gap={4}>
          <RegionPicker levels={["zone", "state"]} options={regions} />
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
