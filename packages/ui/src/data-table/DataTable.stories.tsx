import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { Badge } from "../badge/Badge";
import { Button } from "../button/Button";
import { DropdownMenu, DropdownMenuItem } from "../dropdown-menu/DropdownMenu";
import { Icon } from "../icon/Icon";
import { IconButton } from "../icon-button/IconButton";
import { DataTable, type DataTableColumn, DEFAULT_QUERY, type TableQuery } from "./DataTable";
import { type DemoStudent, queryStudents } from "./demo";

const columns: DataTableColumn<DemoStudent>[] = [
  {
    id: "name",
    header: "Student",
    sortable: true,
    cell: (row) => (
      <div>
        <div style={{ fontWeight: 600 }}>{row.name}</div>
        <div style={{ fontSize: 12, opacity: 0.8 }}>{row.id}</div>
      </div>
    ),
  },
  { id: "school", header: "School", cell: (row) => row.school, sortable: true },
  { id: "district", header: "District", cell: (row) => row.district, sortable: true },
  { id: "className", header: "Class", cell: (row) => row.className, align: "center" },
  {
    id: "paid",
    header: "Fee",
    cell: (row) => <Badge tone={row.paid ? "success" : "danger"}>{row.paid ? "Paid" : "Unpaid"}</Badge>,
  },
  {
    id: "actions",
    header: "Actions",
    align: "end",
    cell: (row) => (
      <DropdownMenu trigger={<IconButton icon="more" label={`Actions for ${row.name}`} size="sm" />}>
        <DropdownMenuItem icon="edit">Edit</DropdownMenuItem>
        <DropdownMenuItem icon="mail">Send credentials</DropdownMenuItem>
      </DropdownMenu>
    ),
  },
];

function ServerTable({ status = "ready", empty = false }: { status?: "ready" | "loading" | "error"; empty?: boolean }) {
  const [query, setQuery] = useState<TableQuery>(DEFAULT_QUERY);
  const [selected, setSelected] = useState<string[]>([]);
  const { rows, total } = queryStudents(query, empty ? [] : undefined);
  return (
    <DataTable
      label="Students"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowLabel={(row) => row.name}
      total={total}
      query={query}
      onQueryChange={setQuery}
      status={status}
      errorMessage="Students list API failed, please try again"
      onRetry={() => {}}
      searchPlaceholder="Search name, school or district"
      actions={
        <Button variant="secondary" size="sm" icon={<Icon name="download" size={16} />}>
          Export
        </Button>
      }
      selectable
      selected={selected}
      onSelectedChange={setSelected}
      bulkActions={() => (
        <Button size="sm" variant="danger" icon={<Icon name="trash" size={16} />}>
          Delete
        </Button>
      )}
      emptyTitle="No students yet"
      emptyDescription="Students appear here once your school adds or imports them."
      emptyAction={<Button size="sm">Add students</Button>}
    />
  );
}

const meta = { title: "Data/DataTable", component: ServerTable, parameters: { layout: "padded" } } satisfies Meta<
  typeof ServerTable
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Students: Story = {};
export const Loading: Story = { args: { status: "loading" } };
export const Empty: Story = { args: { empty: true } };
export const ErrorState: Story = { name: "Error", args: { status: "error" } };

/** Search (debounced), sort and page. */
export const SearchSortPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("searchbox", { name: "Search Students" }), "Nagpur");
    await waitFor(() => expect(canvas.getByText(/of 11$/)).toBeVisible(), { timeout: 3000 });
    const header = canvas.getByRole("columnheader", { name: /Student/ });
    await userEvent.click(within(header).getByRole("button"));
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    await userEvent.click(canvas.getByRole("button", { name: "Page 2" }));
    await expect(canvas.getByText("Showing 11–11 of 11")).toBeVisible();
  },
};

export const BulkSelection: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("checkbox", { name: "Select all rows on this page" }));
    await expect(canvas.getByText("10 selected")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Delete" })).toBeVisible();
  },
};
