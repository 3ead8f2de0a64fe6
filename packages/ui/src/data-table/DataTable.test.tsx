// @vitest-environment happy-dom
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../test/dom";
import { Button } from "../button/Button";
import { DataTable, type DataTableColumn, type DataTableProps, DEFAULT_QUERY, type TableQuery } from "./DataTable";
import { type DemoStudent, queryStudents } from "./demo";

const columns: DataTableColumn<DemoStudent>[] = [
  { id: "name", header: "Student", cell: (row) => row.name, sortable: true },
  { id: "school", header: "School", cell: (row) => row.school },
  { id: "district", header: "District", cell: (row) => row.district, sortable: true },
];

function Harness(props: Partial<DataTableProps<DemoStudent>> & { onQuery?: (query: TableQuery) => void }) {
  const [query, setQuery] = useState<TableQuery>(DEFAULT_QUERY);
  const [selected, setSelected] = useState<string[]>([]);
  const { rows, total } = queryStudents(query);
  return (
    <DataTable
      label="Students"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowLabel={(row) => row.name}
      total={total}
      query={query}
      onQueryChange={(next) => {
        props.onQuery?.(next);
        setQuery(next);
      }}
      selected={selected}
      onSelectedChange={setSelected}
      {...props}
    />
  );
}

const bodyRows = () => within(screen.getAllByRole("rowgroup")[1] as HTMLElement).getAllByRole("row");

afterEach(() => vi.useRealTimers());

describe("DataTable", () => {
  it("is a named table showing the first page of 10 rows and the range", () => {
    render(<Harness />);
    expect(screen.getByRole("table", { name: "Students" })).toBeTruthy();
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText("Showing 1–10 of 57")).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Pagination" })).toBeTruthy();
  });

  it("pages through the server's rows", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Page 6" }));
    expect(bodyRows()).toHaveLength(7);
    expect(screen.getByText("Showing 51–57 of 57")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Page 6" }).getAttribute("aria-current")).toBe("page");
    expect((screen.getByRole("button", { name: "Next page" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("sorts by a column, announcing the order on the header", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const header = screen.getByRole("columnheader", { name: /Student/ });
    await user.click(within(header).getByRole("button"));
    expect(header.getAttribute("aria-sort")).toBe("ascending");
    await user.click(within(header).getByRole("button"));
    expect(header.getAttribute("aria-sort")).toBe("descending");
    await user.click(within(header).getByRole("button"));
    expect(header.hasAttribute("aria-sort")).toBe(false);
  });

  it("debounces the search and goes back to page 1", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onQuery = vi.fn();
    render(<Harness onQuery={onQuery} />);
    await user.click(screen.getByRole("button", { name: "Page 2" }));
    onQuery.mockClear();
    await user.type(screen.getByRole("searchbox", { name: "Search Students" }), "Nagpur");
    expect(onQuery).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    expect(onQuery).toHaveBeenCalledOnce();
    expect(onQuery.mock.calls[0]?.[0]).toMatchObject({ search: "Nagpur", page: 1 });
    expect(bodyRows().every((row) => row.textContent?.includes("Nagpur"))).toBe(true);
  });

  it("shows loading, empty and error states", async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const { rerender } = render(<Harness status="loading" />);
    expect(screen.getByRole("table").getAttribute("aria-busy")).toBe("true");
    expect(screen.getByRole("status").textContent).toBe("Loading Students");
    rerender(<Harness rows={[]} total={0} emptyTitle="No students yet" />);
    expect(screen.getByRole("status").textContent).toContain("No students yet");
    rerender(<Harness status="error" errorMessage="Students list API failed, please try again" onRetry={onRetry} />);
    expect(screen.getByRole("alert").textContent).toContain("Students list API failed, please try again");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("selects rows for bulk actions, page by page", async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(
      <Harness
        selectable
        bulkActions={(keys) => (
          <Button variant="danger" size="sm" onClick={() => onDelete(keys)}>
            Delete
          </Button>
        )}
      />,
    );
    await user.click(screen.getByRole("checkbox", { name: /Select Aarav Patil$/ }));
    const all = screen.getByRole("checkbox", { name: "Select all rows on this page" }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    expect(screen.getByText("1 selected")).toBeTruthy();
    await user.click(all);
    expect(screen.getByText("10 selected")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(onDelete.mock.calls[0]?.[0]).toHaveLength(10);
    await user.click(screen.getByRole("button", { name: "Clear selection" }));
    expect(screen.queryByText(/selected/)).toBeNull();
  });
});

describe("DataTable without JavaScript (decision 053)", () => {
  it("sends its search, the page's other parameters and the ticked rows by plain forms", async () => {
    const { renderToString } = await import("react-dom/server");
    const { rows, total } = queryStudents(DEFAULT_QUERY);
    const html = renderToString(
      <DataTable
        label="Students"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        total={total}
        query={DEFAULT_QUERY}
        onQueryChange={() => {}}
        searchKeeps={new URLSearchParams("class_level=8&page=3&search=old")}
        selectable
        selectionField={{ form: "pay", name: "student_ids" }}
      />,
    );
    const page = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
    const search = page.querySelector('form[role="search"]');
    expect(search?.getAttribute("method")).toBe("get");
    expect(search?.querySelector('input[name="search"]')).not.toBeNull();
    expect([...(search?.querySelectorAll('input[type="hidden"]') ?? [])].map((i) => i.getAttribute("name"))).toEqual([
      "class_level",
    ]);
    const ticks = page.querySelectorAll('input[type="checkbox"][name="student_ids"][form="pay"]');
    expect(ticks).toHaveLength(rows.length);
    expect(ticks[0]?.getAttribute("value")).toBe(rows[0]?.id);
  });
});
