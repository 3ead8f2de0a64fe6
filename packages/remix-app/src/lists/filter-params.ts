import { useLocation, useSearchParams } from "@remix-run/react";
// The query helpers only: the table itself would join every list page that has no table.
import { type TableQuery, tableQueryToParams } from "@repo/ui/data-table/query";

/** Filters to set: a value, a list (one parameter per value), or empty to clear the filter. */
export type FilterChanges = Record<string, string | readonly string[] | null | undefined>;

export interface FilterOptions {
  /** Stay on the list's page (opening a row's detail is no new filter). */
  keepPage?: boolean;
}

/**
 * The list's URL parameters after `changes`: each filter set (a list as one parameter per value)
 * or cleared when empty, back to the first page unless `keepPage`; every other parameter stays.
 */
export function withFilters(
  params: URLSearchParams,
  changes: FilterChanges,
  options: FilterOptions = {},
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    // `set` keeps the parameter where it was in the address.
    if (typeof value === "string" && value) next.set(key, value);
    else next.delete(key);
    if (typeof value === "object" && value) for (const item of value) next.append(key, item);
  }
  if (!options.keepPage) next.delete("page");
  return next;
}

/** A list's URL parameters and the ways its screen changes them. */
export interface FilterParams {
  /** Sets (or, with an empty value, clears) filters and goes back to the first page. */
  (changes: FilterChanges, options?: FilterOptions): void;
  /** The URL's parameters now. */
  params: URLSearchParams;
  /** The address of this list with `changes`, for a link (a filter that works without script). */
  href: (changes: FilterChanges, options?: FilterOptions) => string;
  /** The DataTable's page, page size, search and sort (its `onQueryChange`), keeping the filters. */
  query: (next: TableQuery) => void;
  /** No filters, no search, the first page (the Toolbar's "Reset"). */
  reset: () => void;
}

/**
 * The one way list screens read and change their URL: filters, the table's query and the reset,
 * each keeping the scroll position (docs/decisions/053: the same parameters the plain GET forms send).
 */
export function useFilterParams(): FilterParams {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const go = (next: URLSearchParams) => setParams(next, { preventScrollReset: true });
  const filter = (changes: FilterChanges, options?: FilterOptions) => go(withFilters(params, changes, options));
  return Object.assign(filter, {
    params,
    href: (changes: FilterChanges, options?: FilterOptions) => `${pathname}?${withFilters(params, changes, options)}`,
    query: (next: TableQuery) => go(tableQueryToParams(next, params)),
    reset: () => go(new URLSearchParams()),
  });
}
