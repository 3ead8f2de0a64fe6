import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { SCHOOL_LIST_PRESETS, SCHOOL_PAYMENT_FILTERS } from "@repo/contracts/region-lists-constants";
import { SCHOOL_CATEGORIES } from "@repo/contracts/schools-constants";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { REGION_FILTER_LEVELS, REGION_FILTER_PARAMS, RegionPicker } from "@repo/remix-app/lists/region-picker";
import { Badge } from "@repo/ui/badge";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { formatCount, formatDate } from "@repo/ui/format";
import { Link } from "@repo/ui/link";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { Toolbar } from "@repo/ui/toolbar";
import { dateRangeOf } from "./date-range";
import type { RegionSchoolRow, regionSchoolsLoader } from "./region-lists.server";

const SORTABLE = ["name", "students", "paid", "registered"] as const;
const category = (id: number) => SCHOOL_CATEGORIES.find((c) => c.id === id)?.name ?? "";

/**
 * One of the coordinator app's school lists (total, paid, unpaid): the schools of the viewer's
 * region with this exam year's students by payment; a school's count opens its students.
 */
export function RegionSchoolsScreen({ title, description }: { title: string; description: string }) {
  const data = useLoaderData<typeof regionSchoolsLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const query = parseTableQuery(params, SORTABLE);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, `${title} not found`);
  const fixed: Record<string, string> = SCHOOL_LIST_PRESETS[data.preset];
  const own = [...REGION_FILTER_PARAMS, "payment", "is_active"].filter((p) => !(p in fixed));
  const activeFilters = own.filter((p) => params.get(p)).length + (params.get("from") || params.get("to") ? 1 : 0);
  const studentsOf = (row: RegionSchoolRow) =>
    `${data.studentsPath}?${new URLSearchParams({ school_id: String(row.id) })}`;

  const columns: DataTableColumn<RegionSchoolRow>[] = [
    {
      id: "name",
      header: "School",
      sortable: true,
      cell: (row) => (
        <Stack gap={1}>
          <strong>{row.name}</strong>
          <Text size="sm" tone="muted">
            {[category(row.category_id), row.master_institute].filter(Boolean).join(" · ")}
          </Text>
        </Stack>
      ),
    },
    {
      id: "region",
      header: "Region",
      cell: (row) => (
        <Stack gap={1}>
          <span>{row.city ?? row.district ?? row.state ?? ""}</span>
          <Text size="sm" tone="muted">
            {[row.district, row.state].filter(Boolean).join(", ")}
          </Text>
        </Stack>
      ),
    },
    {
      id: "contact",
      header: "Contact",
      cell: (row) => (
        <Stack gap={1}>
          <span>{row.contact_name ?? row.email}</span>
          <Text size="sm" tone="muted">
            {row.contact_phone ?? row.email}
          </Text>
        </Stack>
      ),
    },
    {
      id: "students",
      header: "Students",
      sortable: true,
      align: "end",
      cell: (row) =>
        row.students ? (
          <Link asChild underline="hover">
            <RemixLink to={studentsOf(row)} aria-label={`${countOf(row.students, COUNTED.student)} of ${row.name}`}>
              {formatCount(row.students)}
            </RemixLink>
          </Link>
        ) : (
          "0"
        ),
    },
    {
      id: "paid",
      header: "Paid",
      sortable: true,
      align: "end",
      width: 110,
      cell: (row) => (
        <Stack gap={1}>
          <span>{formatCount(row.paid)}</span>
          {row.unpaid ? (
            <Text size="sm" tone="muted">
              {formatCount(row.unpaid)} unpaid
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      id: "status",
      header: "Status",
      cell: (row) => (row.is_active ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Deactivated</Badge>),
    },
    { id: "registered", header: "Registered", sortable: true, cell: (row) => formatDate(row.created_at) },
  ];

  const filters = (
    <Stack gap={4}>
      <RegionPicker levels={REGION_FILTER_LEVELS} options={data.regions} />
      {"payment" in fixed ? null : (
        <Select
          label="Payments"
          placeholder="All schools"
          options={SCHOOL_PAYMENT_FILTERS.map((s) => ({ value: s.code, label: s.name }))}
          value={params.get("payment") ?? ""}
          onChange={(event) => filter({ payment: event.target.value })}
        />
      )}
      <Select
        label="Status"
        placeholder="Active and deactivated"
        options={[
          { value: "true", label: "Active" },
          { value: "false", label: "Deactivated" },
        ]}
        value={params.get("is_active") ?? ""}
        onChange={(event) => filter({ is_active: event.target.value })}
      />
    </Stack>
  );

  const filtered = Boolean(query.search || activeFilters);
  return (
    <Card title={title} description={description} flush>
      <DataTable
        label={title}
        columns={columns}
        rows={data.rows}
        rowKey={(row) => String(row.id)}
        total={data.total}
        query={query}
        onQueryChange={filter.query}
        status={listStatus}
        searchable
        searchPlaceholder="Name, e-mail, phone or code"
        actions={
          <Toolbar
            filters={filters}
            activeFilters={activeFilters}
            onResetFilters={() => filter(Object.fromEntries([...own, "from", "to"].map((p) => [p, null])))}
            dateRange={dateRangeOf(params)}
            onDateRangeChange={(range) => filter({ from: range.from ?? null, to: range.to ?? null })}
            dateRangeLabel="Registration date"
          >
            <ExportMenu kind={EXPORT_KIND.regionSchools} filters={data.filters} csrf={data.csrf} />
          </Toolbar>
        }
        emptyTitle={filtered ? "No schools match" : "No schools yet"}
        emptyDescription={
          filtered ? "Try another search or clear the filters." : "Schools registered in your region appear here."
        }
      />
    </Card>
  );
}
