import { Link, useActionData, useLoaderData, useRevalidator, useSearchParams } from "@remix-run/react";
import { PostedAnswer } from "@repo/remix-app/forms/posted-answer";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { RaisedRequestBadge, RaisedRequestStatusFilter } from "@repo/remix-app/raised-requests/view";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { formatDateTime } from "@repo/ui/format";
import { useHydrated } from "@repo/ui/hydrated";
import { Icon } from "@repo/ui/icon";
import { Stack } from "@repo/ui/stack";
import { Toolbar } from "@repo/ui/toolbar";
import { lazy, Suspense, useState } from "react";
import type { RaiseActionData, RaisedRequestRow, raisedRequestsLoader } from "./raised-requests.server";

const RaiseRequestDialog = lazy(() => import("./RaiseRequestDialog"));
const RequestDialog = lazy(() => import("./RequestDialog"));

/** payment/raised-requests: the payer's questions to pay support, their answers, and a new one. */
export function RaisedRequestsScreen() {
  const data = useLoaderData<typeof raisedRequestsLoader>();
  const [params, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "Requests not found");
  // `?raise=<order>` (from Payment History) opens the form; `?open=<id>` (from the mail) a request.
  // Without JavaScript a refused request comes back with the page: the form shows again.
  const posted = useActionData<RaiseActionData>();
  const hydrated = useHydrated();
  const [raising, setRaising] = useState<{ order: number | null } | null>(
    data.raiseFor ? { order: data.raiseFor } : data.raise || posted?.ok === false ? { order: null } : null,
  );
  const [open, setOpen] = useState<number | null>(data.openId);

  const clearParam = (...names: string[]) => {
    const next = new URLSearchParams(params);
    for (const name of names) next.delete(name);
    setParams(next, { preventScrollReset: true, replace: true });
  };
  const filter = useFilterParams();
  const setStatus = (value: string) => filter({ status: value || null });

  const columns: DataTableColumn<RaisedRequestRow>[] = [
    {
      id: "subject",
      header: "Request",
      cell: (row) => (
        <Stack gap={1}>
          <strong>{row.subject}</strong>
          <span>
            {formatDateTime(row.created_at)}
            {row.order_reference ? ` · ${row.order_reference}` : ""}
          </span>
        </Stack>
      ),
    },
    {
      id: "status",
      header: "Status",
      cell: (row) => (
        <Stack gap={1}>
          <RaisedRequestBadge status={row.status} />
          {row.updated_at !== row.created_at ? <span>{`Updated ${formatDateTime(row.updated_at)}`}</span> : null}
        </Stack>
      ),
    },
    {
      id: "open",
      header: "Details",
      align: "end",
      cell: (row) => (
        <Button size="sm" variant="light" onClick={() => setOpen(row.id)} aria-label={`Open request ${row.subject}`}>
          Open
        </Button>
      ),
    },
  ];

  const filtered = Boolean(params.get("status") || params.get("search"));
  return (
    <Card
      title="Payment requests"
      description="Ask pay support about a payment: a charge without paid students, a payment made twice, an invoice to correct."
      headerActions={
        hydrated ? (
          <Button variant="primary" icon={<Icon name="plus" size={16} />} onClick={() => setRaising({ order: null })}>
            Raise a request
          </Button>
        ) : (
          <Button asChild variant="primary">
            <Link to="?raise">Raise a request</Link>
          </Button>
        )
      }
      flush
    >
      <PostedAnswer />
      <DataTable
        label="Payment requests"
        columns={columns}
        rows={data.rows}
        rowKey={(row) => String(row.id)}
        total={data.total}
        query={query}
        onQueryChange={filter.query}
        status={listStatus}
        searchable
        searchPlaceholder="Search by subject, message or order (ORD-000042)"
        actions={
          <Toolbar
            filters={<RaisedRequestStatusFilter value={params.get("status") ?? ""} onChange={setStatus} />}
            activeFilters={params.get("status") ? 1 : 0}
            onResetFilters={() => setStatus("")}
          />
        }
        emptyTitle={filtered ? "No requests match" : "No requests yet"}
        emptyDescription={
          filtered
            ? "Try another status or search."
            : "If something went wrong with a payment, raise a request and pay support will answer here."
        }
      />
      {raising ? (
        <Suspense fallback={null}>
          <RaiseRequestDialog
            csrf={data.csrf}
            orders={data.orders}
            order={raising.order}
            onClose={() => {
              setRaising(null);
              if (data.raiseFor) clearParam("raise");
            }}
            onRaised={(id) => {
              setRaising(null);
              if (data.raiseFor) clearParam("raise");
              revalidator.revalidate();
              setOpen(id);
            }}
          />
        </Suspense>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <RequestDialog
            id={open}
            onClose={() => {
              setOpen(null);
              if (data.openId) clearParam("open");
            }}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
