import { useLoaderData } from "@remix-run/react";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, DEFAULT_QUERY } from "@repo/ui/data-table";
import { formatDateTime } from "@repo/ui/format";
import { Icon } from "@repo/ui/icon";
import { lazy, Suspense, useState } from "react";
import type { StaticPageRow, staticPagesLoader } from "./static-pages.server";

// The editor (Quill, KaTeX) loads only when a page is opened for editing.
const StaticPageDialog = lazy(() => import("./StaticPageDialog"));

/** The pages whose text LMS and the admins write, each with an editor and a preview. */
export function StaticPagesScreen() {
  const data = useLoaderData<typeof staticPagesLoader>();
  const [editing, setEditing] = useState<StaticPageRow | null>(null);
  const columns: DataTableColumn<StaticPageRow>[] = [
    { id: "title", header: "Page", cell: (row) => <strong>{row.title}</strong> },
    { id: "module", header: "Module", cell: (row) => row.module_name },
    {
      id: "written",
      header: "Status",
      cell: (row) => (row.body.trim() ? "Written" : "Not written yet"),
    },
    {
      id: "updated",
      header: "Last changed",
      cell: (row) => (row.updated_at ? `${formatDateTime(row.updated_at)} by ${row.updated_by ?? "someone"}` : "Never"),
    },
    {
      id: "actions",
      header: "Actions",
      align: "end",
      cell: (row) => (
        <Button
          size="sm"
          variant="light"
          icon={<Icon name="edit" size={16} />}
          onClick={() => setEditing(row)}
          aria-label={`Edit ${row.title}`}
        >
          Edit
        </Button>
      ),
    },
  ];
  return (
    <Card
      title="Static pages"
      description="The text schools see on the download app, exam instruction and contact pages."
    >
      <DataTable
        label="Static pages"
        columns={columns}
        rows={data.pages}
        rowKey={(row) => `${row.module_name}/${row.key}`}
        total={data.pages.length}
        query={{ ...DEFAULT_QUERY, perPage: 100 }}
        onQueryChange={() => undefined}
        emptyTitle={data.failure ? "The pages could not be loaded" : "No pages"}
        emptyDescription={data.failure ?? undefined}
      />
      {editing ? (
        <Suspense fallback={null}>
          <StaticPageDialog page={editing} csrf={data.csrf} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
