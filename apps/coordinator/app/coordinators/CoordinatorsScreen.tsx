import { useFetcher, useLoaderData } from "@remix-run/react";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { PersonCell } from "@repo/remix-app/lists/person-cell";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { formatDateTime } from "@repo/ui/format";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { Toolbar } from "@repo/ui/toolbar";
import { lazy, Suspense, useState } from "react";
import type { CoordinatorActionData, CoordinatorRow, coordinatorsLoader } from "./coordinators.server";

// The create/edit form (react-hook-form, zod, the regions' multi-select) loads when a dialog first opens.
const CoordinatorDialog = lazy(() => import("./CoordinatorDialog"));

type LoaderData = Awaited<ReturnType<typeof coordinatorsLoader>>;

const STATUS_OPTIONS = [
  { value: "active", label: "Can sign in" },
  { value: "off", label: "Switched off" },
];

/**
 * The coordinators of one level: who they are, their regions, whether they can sign in; create,
 * edit, switch off or on, and delete one that has left no trace.
 */
export function CoordinatorsScreen({ title, singular }: { title: string; singular: string }) {
  const data = useLoaderData<LoaderData>();
  const filter = useFilterParams();
  const { params } = filter;
  const dialogs = useMessageDialog();
  const actor = useFetcher<CoordinatorActionData>();
  const [editing, setEditing] = useState<CoordinatorRow | "new" | null>(null);
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, `${title} not found`);
  useFetcherResult(actor, (answer) => {
    if (answer.ok) void dialogs.success(answer.message);
    else void dialogs.error(answer.message);
  });

  const setQuery = filter.query;

  const switchSignIn = async (row: CoordinatorRow) => {
    const on = !row.is_active;
    const yes = await dialogs.confirm(
      on
        ? `${row.name} will be able to sign in again.`
        : `${row.name} will be signed out at once and cannot sign in until switched on again. Their work stays.`,
      {
        title: on ? "Switch sign-in on" : "Switch sign-in off",
        confirmLabel: on ? "Switch on" : "Switch off",
        destructive: !on,
      },
    );
    if (yes) {
      actor.submit(
        { csrf: data.csrf, intent: "status", id: String(row.id), is_active: String(on) },
        { method: "post" },
      );
    }
  };
  const remove = async (row: CoordinatorRow) => {
    const yes = await dialogs.confirm(
      `Delete ${row.name} (${row.username})? Only a coordinator who has never signed in can be deleted; otherwise switch it off.`,
      { title: `Delete ${singular.toLowerCase()}`, destructive: true, confirmLabel: "Yes, delete" },
    );
    if (yes) actor.submit({ csrf: data.csrf, intent: "delete", id: String(row.id) }, { method: "post" });
  };

  const columns: DataTableColumn<CoordinatorRow>[] = [
    {
      id: "name",
      header: "Name",
      cell: (row) => <PersonCell name={row.name} username={row.username} />,
    },
    {
      id: "contact",
      header: "Contact",
      cell: (row) => (
        <Stack gap={1}>
          <span>{row.email}</span>
          {row.mobile ? (
            <Text size="sm" tone="muted">
              {row.mobile}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    ...(data.level
      ? [
          {
            id: "regions",
            header: "Regions",
            cell: (row: CoordinatorRow) => row.assignments.map((a) => a.name).join(", ") || "None",
          },
        ]
      : []),
    {
      id: "status",
      header: "Sign-in",
      cell: (row) =>
        row.is_active ? <Badge tone="success">Can sign in</Badge> : <Badge tone="neutral">Switched off</Badge>,
    },
    {
      id: "last",
      header: "Last signed in",
      cell: (row) => (row.last_login_at ? formatDateTime(row.last_login_at) : "Never"),
    },
    {
      id: "actions",
      header: "Actions",
      align: "end",
      cell: (row) => (
        <Stack direction="row" gap={2} justify="end" wrap={false}>
          <Button size="sm" variant="light" onClick={() => setEditing(row)} aria-label={`Edit ${row.name}`}>
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => switchSignIn(row)}
            aria-label={`${row.is_active ? "Switch off" : "Switch on"} ${row.name}`}
          >
            {row.is_active ? "Switch off" : "Switch on"}
          </Button>
          {row.last_login_at ? null : (
            <Button size="sm" variant="ghost" onClick={() => remove(row)} aria-label={`Delete ${row.name}`}>
              Delete
            </Button>
          )}
        </Stack>
      ),
    },
  ];

  const { level } = data;
  const activeFilters = ["status", "zone_id", "state_ids"].filter((p) => params.get(p)).length;
  const filters = (
    <Stack gap={4}>
      <Select
        label="Sign-in"
        placeholder="Everyone"
        options={STATUS_OPTIONS}
        value={params.get("status") ?? ""}
        onChange={(event) => filter({ status: event.target.value })}
      />
      {level && level !== "zone" ? (
        <Select
          label="State"
          placeholder="All states"
          options={data.states}
          value={params.get("state_ids") ?? ""}
          onChange={(event) => filter({ state_ids: event.target.value })}
        />
      ) : level === "zone" ? (
        <Select
          label="Zone"
          placeholder="All zones"
          options={data.zones}
          value={params.get("zone_id") ?? ""}
          onChange={(event) => filter({ zone_id: event.target.value })}
        />
      ) : null}
    </Stack>
  );

  return (
    <Card
      title={title}
      description={
        level
          ? `Each ${singular.toLowerCase()} with the ${level === "zone" ? "zones" : `${level}s`} they look after. A new one is mailed its sign-in details.`
          : "The Organization Team: they see the whole programme. A new member is mailed their sign-in details."
      }
    >
      <DataTable
        label={title}
        columns={columns}
        rows={data.rows}
        rowKey={(row) => String(row.id)}
        total={data.total}
        query={query}
        onQueryChange={setQuery}
        status={listStatus}
        searchable
        searchPlaceholder="Search by name, username or e-mail"
        actions={
          <Toolbar
            filters={filters}
            activeFilters={activeFilters}
            onResetFilters={filter.reset}
            create={{ label: "Create", onClick: () => setEditing("new") }}
          >
            <ExportMenu kind={EXPORT_KIND.coordinators} filters={data.filters} csrf={data.csrf} />
          </Toolbar>
        }
        emptyTitle={query.search || activeFilters ? `No ${title.toLowerCase()} match` : `No ${title.toLowerCase()} yet`}
        emptyDescription={
          query.search || activeFilters ? "Try another search or clear the filters." : `Create the first one.`
        }
      />
      {editing ? (
        <Suspense fallback={null}>
          <CoordinatorDialog
            singular={singular}
            level={level}
            row={editing === "new" ? null : editing}
            regions={data.regions}
            csrf={data.csrf}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
