import { useFetcher, useLoaderData, useRevalidator } from "@remix-run/react";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { languageName } from "@repo/contracts/languages";
import { SIF_MESSAGES } from "@repo/contracts/sif-constants";
import { CLASS_LEVELS, classLabel, PAYMENT_STATUSES, paymentStatusName } from "@repo/contracts/students-constants";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { RegionPicker } from "@repo/remix-app/lists/region-picker";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { Toolbar } from "@repo/ui/toolbar";
import { lazy, Suspense, useState } from "react";
import type {
  IndividualActionData,
  IndividualStudentRow,
  individualStudentsLoader,
} from "./individual-students.server";

const SifImportDialog = lazy(() => import("./SifImportDialog"));
const TONES = { paid: "success", pending: "warning", unpaid: "neutral" } as const;
const FILTERS = ["class_level", "payment_status", "zone_id", "state_id", "referred"] as const;

/** Individual (SIF) students of the user's region: search, filters, export; admins import and delete. */
export function IndividualStudentsScreen() {
  const data = useLoaderData<typeof individualStudentsLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const dialogs = useMessageDialog();
  const actor = useFetcher<IndividualActionData>();
  const revalidator = useRevalidator();
  const [importing, setImporting] = useState(false);
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "Individual students list not found");

  useFetcherResult(actor, (answer) => {
    if (answer.ok) void dialogs.success(answer.message);
    else void dialogs.error(answer.message);
  });

  const update = filter;

  const name = (row: IndividualStudentRow) => `${row.first_name} ${row.last_name}`.trim();
  const remove = async (row: IndividualStudentRow) => {
    if (row.payment_status === "paid") {
      await dialogs.warning("This student stays", SIF_MESSAGES.paidNotDeleted);
      return;
    }
    const question = `Delete ${name(row)}? The student and its sign-in are removed.`;
    if (
      await dialogs.confirm(question, { title: "Delete individual student", destructive: true, confirmLabel: "Delete" })
    )
      actor.submit({ intent: "delete", id: String(row.id), csrf: data.csrf }, { method: "post" });
  };

  const columns: DataTableColumn<IndividualStudentRow>[] = [
    { id: "name", header: "Student", cell: (row) => name(row) },
    { id: "class", header: "Class", cell: (row) => classLabel(row.class_level) },
    { id: "language", header: "Language", cell: (row) => languageName(row.language) },
    {
      id: "school",
      header: "School",
      cell: (row) => (
        <Stack gap={1}>
          <span>{row.school_name}</span>
          {row.school_listed ? null : (
            <Text size="sm" tone="muted">
              Not listed
            </Text>
          )}
        </Stack>
      ),
    },
    { id: "region", header: "State", cell: (row) => [row.district, row.state].filter(Boolean).join(", ") },
    { id: "phone", header: "Phone", cell: (row) => row.phone ?? "" },
    { id: "referred", header: "Referred by", cell: (row) => row.referred_by ?? "—" },
    {
      id: "payment",
      header: "Payment",
      cell: (row) => (
        <Badge tone={TONES[row.payment_status as keyof typeof TONES] ?? "neutral"}>
          {paymentStatusName(row.payment_status)}
        </Badge>
      ),
    },
    ...(data.canManage
      ? [
          {
            id: "actions",
            header: "Actions",
            align: "end" as const,
            cell: (row: IndividualStudentRow) => (
              <Button size="sm" variant="ghost" onClick={() => void remove(row)} aria-label={`Delete ${name(row)}`}>
                Delete
              </Button>
            ),
          },
        ]
      : []),
  ];

  const activeFilters = FILTERS.filter((f) => params.get(f)).length;
  return (
    <Stack gap={5}>
      <Card
        title="Individual students"
        description={`${data.total.toLocaleString("en-IN")} registered on their own this exam year`}
        flush
      >
        <DataTable
          label="Individual students"
          columns={columns}
          rows={data.rows}
          rowKey={(row) => String(row.id)}
          total={data.total}
          query={query}
          onQueryChange={filter.query}
          status={listStatus}
          searchable
          searchPlaceholder="Search by name, phone, e-mail, roll number or school"
          actions={
            <Toolbar
              filters={
                <Stack gap={4}>
                  <Select
                    label="Class"
                    placeholder="All classes"
                    options={CLASS_LEVELS.map((level) => ({ value: String(level), label: classLabel(level) }))}
                    value={params.get("class_level") ?? ""}
                    onChange={(event) => update({ class_level: event.target.value || null })}
                  />
                  <Select
                    label="Payment"
                    placeholder="Paid and unpaid"
                    options={PAYMENT_STATUSES.map((s) => ({ value: s.code, label: s.name }))}
                    value={params.get("payment_status") ?? ""}
                    onChange={(event) => update({ payment_status: event.target.value || null })}
                  />
                  <RegionPicker
                    levels={["zone", "state"]}
                    options={{
                      zone: data.zones.map((z) => ({ value: String(z.id), label: z.name })),
                      state: data.states.map((s) => ({ value: String(s.id), label: s.name })),
                    }}
                  />
                  <Select
                    label="Referral"
                    placeholder="With and without"
                    options={[
                      { value: "yes", label: "Referred by a school" },
                      { value: "no", label: "Not referred" },
                    ]}
                    value={params.get("referred") ?? ""}
                    onChange={(event) => update({ referred: event.target.value || null })}
                  />
                </Stack>
              }
              activeFilters={activeFilters}
              onResetFilters={() => update(Object.fromEntries(FILTERS.map((f) => [f, null])))}
            >
              <ExportMenu kind={EXPORT_KIND.individualStudents} filters={data.filters} csrf={data.csrf} />
              {data.canManage ? (
                <Button variant="light" onClick={() => setImporting(true)}>
                  Import
                </Button>
              ) : null}
            </Toolbar>
          }
          emptyTitle={query.search || activeFilters ? "No individual students match" : "No individual students yet"}
          emptyDescription={
            query.search || activeFilters
              ? "Try another search or clear the filters."
              : "Students who register on their own at /sif/register appear here."
          }
        />
      </Card>
      {importing ? (
        <Suspense fallback={null}>
          <SifImportDialog
            csrf={data.csrf}
            onClose={(imported) => {
              setImporting(false);
              if (imported) revalidator.revalidate();
            }}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
