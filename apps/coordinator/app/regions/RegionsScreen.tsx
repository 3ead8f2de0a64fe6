import { useFetcher, useLoaderData } from "@remix-run/react";
import { type GeographyLevel, REGION_LEVELS } from "@repo/contracts/geography-constants";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { editDeleteColumn } from "@repo/remix-app/lists/actions-column";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { MultiSelect } from "@repo/ui/multi-select";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Toolbar } from "@repo/ui/toolbar";
import { lazy, Suspense, useState } from "react";
import type { RegionActionData, RegionRow, regionsLoader } from "./regions.server";

// The create/edit form (react-hook-form, zod) loads when a dialog first opens.
const RegionDialog = lazy(() => import("./RegionDialog"));

type LoaderData = Awaited<ReturnType<typeof regionsLoader>>;

/** One screen for each level of the regions tree: zones, states, prants, districts, cities. */
export function RegionsScreen({ level }: { level: GeographyLevel }) {
  const spec = REGION_LEVELS[level];
  const data = useLoaderData<LoaderData>();
  const filter = useFilterParams();
  const { params } = filter;
  const dialogs = useMessageDialog();
  const deleter = useFetcher<RegionActionData>();
  const [editing, setEditing] = useState<RegionRow | "new" | null>(null);
  const query = parseTableQuery(params);
  const listStatus = useListStatus();

  useListFailureWarning(data.failure, `${spec.plural} list not found`);

  useFetcherResult(deleter, (answer) => {
    if (answer.ok) void dialogs.success(answer.message);
    else void dialogs.error(answer.message);
  });

  const setQuery = filter.query;
  const setFilter = (param: string, values: string[]) => filter({ [param]: values });

  const remove = async (row: RegionRow) => {
    const yes = await dialogs.confirm(`Are you sure you want to delete the ${level} "${row.name}"?`, {
      title: `Delete ${level}`,
      destructive: true,
      confirmLabel: "Yes, delete",
    });
    if (yes) deleter.submit({ intent: "delete", id: String(row.id), csrf: data.csrf }, { method: "post" });
  };

  const parentName = (row: RegionRow) =>
    spec.parent ? row[`${spec.parent.level as Exclude<GeographyLevel, "city">}_name`] : row.country_name;
  const parentLabel = spec.parent ? REGION_LEVELS[spec.parent.level].label : "Country";
  const columns: DataTableColumn<RegionRow>[] = [
    { id: "name", header: spec.label, cell: (row) => <strong>{row.name}</strong> },
    ...(level === "zone" ? [{ id: "code", header: "Code", cell: (row: RegionRow) => row.code ?? "" }] : []),
    { id: "parent", header: parentLabel, cell: (row) => parentName(row) ?? "Several countries" },
    ...(level === "city" || level === "district"
      ? [{ id: "state", header: "State", cell: (row: RegionRow) => row.state_name ?? "" }]
      : []),
    ...(spec.child
      ? [
          {
            id: "children",
            header: REGION_LEVELS[spec.child].plural,
            align: "end" as const,
            cell: (row: RegionRow) => row.children_count ?? 0,
          },
        ]
      : []),
    { id: "schools", header: "Schools", align: "end", cell: (row) => (row.schools_count ?? 0).toLocaleString("en-IN") },
    editDeleteColumn({ nameOf: (row) => row.name, onEdit: setEditing, onDelete: remove }),
  ];

  const activeFilters = spec.filters.filter((f) => params.getAll(f.param).length > 0).length;
  const filters = spec.filters.length ? (
    <Stack gap={4}>
      {spec.filters.map((filter) =>
        filter.param === "zone_id" ? (
          <Select
            key={filter.param}
            label={REGION_LEVELS[filter.level].label}
            placeholder="All zones"
            options={data.options[filter.level] ?? []}
            value={params.get("zone_id") ?? ""}
            onChange={(event) => setFilter("zone_id", event.target.value ? [event.target.value] : [])}
          />
        ) : (
          <MultiSelect
            key={filter.param}
            label={REGION_LEVELS[filter.level].plural}
            placeholder={`All ${REGION_LEVELS[filter.level].plural.toLowerCase()}`}
            options={data.options[filter.level] ?? []}
            value={params.getAll(filter.param)}
            onChange={(values) => setFilter(filter.param, values)}
          />
        ),
      )}
    </Stack>
  ) : undefined;

  return (
    <Card title={spec.plural} description={`Every ${level} of the programme's regions, with its schools.`}>
      <DataTable
        label={spec.plural}
        columns={columns}
        rows={data.rows}
        rowKey={(row) => String(row.id)}
        total={data.total}
        query={query}
        onQueryChange={setQuery}
        status={listStatus}
        searchable
        searchPlaceholder={`Search ${spec.plural.toLowerCase()}`}
        actions={
          <Toolbar
            filters={filters}
            activeFilters={activeFilters}
            onResetFilters={filter.reset}
            create={{ label: "Create", onClick: () => setEditing("new") }}
          />
        }
        emptyTitle={
          query.search || activeFilters
            ? `No ${spec.plural.toLowerCase()} match`
            : `No ${spec.plural.toLowerCase()} yet`
        }
        emptyDescription={
          query.search || activeFilters ? "Try another search or clear the filters." : `Create the first ${level}.`
        }
      />
      {editing ? (
        <Suspense fallback={null}>
          <RegionDialog
            level={level}
            row={editing === "new" ? null : editing}
            csrf={data.csrf}
            parents={spec.parent ? (data.options[spec.parent.level] ?? []) : []}
            countries={data.countries}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
