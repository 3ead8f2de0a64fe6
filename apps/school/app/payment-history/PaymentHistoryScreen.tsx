import { Link as RouterLink, useLoaderData, useSearchParams } from "@remix-run/react";
import { formatMoney } from "@repo/contracts/fees";
import { ORDER_STATUS_NAMES, ORDER_STATUS_TONES, ORDER_STATUSES } from "@repo/contracts/payments-constants";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { formatDateTime } from "@repo/ui/format";
import { Icon } from "@repo/ui/icon";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Toolbar } from "@repo/ui/toolbar";
import { OrderActions, ReleaseTime } from "../payments/OpenOrders";
import { invoicePath } from "./paths";
import type { PaymentHistoryRow, paymentHistoryLoader } from "./payment-history.server";

/** payment/payment-history: every order the school placed, its status, and the invoice of each paid one. */
export function PaymentHistoryScreen() {
  const data = useLoaderData<typeof paymentHistoryLoader>();
  const [params] = useSearchParams();
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "Payment history not found");

  const update = useFilterParams();

  const columns: DataTableColumn<PaymentHistoryRow>[] = [
    {
      id: "order",
      header: "Order",
      cell: (row) => (
        <Stack gap={1}>
          <strong>{row.reference}</strong>
          <span>{formatDateTime(row.created_at)}</span>
        </Stack>
      ),
    },
    {
      id: "for",
      header: "For",
      cell: (row) => (
        <Stack gap={1}>
          <span>{countOf(row.items, row.purpose === "students" ? COUNTED.student : COUNTED.studyMaterial)}</span>
          <span>{row.summary}</span>
        </Stack>
      ),
    },
    { id: "amount", header: "Amount", align: "end", cell: (row) => formatMoney(row.amount) },
    {
      id: "status",
      header: "Status",
      cell: (row) => (
        <Stack gap={1}>
          <Badge tone={ORDER_STATUS_TONES[row.status]}>{ORDER_STATUS_NAMES[row.status]}</Badge>
          {row.paid_at ? <span>{formatDateTime(row.paid_at)}</span> : null}
          {row.status_reason ? <span>{row.status_reason}</span> : null}
          {row.releases_at ? (
            <>
              <span>
                Released if not finished by <ReleaseTime releasesAt={row.releases_at} />
              </span>
              <OrderActions order={row} csrf={data.csrf} size="sm" />
            </>
          ) : null}
        </Stack>
      ),
    },
    {
      id: "invoice",
      header: "Invoice",
      align: "end",
      cell: (row) =>
        row.invoice_number ? (
          // A plain link: the PDF downloads before hydration too.
          <Button asChild size="sm" variant="light" icon={<Icon name="download" size={16} />}>
            <a
              href={invoicePath(row.id)}
              download
              aria-label={`Download invoice ${row.invoice_number} of ${row.reference}`}
            >
              {row.invoice_number}
            </a>
          </Button>
        ) : (
          "—"
        ),
    },
    ...(data.raiseHref
      ? [
          {
            id: "help",
            header: "Help",
            align: "end",
            cell: (row) => (
              <Button asChild size="sm" variant="light">
                <RouterLink
                  to={`${data.raiseHref}?raise=${row.id}`}
                  aria-label={`Raise a request about ${row.reference}`}
                >
                  Raise a request
                </RouterLink>
              </Button>
            ),
          } satisfies DataTableColumn<PaymentHistoryRow>,
        ]
      : []),
  ];

  const from = params.get("from");
  const to = params.get("to");
  const filtered = Boolean(params.get("status") || from || to);
  return (
    <Card
      title="Payment history"
      description="Every payment your school started, newest first. Download the invoice of a paid order here."
      flush
    >
      <DataTable
        label="Payments"
        columns={columns}
        rows={data.rows}
        rowKey={(row) => String(row.id)}
        total={data.total}
        query={query}
        onQueryChange={update.query}
        status={listStatus}
        // Orders are found by date and status; there is nothing to type a search for.
        searchable={false}
        actions={
          <Toolbar
            filters={
              <Select
                label="Status"
                placeholder="Every status"
                options={ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_NAMES[s] }))}
                value={params.get("status") ?? ""}
                onChange={(event) => update({ status: event.target.value || null })}
              />
            }
            activeFilters={params.get("status") ? 1 : 0}
            onResetFilters={() => update({ status: null })}
            dateRange={{ from: from ?? undefined, to: to ?? undefined }}
            onDateRangeChange={(range) => update({ from: range.from ?? null, to: range.to ?? null })}
            dateRangeLabel="Started between"
          />
        }
        emptyTitle={filtered ? "No payments match" : "No payments yet"}
        emptyDescription={
          filtered
            ? "Try other dates or another status."
            : "When you pay for your students, each payment and its invoice appear here."
        }
        emptyAction={
          filtered || !data.payHref ? null : (
            <Button asChild variant="primary">
              <RouterLink to={data.payHref}>Pay for students</RouterLink>
            </Button>
          )
        }
      />
    </Card>
  );
}
