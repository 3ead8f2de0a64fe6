import { useFetcher, useLoaderData } from "@remix-run/react";
import { findRole } from "@repo/auth/roles";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { editDeleteColumn } from "@repo/remix-app/lists/actions-column";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Badge } from "@repo/ui/badge";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { formatDateTime } from "@repo/ui/format";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Toolbar } from "@repo/ui/toolbar";
import { lazy, Suspense, useState } from "react";
import type { NotificationActionData, NotificationRow, notificationsLoader } from "./notifications.server";

// The form (rich-text editor, pickers) loads when the dialog first opens.
const NotificationDialog = lazy(() => import("./NotificationDialog"));

const STATUS = {
  live: { tone: "success", label: "Live" },
  scheduled: { tone: "info", label: "Scheduled" },
  ended: { tone: "neutral", label: "Ended" },
} as const;

/** Who a notification is for, in words: "School, Institute · Maharashtra". */
export function audienceInWords(row: Pick<NotificationRow, "roles" | "zones" | "states" | "districts">): string {
  const roles = row.roles.map((id) => findRole(id)?.name ?? `Role ${id}`).join(", ");
  const regions = [...row.zones, ...row.states, ...row.districts].map((r) => r.name);
  return `${roles} · ${regions.length > 0 ? regions.join(", ") : "Everywhere"}`;
}

/** Admins' and LMS's list of notifications: search, pages, create, edit, delete. */
export function NotificationsScreen() {
  const data = useLoaderData<typeof notificationsLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const dialogs = useMessageDialog();
  const deleter = useFetcher<NotificationActionData>();
  const [editing, setEditing] = useState<NotificationRow | "new" | null>(null);
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "Notifications not found");
  useFetcherResult(deleter, (answer) => {
    if (answer.ok) void dialogs.success(answer.message);
    else void dialogs.error(answer.message);
  });
  const setQuery = filter.query;

  const remove = async (row: NotificationRow) => {
    const yes = await dialogs.confirm(`Are you sure you want to delete the notification "${row.title}"?`, {
      title: "Delete notification",
      destructive: true,
      confirmLabel: "Yes, delete",
    });
    if (yes) deleter.submit({ intent: "delete", id: String(row.id), csrf: data.csrf }, { method: "post" });
  };

  const columns: DataTableColumn<NotificationRow>[] = [
    { id: "title", header: "Title", cell: (row) => <strong>{row.title}</strong> },
    { id: "audience", header: "For", cell: (row) => audienceInWords(row) },
    {
      id: "window",
      header: "Published",
      cell: (row) =>
        `${formatDateTime(row.publish_from)} – ${row.publish_until ? formatDateTime(row.publish_until) : "no end"}`,
    },
    {
      id: "status",
      header: "Status",
      cell: (row) => (
        <Badge tone={STATUS[row.status].tone} size="sm">
          {STATUS[row.status].label}
        </Badge>
      ),
    },
    { id: "reads", header: "Read by", align: "end", cell: (row) => row.read_count.toLocaleString("en-IN") },
    editDeleteColumn({ nameOf: (row) => row.title, onEdit: setEditing, onDelete: remove }),
  ];

  return (
    <Card
      title="Notifications"
      description="Notices for schools and institutes, by role and region, in a publish window."
    >
      <DataTable
        label="Notifications"
        columns={columns}
        rows={data.rows}
        rowKey={(row) => String(row.id)}
        total={data.total}
        query={query}
        onQueryChange={setQuery}
        status={listStatus}
        searchable
        searchPlaceholder="Search by title"
        actions={
          <Toolbar create={{ label: "Create", onClick: () => setEditing("new") }}>
            <ExportMenu kind={EXPORT_KIND.notifications} filters={data.filters} csrf={data.csrf} />
          </Toolbar>
        }
        emptyTitle={query.search ? "No notifications match" : "No notifications yet"}
        emptyDescription={query.search ? "Try another search." : "Create the first notification."}
      />
      {editing ? (
        <Suspense fallback={null}>
          <NotificationDialog
            row={editing === "new" ? null : editing}
            csrf={data.csrf}
            regions={data.regions}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
