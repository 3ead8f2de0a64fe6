import { useFetcher, useLoaderData } from "@remix-run/react";
import { ACTIVE_FILTERS } from "@repo/contracts/master-institutes-constants";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { Icon } from "@repo/ui/icon";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { Toolbar } from "@repo/ui/toolbar";
import { lazy, Suspense, useState } from "react";
import type { MasterInstituteActionData, MasterInstituteRow, masterInstitutesLoader } from "./master-institutes.server";

const MasterInstituteDialog = lazy(() => import("./MasterInstituteDialog"));
const figure = (n: number) => n.toLocaleString("en-IN");

/** LMS's master institutes: search, status filter, export, create, edit, enable and disable. */
export function MasterInstitutesScreen() {
  const data = useLoaderData<typeof masterInstitutesLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const dialogs = useMessageDialog();
  const actor = useFetcher<MasterInstituteActionData>();
  const [editing, setEditing] = useState<MasterInstituteRow | "new" | null>(null);
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "Master institutes not found");
  useFetcherResult(actor, (answer) => {
    if (answer.ok) void dialogs.success(answer.message);
    else void dialogs.error(answer.message);
  });

  const setStatus = (value: string | null) => filter({ status: value });
  const toggle = async (row: MasterInstituteRow) => {
    const confirmed = await dialogs.confirm(
      row.is_active
        ? `Disable ${row.name}? Its account can no longer sign in; its schools keep theirs.`
        : `Enable ${row.name}? Its account can sign in again.`,
      {
        title: row.is_active ? "Disable master institute" : "Enable master institute",
        destructive: row.is_active,
        confirmLabel: row.is_active ? "Disable" : "Enable",
      },
    );
    if (confirmed) {
      actor.submit(
        { csrf: data.csrf, intent: "active", id: String(row.id), is_active: String(!row.is_active) },
        { method: "post" },
      );
    }
  };

  const columns: DataTableColumn<MasterInstituteRow>[] = [
    {
      id: "name",
      header: "Master institute",
      // Wide enough on a phone: the table scrolls sideways instead of squeezing the name.
      minWidth: 200,
      cell: (row) => (
        <Stack gap={1}>
          <Text weight="semibold">{row.name}</Text>
          <Text size="sm" tone="muted">
            {row.username ?? "no account"} · {row.email}
          </Text>
        </Stack>
      ),
    },
    {
      id: "contact",
      header: "Contact",
      cell: (row) => [row.contact_name, row.contact_phone].filter(Boolean).join(", ") || "—",
    },
    { id: "schools", header: "Schools", align: "end", cell: (row) => figure(row.schools) },
    { id: "students", header: "Students", align: "end", cell: (row) => figure(row.students) },
    { id: "paid", header: "Paid", align: "end", cell: (row) => figure(row.paid_students) },
    {
      id: "status",
      header: "Status",
      cell: (row) => (
        <Badge tone={row.is_active ? "success" : "neutral"}>{row.is_active ? "Active" : "Disabled"}</Badge>
      ),
    },
    {
      id: "actions",
      header: "Actions",
      align: "end",
      cell: (row) => (
        <Stack direction="row" gap={2} justify="end" wrap={false}>
          <Button
            size="sm"
            variant="light"
            icon={<Icon name="edit" size={16} />}
            onClick={() => setEditing(row)}
            aria-label={`Edit ${row.name}`}
          >
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void toggle(row)}
            aria-label={`${row.is_active ? "Disable" : "Enable"} ${row.name}`}
          >
            {row.is_active ? "Disable" : "Enable"}
          </Button>
        </Stack>
      ),
    },
  ];
  const filtered = Boolean(query.search || params.get("status"));

  return (
    <Stack gap={5}>
      <Card title="Master institutes" description={countOf(data.total, COUNTED.institute)} flush>
        <DataTable
          label="Master institutes"
          columns={columns}
          rows={data.rows}
          rowKey={(row) => String(row.id)}
          total={data.total}
          query={query}
          onQueryChange={filter.query}
          status={listStatus}
          searchable
          searchPlaceholder="Search by name, e-mail, contact or username"
          actions={
            <Toolbar
              filters={
                <Select
                  label="Status"
                  placeholder="Active and disabled"
                  options={ACTIVE_FILTERS.map((f) => ({ value: f.code, label: f.name }))}
                  value={params.get("status") ?? ""}
                  onChange={(event) => setStatus(event.target.value || null)}
                />
              }
              activeFilters={params.get("status") ? 1 : 0}
              onResetFilters={() => setStatus(null)}
            >
              <Button size="sm" icon={<Icon name="plus" size={16} />} onClick={() => setEditing("new")}>
                Create institute
              </Button>
              <ExportMenu kind="master-institutes" filters={data.filters} csrf={data.csrf} />
            </Toolbar>
          }
          emptyTitle={filtered ? "No institutes match" : "No master institutes yet"}
          emptyDescription={filtered ? "Try another search or clear the filter." : "Create the first one."}
        />
      </Card>
      {editing ? (
        <Suspense fallback={null}>
          <MasterInstituteDialog
            key={editing === "new" ? "new" : editing.id}
            row={editing === "new" ? null : editing}
            csrf={data.csrf}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
