import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Button } from "../button/Button";
import { Checkbox } from "../checkbox/Checkbox";
import { EmptyState } from "../empty-state/EmptyState";
import { Icon } from "../icon/Icon";
import type { VariantValue } from "../internal/styled-props";
import { Pagination } from "../pagination/Pagination";
import { pageCountOf } from "../pagination/pages";
import { Skeleton } from "../skeleton/Skeleton";
import { TextField } from "../text-field/TextField";
import { focusRing } from "../theme/focus";
import { styled } from "../theme/stitches";
import { VisuallyHidden } from "../visually-hidden/VisuallyHidden";
import { nextSort, rangeText, SEARCH_DEBOUNCE_MS, type TableQuery } from "./query";

export type { SortDirection, TableQuery } from "./query";
export { DEFAULT_PAGE_SIZE, DEFAULT_QUERY, parseTableQuery, tableQueryToParams } from "./query";

const Root = styled("div", {
  backgroundColor: "$surface",
  border: "1px solid $border",
  borderRadius: "$lg",
  boxShadow: "$card",
  minWidth: 0,
});
const Bar = styled("div", {
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "$3",
  padding: "$4 $5",
  minHeight: "72px",
  "&[data-selection]": { backgroundColor: "$primaryLight" },
});
const SearchBox = styled("form", { width: "100%", maxWidth: "300px" });
const BarEnd = styled("div", { display: "flex", flexWrap: "wrap", alignItems: "center", gap: "$2" });
const Scroll = styled("div", {
  overflowX: "auto",
  "&:focus-visible": { ...focusRing, outlineOffset: "-2px" },
});
const Table = styled("table", {
  width: "100%",
  borderCollapse: "collapse",
  fontSize: "$md",
  "& caption": { textAlign: "start" },
});
const Th = styled("th", {
  padding: "$3 $4",
  textAlign: "start",
  fontSize: "$xs",
  fontWeight: "$semibold",
  letterSpacing: "0.05em",
  textTransform: "uppercase",
  color: "$textMuted",
  whiteSpace: "nowrap",
  borderBottom: "1px solid $border",
  backgroundColor: "$surfaceMuted",
  "&:first-child": { paddingInlineStart: "$5" },
  "&:last-child": { paddingInlineEnd: "$5" },
  variants: { align: { start: {}, center: { textAlign: "center" }, end: { textAlign: "end" } } },
});
const SortButton = styled("button", {
  all: "unset",
  display: "inline-flex",
  alignItems: "center",
  gap: "$1",
  cursor: "pointer",
  borderRadius: "$sm",
  textTransform: "inherit",
  "&:hover": { color: "$primaryText" },
  "&:focus-visible": focusRing,
  "& svg": { opacity: 0.5 },
  "[aria-sort=ascending] & svg, [aria-sort=descending] & svg": { opacity: 1, color: "$primaryText" },
});
const Td = styled("td", {
  padding: "$3 $4",
  color: "$gray800",
  borderBottom: "1px dashed $border",
  verticalAlign: "middle",
  "&:first-child": { paddingInlineStart: "$5" },
  "&:last-child": { paddingInlineEnd: "$5" },
  "tr:last-child > &": { borderBottom: 0 },
  variants: { align: { start: {}, center: { textAlign: "center" }, end: { textAlign: "end" } } },
});
const Tr = styled("tr", {
  transition: "background-color $fast",
  "tbody > &:hover": { backgroundColor: "$surfaceMuted" },
  "&[data-selected]": { backgroundColor: "$primaryLight !important" },
});
const Foot = styled("div", {
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "$3",
  padding: "$4 $5",
  borderTop: "1px solid $border",
  fontSize: "$sm",
  color: "$textMuted",
});

export interface DataTableColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  align?: VariantValue<typeof Td, "align">;
  /** The column's width in px (the kit writes the unit), e.g. 120. */
  width?: number;
  /** The narrowest the column may get, in px: a name or a list that should not be squeezed. */
  minWidth?: number;
}

