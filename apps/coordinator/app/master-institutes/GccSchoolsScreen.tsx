import { useLoaderData } from "@remix-run/react";
import { formatMoney } from "@repo/contracts/fees";
import { ACTIVE_FILTERS } from "@repo/contracts/master-institutes-constants";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Badge } from "@repo/ui/badge";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { Toolbar } from "@repo/ui/toolbar";
import type { GccSchoolRow, gccSchoolsLoader } from "./master-institutes.server";

const figure = (n: number) => n.toLocaleString("en-IN");
const PAYMENT_FILTERS = [
  { value: "paid", label: "With paid students" },
  { value: "unpaid", label: "With unpaid students" },
];
const FILTERS = ["state_id", "status", "payment"] as const;

/** view-gcc-school: the GCC zone's schools with their students; search, country, status and payment filters, export. */
export function GccSchoolsScreen() {
  const data = useLoaderData<typeof gccSchoolsLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "GCC schools not found");
  const update = filter;
  const columns: DataTableColumn<GccSchoolRow>[] = [
    {
      id: "name",
      header: "School",
      // Wide enough on a phone: the table scrolls sideways instead of squeezing the name.
      minWidth: 200,
      cell: (row) => (
        <Stack gap={1}>
          <Text weight="semibold">{row.name}</Text>
          <Text size="sm" tone="muted">
            {[row.city, row.state].filter(Boolean).join(", ")} · {row.email}
          </Text>
        </Stack>
      ),
    },
    { id: "institute", header: "Master institute", cell: (row) => row.master_institute ?? "—" },
    { id: "students", header: "Students", align: "end", cell: (row) => figure(row.students) },
    { id: "paid", header: "Paid", align: "end", cell: (row) => figure(row.paid) },
    { id: "unpaid", header: "Unpaid", align: "end", cell: (row) => figure(row.unpaid + row.pending) },
    {
      id: "due",
      header: "Amount due",
      align: "end",
      cell: (row) => (row.amount_due ? formatMoney(row.amount_due) : row.unpaid > 0 ? "Fee not set" : "—"),
    },
    {
      id: "status",
      header: "Status",
      cell: (row) => (
        <Badge tone={row.is_active ? "success" : "neutral"}>{row.is_active ? "Active" : "Disabled"}</Badge>
      ),
    },
  ];
  const activeFilters = FILTERS.filter((f) => params.get(f)).length;
  return (
    <Card title="GCC schools" description={`${countOf(data.total, COUNTED.school)} in the GCC zone`} flush>
      <DataTable
        label="GCC schools"
        columns={columns}
        rows={data.rows}
        rowKey={(row) => String(row.id)}
        total={data.total}
        query={query}
        onQueryChange={filter.query}
        status={listStatus}
        searchable
        searchPlaceholder="Search by name, e-mail, postal code or username"
        actions={
          <Toolbar
            filters={
              <Stack gap={4}>
                <Select
                  label="Country"
                  placeholder="All GCC countries"
                  options={data.countries}
                  value={params.get("state_id") ?? ""}
                  onChange={(event) => update({ state_id: event.target.value || null })}
                />
                <Select
                  label="Status"
                  placeholder="Active and disabled"
                  options={ACTIVE_FILTERS.map((f) => ({ value: f.code, label: f.name }))}
                  value={params.get("status") ?? ""}
                  onChange={(event) => update({ status: event.target.value || null })}
                />
                <Select
                  label="Payment"
                  placeholder="Any"
                  options={PAYMENT_FILTERS}
                  value={params.get("payment") ?? ""}
                  onChange={(event) => update({ payment: event.target.value || null })}
                />
              </Stack>
            }
            activeFilters={activeFilters}
            onResetFilters={() => update({ state_id: null, status: null, payment: null })}
          >
            <ExportMenu kind="gcc-schools" filters={data.filters} csrf={data.csrf} />
          </Toolbar>
        }
        emptyTitle={query.search || activeFilters ? "No schools match" : "No GCC schools yet"}
        emptyDescription={
          query.search || activeFilters
            ? "Try another search or clear the filters."
            : "Schools in the Gulf appear here."
        }
      />
    </Card>
  );
}
