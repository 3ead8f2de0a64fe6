import type { ComponentType, ReactNode } from "react";
import { Badge } from "../badge/Badge";
import { Button } from "../button/Button";
import { type DateRange, DateRangePicker } from "../date-range/DateRangePicker";
import { useHydrated } from "../form/use-hydrated";
import { Icon } from "../icon/Icon";
import { Popover } from "../popover/Popover";
import { PlainLink, type ShellLinkProps } from "../shell/types";
import { styled } from "../theme/stitches";
import { VisuallyHidden } from "../visually-hidden/VisuallyHidden";

const Root = styled("div", { display: "flex", flexWrap: "wrap", alignItems: "center", gap: "$2" });
const FilterHead = styled("div", {
  padding: "$4 $5",
  borderBottom: "1px solid $border",
  fontWeight: "$semibold",
  fontSize: "$lg",
  color: "$text",
});
const FilterBody = styled("div", { display: "grid", gap: "$4", padding: "$5" });
const PlainFilters = styled("form", { display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: "$3" });
const FilterFoot = styled("div", {
  display: "flex",
  justifyContent: "flex-end",
  gap: "$2",
  padding: "$3 $5",
  borderTop: "1px solid $border",
});

export interface ToolbarCreate {
  /** "Create" by default. */
  label?: string;
  onClick?: () => void;
  /** Makes it a link (e.g. to the "new" page), rendered by `linkComponent`. */
  href?: string;
}

export interface ToolbarProps {
  /** Filter fields shown in the filter panel; no filter button without them. */
  filters?: ReactNode;
  /** Number of active filters, shown on the filter button. */
  activeFilters?: number;
  onResetFilters?: () => void;
  /**
   * Before JavaScript the filters are a GET form in the page (the popover needs script), each
   * field sent by its `name`; these other URL parameters (the search) go with them (decision 053).
   */
  filterKeeps?: Record<string, string>;
  /** The date-range button (e.g. a registration or payment date filter). */
  dateRange?: DateRange;
  onDateRangeChange?: (range: DateRange) => void;
  dateRangeLabel?: string;
  /** The primary button. */
  create?: ToolbarCreate;
  /** Further actions (Export…), before the primary button. */
  children?: ReactNode;
  linkComponent?: ComponentType<ShellLinkProps>;
}

/**
 * The page toolbar of the portal's list pages (filter button, date-range button and a
 * primary button labelled Create). Sits at the end of the shell's toolbar row.
 */
export function Toolbar({
  filters,
  activeFilters = 0,
  onResetFilters,
  filterKeeps,
  dateRange,
  onDateRangeChange,
  dateRangeLabel = "Date range",
  create,
  children,
  linkComponent: LinkComponent = PlainLink,
}: ToolbarProps) {
  const hydrated = useHydrated();
  return (
    <Root>
      {filters && !hydrated ? (
        <PlainFilters method="get" aria-label="Filter options">
          {Object.entries(filterKeeps ?? {}).map(([name, value]) =>
            value ? <input key={name} type="hidden" name={name} value={value} /> : null,
          )}
          {filters}
          <Button type="submit" variant="secondary" size="sm" icon={<Icon name="filter" size={16} />}>
            Apply filters
          </Button>
        </PlainFilters>
      ) : filters ? (
        <Popover
          label="Filter options"
          align="end"
          width={340}
          trigger={
            <Button variant="secondary" size="sm" icon={<Icon name="filter" size={16} />}>
              Filter{" "}
              {activeFilters ? (
                <Badge tone="success" size="sm">
                  {activeFilters} <VisuallyHidden>active</VisuallyHidden>
                </Badge>
              ) : null}
            </Button>
          }
        >
          {(close) => (
            <>
              <FilterHead>Filter options</FilterHead>
              <FilterBody>{filters}</FilterBody>
              <FilterFoot>
                {onResetFilters ? (
                  <Button variant="ghost" size="sm" onClick={onResetFilters}>
                    Reset
                  </Button>
                ) : null}
                <Button size="sm" onClick={close}>
                  Done
                </Button>
              </FilterFoot>
            </>
          )}
        </Popover>
      ) : null}
      {onDateRangeChange ? (
        <DateRangePicker value={dateRange ?? {}} onChange={onDateRangeChange} label={dateRangeLabel} />
      ) : null}
      {children}
      {create ? (
        create.href !== undefined ? (
          <Button asChild size="sm">
            <LinkComponent href={create.href}>
              <Icon name="plus" size={16} />
              {create.label ?? "Create"}
            </LinkComponent>
          </Button>
        ) : (
          <Button size="sm" icon={<Icon name="plus" size={16} />} onClick={create.onClick}>
            {create.label ?? "Create"}
          </Button>
        )
      ) : null}
    </Root>
  );
}