export interface DataTableProps<Row> {
  /** Names the table (its caption, hidden) and its scroll region. */
  label: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Names a row for its selection checkbox ("Select Asha Patil"). */
  rowLabel?: (row: Row) => string;
  /** Number of rows on the server, for the pagination. */
  total: number;
  query: TableQuery;
  onQueryChange: (query: TableQuery) => void;
  status?: "ready" | "loading" | "error";
  errorMessage?: string;
  onRetry?: () => void;
  searchable?: boolean;
  searchPlaceholder?: string;
  /**
   * The page's other URL parameters (its filters), kept by the search box, a GET form, when it is
   * sent without JavaScript (decision 053); `search` and `page` are its own.
   */
  searchKeeps?: URLSearchParams;
  /** Controls beside the search (a Toolbar with filters, an Export button). */
  actions?: ReactNode;
  selectable?: boolean;
  selected?: readonly string[];
  onSelectedChange?: (keys: string[]) => void;
  /**
   * Names the row checkboxes (`name`, each row's key its value) and ties them to the form whose id
   * is `form`, which then posts the ticked rows without JavaScript (decision 053).
   */
  selectionField?: { form: string; name: string };
  /** Buttons for the selected rows (Delete, Mark paid), shown instead of the search bar. */
  bulkActions?: (keys: string[]) => ReactNode;
  emptyTitle?: string;
  emptyDescription?: ReactNode;
  emptyAction?: ReactNode;
}

