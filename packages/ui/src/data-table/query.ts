import { DEFAULT_PAGE, DEFAULT_PER_PAGE, MAX_PER_PAGE } from "@repo/contracts/pagination-constants";

/**
 * The state of a server-paginated list, as the API and the URL carry it (the API's paging limits,
 * from packages/contracts). Pages keep it in the URL's search parameters so that reloads and links
 * keep the view.
 */
export { DEFAULT_PAGE };
export const DEFAULT_PAGE_SIZE = DEFAULT_PER_PAGE;
export const MAX_PAGE_SIZE = MAX_PER_PAGE;
/** Typing pauses this long before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 400;

export type SortDirection = "asc" | "desc";

export interface TableQuery {
  page: number;
  perPage: number;
  search: string;
  sort?: { column: string; direction: SortDirection };
}

export const DEFAULT_QUERY: TableQuery = { page: DEFAULT_PAGE, perPage: DEFAULT_PAGE_SIZE, search: "" };

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === null || !/^\d+$/.test(value)) return fallback;
  const number = Number(value);
  return number >= 1 ? Math.min(number, max) : fallback;
}

/** Reads a query from URL parameters (page, per_page, search, sort, direction); bad values fall back. */
export function parseTableQuery(params: URLSearchParams, sortableColumns?: readonly string[]): TableQuery {
  const query: TableQuery = {
    page: positiveInt(params.get("page"), DEFAULT_PAGE),
    perPage: positiveInt(params.get("per_page"), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    search: (params.get("search") ?? "").trim(),
  };
  const column = params.get("sort");
  const direction = params.get("direction");
  if (column && (!sortableColumns || sortableColumns.includes(column))) {
    query.sort = { column, direction: direction === "desc" ? "desc" : "asc" };
  }
  return query;
}

/** Writes a query into URL parameters, leaving defaults out; other parameters (filters) are kept. */
export function tableQueryToParams(query: TableQuery, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  const set = (key: string, value: string | undefined) =>
    value === undefined ? params.delete(key) : params.set(key, value);
  set("page", query.page !== DEFAULT_PAGE ? String(query.page) : undefined);
  set("per_page", query.perPage !== DEFAULT_PAGE_SIZE ? String(query.perPage) : undefined);
  set("search", query.search.trim() ? query.search.trim() : undefined);
  set("sort", query.sort?.column);
  set("direction", query.sort ? query.sort.direction : undefined);
  return params;
}

/** Clicking a column header cycles ascending → descending → unsorted. */
export function nextSort(current: TableQuery["sort"], column: string): TableQuery["sort"] {
  if (current?.column !== column) return { column, direction: "asc" };
  if (current.direction === "asc") return { column, direction: "desc" };
  return undefined;
}

/** "Showing 11–20 of 57" (or "No entries"). */
export function rangeText(page: number, perPage: number, total: number, locale = "en-IN"): string {
  if (total <= 0) return "No entries";
  const number = new Intl.NumberFormat(locale);
  const first = (page - 1) * perPage + 1;
  const last = Math.min(page * perPage, total);
  return `Showing ${number.format(first)}–${number.format(last)} of ${number.format(total)}`;
}
