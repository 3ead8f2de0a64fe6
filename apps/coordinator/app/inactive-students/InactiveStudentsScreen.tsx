import { useFetcher, useLoaderData } from "@remix-run/react";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { INACTIVE_CAUSE_NAMES, INACTIVE_CAUSES } from "@repo/contracts/student-accounts-constants";
import { classLabel, paymentStatusName } from "@repo/contracts/students-constants";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { formatDateTime } from "@repo/ui/format";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Toolbar } from "@repo/ui/toolbar";
import type { InactiveActionData, InactiveStudentRow, inactiveStudentsLoader } from "./inactive-students.server";

/** Students who cannot sign in: why, since when, by whom; switch a sign-in on again; export. */
export function InactiveStudentsScreen() {
  const data = useLoaderData<typeof inactiveStudentsLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const dialogs = useMessageDialog();
  const actor = useFetcher<InactiveActionData>();
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "Inactive students not found");
  useFetcherResult(actor, (answer) => {
    if (answer.ok) void dialogs.success(answer.message);
    else void dialogs.error(answer.message);
  });

  const setCause = (value: string) => filter({ cause: value || null });
  const reactivate = async (row: InactiveStudentRow) => {
    const question = `Let ${row.name} (${row.username}) sign in again? They were switched off because: ${row.reason ?? "no reason recorded"}.`;
    if (await dialogs.confirm(question, { title: "Switch sign-in on", confirmLabel: "Switch on" }))
      actor.submit({ csrf: data.csrf, student_id: String(row.student_id) }, { method: "post" });
  };

  const columns: DataTableColumn<InactiveStudentRow>[] = [
    {
      id: "student",
      header: "Student",
      cell: (row) => (
        <Stack gap={1}>
          <strong>{row.name}</strong>
          <span>
            {row.username} · {classLabel(row.class_level)}
            {row.roll_number ? ` · Roll ${row.roll_number}` : ""}
          </span>
        </Stack>
      ),
    },
    { id: "school", header: "School", cell: (row) => row.school_name ?? "—" },
    { id: "payment", header: "Payment", cell: (row) => paymentStatusName(row.payment_status) },
    {
      id: "why",
      header: "Why",
      cell: (row) => (
        <Stack gap={1}>
          <Badge tone={row.cause === "account" ? "danger" : "warning"}>{INACTIVE_CAUSE_NAMES[row.cause]}</Badge>
          {row.reason ? <span>{row.reason}</span> : null}
          {row.deactivated_at ? (
            <span>
              {formatDateTime(row.deactivated_at)}
              {row.deactivated_by ? ` by ${row.deactivated_by}` : ""}
            </span>
          ) : null}
        </Stack>
      ),
    },
    {
      id: "actions",
      header: "Sign-in",
      align: "end",
      cell: (row) =>
        row.cause === "account" ? (
          <Button
            size="sm"
            variant="light"
            onClick={() => void reactivate(row)}
            aria-label={`Switch on sign-in for ${row.name}`}
          >
            Switch on
          </Button>
        ) : (
          "The school activates itself"
        ),
    },
  ];

  return (
    <Card
      title="Inactive students"
      description="Students who cannot sign in: switched off by pay support, or their school is deactivated."
      flush
    >
      <DataTable
        label="Inactive students"
        columns={columns}
        rows={data.rows}
        rowKey={(row) => String(row.student_id)}
        total={data.total}
        query={query}
        onQueryChange={filter.query}
        status={listStatus}
        searchable
        searchPlaceholder="Search by name, roll number, phone, username or school"
        actions={
          <Toolbar
            filters={
              <Select
                label="Why"
                placeholder="Every cause"
                options={INACTIVE_CAUSES.map((c) => ({ value: c, label: INACTIVE_CAUSE_NAMES[c] }))}
                value={params.get("cause") ?? ""}
                onChange={(event) => setCause(event.target.value)}
              />
            }
            activeFilters={params.get("cause") ? 1 : 0}
            onResetFilters={() => setCause("")}
          >
            <ExportMenu kind={EXPORT_KIND.inactiveStudents} filters={data.filters} csrf={data.csrf} />
          </Toolbar>
        }
        emptyTitle={params.get("cause") || params.get("search") ? "No students match" : "Every student can sign in"}
        emptyDescription="Students whose sign-in is switched off, or whose school is deactivated, appear here."
      />
    </Card>
  );
}
