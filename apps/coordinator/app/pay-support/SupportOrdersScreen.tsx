import { useLoaderData } from "@remix-run/react";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { formatMoney } from "@repo/contracts/fees";
import {
  PAY_SUPPORT_PAYER_NAMES,
  PAY_SUPPORT_PAYERS,
  PAY_SUPPORT_VIEW_NAMES,
  PAY_SUPPORT_VIEWS,
} from "@repo/contracts/pay-support-constants";
import { ORDER_STATUS_NAMES, ORDER_STATUS_TONES } from "@repo/contracts/payments-constants";
import { classLabel, paymentStatusName } from "@repo/contracts/students-constants";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { DescriptionList } from "@repo/ui/description-list";
import { formatDateTime } from "@repo/ui/format";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { Toolbar } from "@repo/ui/toolbar";
import { lazy, Suspense, useState } from "react";
import type { SupportOrderRow, SupportRegistration, supportOrdersLoader } from "./pay-support.server";

const OrderDialog = lazy(() => import("./OrderDialog"));

/** Student Payments and Order Review: find an order (by student, reference or payer), open it, act on it. */
export function SupportOrdersScreen({ title, description }: { title: string; description: string }) {
  const data = useLoaderData<typeof supportOrdersLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const [open, setOpen] = useState<SupportOrderRow | null>(null);
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "Orders not found");

  // A page's own view and payers stay out of the URL.
  const setView = (value: string) => filter({ view: value === data.defaultView ? null : value });
  const setPayer = (value: string) => filter({ payer: value === data.defaultPayer ? null : value });
  const columns: DataTableColumn<SupportOrderRow>[] = [
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
      id: "payer",
      header: "Payer",
      cell: (row) => (
        <Stack gap={1}>
          <span>{row.payer_name}</span>
          <span>{row.summary}</span>
          {row.referred_by ? <span>{`Referred by ${row.referred_by}`}</span> : null}
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
          {row.mismatches > 0 ? <Badge tone="danger">{`${row.mismatches} held: amount mismatch`}</Badge> : null}
          {row.refunds_due > 0 ? <Badge tone="warning">{`${row.refunds_due} refund due`}</Badge> : null}
        </Stack>
      ),
    },
    {
      id: "open",
      header: "Details",
      align: "end",
      cell: (row) => (
        <Button size="sm" variant="light" onClick={() => setOpen(row)} aria-label={`Open ${row.reference}`}>
          Open
        </Button>
      ),
    },
  ];

  return (
    <Stack gap={5}>
      <RegistrationFound registration={data.registration} problem={data.registrationProblem} />
      <Card title={title} description={description} flush>
        <DataTable
          label="Orders"
          columns={columns}
          rows={data.rows}
          rowKey={(row) => String(row.id)}
          total={data.total}
          query={query}
          onQueryChange={filter.query}
          status={listStatus}
          searchable
          searchPlaceholder="Order (ORD-000042), registration (REG-000123), student, roll number, phone or school"
          actions={
            <Toolbar
              filters={
                <Stack gap={4}>
                  <Select
                    label="Show"
                    options={PAY_SUPPORT_VIEWS.map((v) => ({ value: v, label: PAY_SUPPORT_VIEW_NAMES[v] }))}
                    value={data.view}
                    onChange={(event) => setView(event.target.value)}
                  />
                  <Select
                    label="Paid by"
                    options={PAY_SUPPORT_PAYERS.map((p) => ({ value: p, label: PAY_SUPPORT_PAYER_NAMES[p] }))}
                    value={data.payer}
                    onChange={(event) => setPayer(event.target.value)}
                  />
                </Stack>
              }
              activeFilters={
                (data.view === data.defaultView ? 0 : 1) +
                (data.payer === data.defaultPayer ? 0 : 1) +
                (data.school ? 1 : 0)
              }
              onResetFilters={() => filter({ view: null, payer: null, school_id: null })}
            >
              <ExportMenu kind={EXPORT_KIND.supportOrders} filters={data.filters} csrf={data.csrf} />
            </Toolbar>
          }
          emptyTitle={data.view === "attention" ? "Nothing needs attention" : "No orders match"}
          emptyDescription="Orders appear here as schools pay; search by a student, an order or a school."
        />
        {open ? (
          <Suspense fallback={null}>
            <OrderDialog
              row={open}
              csrf={data.csrf}
              canManage={data.canManage}
              canRefund={data.canRefund}
              onClose={() => setOpen(null)}
            />
          </Suspense>
        ) : null}
      </Card>
    </Stack>
  );
}

/**
 * The registration behind a reference a school quoted ("registered this year with another school",
 * decision 055): which school has the student, to resolve it with both schools.
 */
function RegistrationFound({
  registration,
  problem,
}: {
  registration: SupportRegistration | null;
  problem: string | null;
}) {
  if (problem) {
    return (
      <Card title="Registration reference" headingLevel={2}>
        <Text tone="danger" role="status">
          {problem}
        </Text>
      </Card>
    );
  }
  if (!registration) return null;
  return (
    <Card
      title={`Registration ${registration.reference}`}
      description="The registration a school was told about as “already registered this year with another school”."
    >
      <DescriptionList
        aria-label={`Registration ${registration.reference}`}
        items={[
          { label: "Student", value: `${registration.student_name}, class ${classLabel(registration.class_level)}` },
          { label: "Date of birth", value: registration.date_of_birth },
          { label: "Exam year", value: registration.exam_year },
          { label: "Registered with", value: registration.school_name ?? "No school" },
          { label: "School's username", value: registration.school_username },
          { label: "School's phone", value: registration.school_phone },
          { label: "Registered by", value: registration.source === "sif" ? "The student (individual)" : "The school" },
          { label: "Fee", value: paymentStatusName(registration.payment_status) },
          { label: "Registered on", value: formatDateTime(registration.created_at) },
        ]}
      />
    </Card>
  );
}
