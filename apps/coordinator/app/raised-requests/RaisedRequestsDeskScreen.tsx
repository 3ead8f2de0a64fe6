import { useLoaderData } from "@remix-run/react";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { RaisedRequestBadge, RaisedRequestStatusFilter } from "@repo/remix-app/raised-requests/view";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { formatDateTime } from "@repo/ui/format";
import { Stack } from "@repo/ui/stack";
import { Toolbar } from "@repo/ui/toolbar";
import { lazy, Suspense, useState } from "react";
import type { deskRequestsLoader, RaisedRequestRow } from "./raised-requests.server";

const AnswerDialog = lazy(() => import("./AnswerDialog"));

/** paysupport/raised-requests: what payers asked, open ones first; answer each with a status and a comment. */
export function RaisedRequestsDeskScreen() {
  const data = useLoaderData<typeof deskRequestsLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const [open, setOpen] = useState<RaisedRequestRow | null>(null);
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "Requests not found");

  const setStatus = (value: string) => filter({ status: value || null });
  const columns: DataTableColumn<RaisedRequestRow>[] = [
    {
      id: "subject",
      header: "Request",
      cell: (row) => (
        <Stack gap={1}>
          <strong>{row.subject}</strong>
          <span>
            {`#${row.id} · ${formatDateTime(row.created_at)}`}
            {row.order_reference ? ` · ${row.order_reference}` : ""}
            {row.has_attachment ? " · attachment" : ""}
          </span>
        </Stack>
      ),
    },
    {
      id: "requester",
      header: "Raised by",
      cell: (row) => (
        <Stack gap={1}>
          <span>{row.requester_name}</span>
          <span>{row.requester_username}</span>
        </Stack>
      ),
    },
    { id: "status", header: "Status", cell: (row) => <RaisedRequestBadge status={row.status} /> },
    {
      id: "open",
      header: "Answer",
      align: "end",
      cell: (row) => (
        <Button size="sm" variant="light" onClick={() => setOpen(row)} aria-label={`Open request ${row.id}`}>
          Open
        </Button>
      ),
    },
  ];

  const filtered = Boolean(params.get("status") || params.get("search"));
  return (
    <Card
      title="Raised requests"
      description="Schools, institutes and master institutes ask about their payments here; each answer is shown to them and mailed."
      flush
    >
      <DataTable
        label="Raised requests"
        columns={columns}
        rows={data.rows}
        rowKey={(row) => String(row.id)}
        total={data.total}
        query={query}
        onQueryChange={filter.query}
        status={listStatus}
        searchable
        searchPlaceholder="Subject, message, school, username or order (ORD-000042)"
        actions={
          <Toolbar
            filters={<RaisedRequestStatusFilter value={params.get("status") ?? ""} onChange={setStatus} />}
            activeFilters={params.get("status") ? 1 : 0}
            onResetFilters={() => setStatus("")}
          >
            <ExportMenu kind={EXPORT_KIND.raisedRequests} filters={data.filters} csrf={data.csrf} />
          </Toolbar>
        }
        emptyTitle={filtered ? "No requests match" : "No requests yet"}
        emptyDescription="Requests appear here when a payer raises one from its Payment Requests page."
      />
      {open ? (
        <Suspense fallback={null}>
          <AnswerDialog row={open} csrf={data.csrf} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
