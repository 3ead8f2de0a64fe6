import { useFetcher, useLoaderData } from "@remix-run/react";
import { formatMoney } from "@repo/contracts/fees";
import { COMMISSION_CURRENCY, REFERRAL_STATUSES, referralStatusName } from "@repo/contracts/referrals-constants";
import { CLASS_LEVELS, classLabel, PAYMENT_STATUSES, paymentStatusName } from "@repo/contracts/students-constants";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Toolbar } from "@repo/ui/toolbar";
import { lazy, Suspense, useState } from "react";
import { ReferralCodeCard } from "./ReferralCodeCard";
import type { ReferralActionData, ReferredStudentRow, referredStudentsLoader } from "./referrals.server";

const RejectReferralDialog = lazy(() => import("./RejectReferralDialog"));

const REFERRAL_TONES = { pending: "warning", approved: "success", rejected: "danger" } as const;
const PAYMENT_TONES = { paid: "success", pending: "warning", unpaid: "neutral" } as const;
const FILTERS = ["referral_status", "payment_status", "class_level"] as const;

/** The school's referred students: its code to share, the list with filters and export, approve or reject. */
export function ReferredStudentsScreen() {
  const data = useLoaderData<typeof referredStudentsLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const dialogs = useMessageDialog();
  const actor = useFetcher<ReferralActionData>();
  const [rejecting, setRejecting] = useState<ReferredStudentRow | null>(null);
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "Referred students not found");
  useFetcherResult(actor, (answer) => {
    if (answer.ok) void dialogs.success(answer.message);
    else void dialogs.error(answer.message);
  });

  const name = (row: ReferredStudentRow) => `${row.first_name} ${row.last_name}`.trim();
  const approve = async (row: ReferredStudentRow) => {
    const question = `Approve ${name(row)} as referred by your school? Once approved, the decision is final.`;
    if (await dialogs.confirm(question, { title: "Approve referral", confirmLabel: "Approve" }))
      actor.submit({ csrf: data.csrf, id: String(row.id), status: "approved" }, { method: "post" });
  };
  const update = filter;

  const columns: DataTableColumn<ReferredStudentRow>[] = [
    { id: "name", header: "Student", cell: (row) => name(row) },
    { id: "class", header: "Class", cell: (row) => classLabel(row.class_level) },
    { id: "school", header: "Student's school", cell: (row) => row.school_name },
    {
      id: "referral",
      header: "Referral",
      cell: (row) => (
        <Stack gap={1}>
          <Badge tone={REFERRAL_TONES[row.referral_status]}>{referralStatusName(row.referral_status)}</Badge>
          {row.referral_reason ? <span>{row.referral_reason}</span> : null}
        </Stack>
      ),
    },
    {
      id: "payment",
      header: "Payment",
      cell: (row) => <Badge tone={PAYMENT_TONES[row.payment_status]}>{paymentStatusName(row.payment_status)}</Badge>,
    },
    {
      id: "commission",
      header: "Commission",
      align: "end",
      cell: (row) =>
        row.commission_minor === 0
          ? "—"
          : formatMoney({ currency: COMMISSION_CURRENCY, amount_minor: row.commission_minor }),
    },
    {
      id: "actions",
      header: "Decision",
      align: "end",
      cell: (row) =>
        row.referral_status === "pending" ? (
          <Stack direction="row" gap={2} justify="end">
            <Button size="sm" variant="light" onClick={() => void approve(row)} aria-label={`Approve ${name(row)}`}>
              Approve
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setRejecting(row)} aria-label={`Reject ${name(row)}`}>
              Reject
            </Button>
          </Stack>
        ) : (
          "Decided"
        ),
    },
  ];

  const activeFilters = FILTERS.filter((f) => params.get(f)).length;
  return (
    <Stack gap={5}>
      <ReferralCodeCard code={data.code} />
      <Card title="Referred students" description={`${data.total.toLocaleString("en-IN")} this exam year`} flush>
        <DataTable
          label="Referred students"
          columns={columns}
          rows={data.rows}
          rowKey={(row) => String(row.id)}
          total={data.total}
          query={query}
          onQueryChange={filter.query}
          status={listStatus}
          searchable
          searchPlaceholder="Search by name, phone, roll number or school"
          actions={
            <Toolbar
              filters={
                <Stack gap={4}>
                  <Select
                    label="Referral"
                    placeholder="Every referral"
                    options={REFERRAL_STATUSES.map((s) => ({ value: s, label: referralStatusName(s) }))}
                    value={params.get("referral_status") ?? ""}
                    onChange={(event) => update({ referral_status: event.target.value || null })}
                  />
                  <Select
                    label="Payment"
                    placeholder="Paid and unpaid"
                    options={PAYMENT_STATUSES.map((s) => ({ value: s.code, label: s.name }))}
                    value={params.get("payment_status") ?? ""}
                    onChange={(event) => update({ payment_status: event.target.value || null })}
                  />
                  <Select
                    label="Class"
                    placeholder="All classes"
                    options={CLASS_LEVELS.map((level) => ({ value: String(level), label: classLabel(level) }))}
                    value={params.get("class_level") ?? ""}
                    onChange={(event) => update({ class_level: event.target.value || null })}
                  />
                </Stack>
              }
              activeFilters={activeFilters}
              onResetFilters={() => update({ referral_status: null, payment_status: null, class_level: null })}
            >
              <ExportMenu kind="referred-students" filters={data.filters} csrf={data.csrf} />
            </Toolbar>
          }
          emptyTitle={query.search || activeFilters ? "No referred students match" : "No referred students yet"}
          emptyDescription={
            query.search || activeFilters
              ? "Try another search or clear the filters."
              : "Share your referral link: students who register with it appear here."
          }
        />
      </Card>
      {rejecting ? (
        <Suspense fallback={null}>
          <RejectReferralDialog
            key={rejecting.id}
            row={rejecting}
            csrf={data.csrf}
            onClose={() => setRejecting(null)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