/**
 * A server-paginated table: debounced search, sortable columns, loading, empty and error states,
 * row selection with bulk actions, and pages of `query.perPage` rows (10 by default). The table
 * never fetches: it reports the wanted query and the page loads it (from the URL, in Remix).
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowLabel,
  total,
  query,
  onQueryChange,
  status = "ready",
  errorMessage = "The list could not be loaded. Please try again.",
  onRetry,
  searchable = true,
  searchPlaceholder = "Search",
  searchKeeps,
  actions,
  selectable = false,
  selected = [],
  onSelectedChange,
  selectionField,
  bulkActions,
  emptyTitle = "No records found",
  emptyDescription,
  emptyAction,
}: DataTableProps<Row>) {
  const captionId = useId();
  const [term, setTerm] = useState(query.search);
  const queryRef = useRef(query);
  queryRef.current = query;
  useEffect(() => setTerm(query.search), [query.search]);
  // Send the search once typing pauses; an empty box clears it at once.
  useEffect(() => {
    if (term.trim() === queryRef.current.search.trim()) return;
    const send = () => onQueryChange({ ...queryRef.current, search: term.trim(), page: 1 });
    if (term.trim() === "") {
      send();
      return;
    }
    const timer = setTimeout(send, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, onQueryChange]);

  const keys = rows.map(rowKey);
  const chosen = new Set(selected);
  const pageChosen = keys.filter((key) => chosen.has(key)).length;
  const setChosen = (next: Set<string>) => onSelectedChange?.([...next]);
  const columnCount = columns.length + (selectable ? 1 : 0);
  const pageCount = pageCountOf(total, query.perPage);
  const loading = status === "loading";

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: Math.min(query.perPage, 10) }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
      <Tr key={index}>
        {selectable ? (
          <Td>
            <Skeleton width={18} height={18} shape="rect" />
          </Td>
        ) : null}
        {columns.map((column) => (
          <Td key={column.id}>
            <Skeleton width={`${50 + ((index * 17 + column.id.length * 7) % 40)}%`} />
          </Td>
        ))}
      </Tr>
    ));
  } else if (status === "error" || rows.length === 0) {
    body = (
      <tr>
        <td colSpan={columnCount}>
          {status === "error" ? (
            <EmptyState
              role="alert"
              tone="danger"
              icon="warning"
              title="Something went wrong"
              description={errorMessage}
              action={
                onRetry ? (
                  <Button variant="secondary" icon={<Icon name="refresh" size={16} />} onClick={onRetry}>
                    Try again
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <EmptyState
              role="status"
              title={emptyTitle}
              description={emptyDescription}
              action={emptyAction}
              icon="search"
            />
          )}
        </td>
      </tr>
    );
  } else {
    body = rows.map((row) => {
      const key = rowKey(row);
      const isChosen = chosen.has(key);
      return (
        <Tr key={key} data-selected={isChosen ? "" : undefined}>
          {selectable ? (
            <Td css={{ width: "48px" }}>
              <Checkbox
                aria-label={`Select ${rowLabel ? rowLabel(row) : key}`}
                form={selectionField?.form}
                name={selectionField?.name}
                value={key}
                checked={isChosen}
                onChange={(event) => {
                  const next = new Set(chosen);
                  if (event.target.checked) next.add(key);
                  else next.delete(key);
                  setChosen(next);
                }}
              />
            </Td>
          ) : null}
          {columns.map((column) => (
            <Td key={column.id} align={column.align ?? "start"}>
              {column.cell(row)}
            </Td>
          ))}
        </Tr>
      );
    });
  }

  return (
    <Root>
      {selectable && selected.length > 0 && bulkActions ? (
        <Bar data-selection="" role="region" aria-label="Bulk actions">
          <span style={{ fontWeight: 600 }} aria-live="polite">
            {selected.length} selected
          </span>
          <BarEnd>
            {bulkActions([...selected])}
            <Button variant="ghost" size="sm" onClick={() => setChosen(new Set())}>
              Clear selection
            </Button>
          </BarEnd>
        </Bar>
      ) : searchable || actions ? (
        <Bar>
          {searchable ? (
            <SearchBox
              role="search"
              method="get"
              onSubmit={(event) => {
                event.preventDefault();
                onQueryChange({ ...query, search: term.trim(), page: 1 });
              }}
            >
              {[...(searchKeeps ?? [])]
                .filter(([name]) => name !== "search" && name !== "page")
                .map(([name, value]) => (
                  <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
                ))}
              <TextField
                type="search"
                name="search"
                label={`Search ${label}`}
                hideLabel
                icon={<Icon name="search" size={18} />}
                placeholder={searchPlaceholder}
                value={term}
                onChange={(event) => setTerm(event.target.value)}
              />
            </SearchBox>
          ) : (
            <span />
          )}
          {actions ? <BarEnd>{actions}</BarEnd> : null}
        </Bar>
      ) : null}
      {/* A focusable region: keyboard users can scroll a wide table sideways. */}
      <Scroll tabIndex={0} role="region" aria-labelledby={captionId}>
        <Table aria-busy={loading || undefined}>
          <caption id={captionId}>
            <VisuallyHidden>{label}</VisuallyHidden>
          </caption>
          <thead>
            <tr>
              {selectable ? (
                <Th css={{ width: "48px" }}>
                  <Checkbox
                    aria-label="Select all rows on this page"
                    checked={keys.length > 0 && pageChosen === keys.length}
                    indeterminate={pageChosen > 0 && pageChosen < keys.length}
                    disabled={keys.length === 0 || loading}
                    onChange={(event) => {
                      const next = new Set(chosen);
                      for (const key of keys) {
                        if (event.target.checked) next.add(key);
                        else next.delete(key);
                      }
                      setChosen(next);
                    }}
                  />
                </Th>
              ) : null}
              {columns.map((column) => {
                const sorted = query.sort?.column === column.id ? query.sort.direction : undefined;
                return (
                  <Th
                    key={column.id}
                    scope="col"
                    align={column.align ?? "start"}
                    // React writes a number as px.
                    style={{ width: column.width, minWidth: column.minWidth }}
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                  >
                    {column.sortable ? (
                      <SortButton
                        type="button"
                        onClick={() => onQueryChange({ ...query, sort: nextSort(query.sort, column.id), page: 1 })}
                      >
                        {column.header}
                        <Icon
                          name={sorted === "asc" ? "arrow-up" : sorted === "desc" ? "arrow-down" : "arrow-up-down"}
                          size={14}
                        />
                      </SortButton>
                    ) : (
                      column.header
                    )}
                  </Th>
                );
              })}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </Table>
        {loading ? <VisuallyHidden role="status">Loading {label}</VisuallyHidden> : null}
      </Scroll>
      {status === "ready" && total > 0 ? (
        <Foot>
          <span>{rangeText(query.page, query.perPage, total)}</span>
          <Pagination
            page={query.page}
            pageCount={pageCount}
            onPageChange={(page) => onQueryChange({ ...query, page })}
          />
        </Foot>
      ) : null}
    </Root>
  );
}
