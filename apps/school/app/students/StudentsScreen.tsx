import { Link, useActionData, useFetcher, useLoaderData, useLocation } from "@remix-run/react";
import { PRINTOUT_PAGES } from "@repo/auth/student-paths";
import { LANGUAGES, languageName } from "@repo/contracts/languages";
import { COUNTED, countOf } from "@repo/contracts/plural";
import {
  CLASS_LEVELS,
  classLabel,
  PAYMENT_STATUSES,
  paymentStatusName,
  STUDENT_MESSAGES,
} from "@repo/contracts/students-constants";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { PostedAnswer } from "@repo/remix-app/forms/posted-answer";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { useHydrated } from "@repo/ui/hydrated";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { Toolbar } from "@repo/ui/toolbar";
import { lazy, Suspense, useState } from "react";
import { SignInSms } from "./SignInSms";
import type { StudentActionData, StudentRow, studentsLoader } from "./students.server";

// The edit form (zod, react-hook-form) loads when it first opens.
const EditStudentDialog = lazy(() => import("./EditStudentDialog"));

const TITLES = { paid: "Paid students", unpaid: "Unpaid students", pending: "Students with a payment under way" };
const TONES = { paid: "success", pending: "warning", unpaid: "neutral" } as const;

const deleteQuestion = (rows: StudentRow[]) => {
  const names =
    rows.length === 1 && rows[0]
      ? `${rows[0].first_name} ${rows[0].last_name}`.trim()
      : countOf(rows.length, COUNTED.student);
  return `Delete ${names}? Unpaid students are removed with their sign-in; paid ones stay.`;
};

const sendQuestion = (row: StudentRow) => {
  const again = row.has_account ? " A new password replaces the old one." : "";
  // Without an e-mail address the details go by text message (docs/decisions/051-sms-gateway.md).
  return row.email
    ? `Mail a username and password to ${row.email}?${again}`
    : `Text a username and password to ${row.phone}?${again}`;
};

/** The school's students: search, filters, export, edit, delete unpaid ones, mail their sign-in details. */
export function StudentsScreen() {
  const data = useLoaderData<typeof studentsLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const dialogs = useMessageDialog();
  const actor = useFetcher<StudentActionData>();
  // Without JavaScript "Edit" is a link (`?edit=<id>`) and a refused edit comes back with the page:
  // either opens the form, in the page instead of a dialog (decision 053).
  const hydrated = useHydrated();
  const posted = useActionData<StudentActionData>();
  const editId = posted?.ok === false && posted.intent === "update" ? posted.id : params.get("edit");
  const [editing, setEditing] = useState<StudentRow | null>(data.rows.find((row) => String(row.id) === editId) ?? null);
  const withParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(name);
    else next.set(name, value);
    return `?${next}`;
  };
  const [selected, setSelected] = useState<string[]>([]);
  const query = parseTableQuery(params);
  const listStatus = useListStatus();

  useListFailureWarning(data.failure, "Students list not found");

  useFetcherResult(actor, (answer) => {
    if (!answer.ok) {
      void dialogs.error(answer.message);
      return;
    }
    setSelected([]);
    const kept = answer.kept ?? [];
    if (kept.length === 0) void dialogs.success(answer.message);
    else void dialogs.warning(answer.message, [...new Set(kept.map((k) => k.reason))].join(" "));
  });

  const post = (fields: Record<string, string>) => actor.submit({ ...fields, csrf: data.csrf }, { method: "post" });
  const remove = async (rows: StudentRow[]) => {
    const paid = rows.filter((row) => row.payment_status === "paid");
    if (rows.length === 1 && paid.length === 1) {
      await dialogs.warning("This student stays", STUDENT_MESSAGES.paidNotDeleted);
      return;
    }
    const question = deleteQuestion(rows);
    if (await dialogs.confirm(question, { title: "Delete students", destructive: true, confirmLabel: "Delete" }))
      post({ intent: "delete", ids: rows.map((row) => row.id).join(",") });
  };
  const sendCredentials = async (row: StudentRow) => {
    if (!row.email && !row.phone) {
      await dialogs.warning("No e-mail address or mobile number", STUDENT_MESSAGES.noContact);
      return;
    }
    if (await dialogs.confirm(sendQuestion(row), { title: "Send sign-in details", confirmLabel: "Send" }))
      post({ intent: "credentials", id: String(row.id) });
  };

  const update = filter;

  const name = (row: StudentRow) => `${row.first_name} ${row.last_name}`.trim();
  const columns: DataTableColumn<StudentRow>[] = [
    { id: "name", header: "Student", cell: (row) => name(row) },
    { id: "class", header: "Class", cell: (row) => classLabel(row.class_level) },
    { id: "language", header: "Language", cell: (row) => languageName(row.language) },
    { id: "parent", header: "Parent", cell: (row) => row.parent_name ?? "" },
    { id: "phone", header: "Phone", cell: (row) => row.phone ?? "" },
    {
      id: "payment",
      header: "Payment",
      cell: (row) => (
        <Badge tone={TONES[row.payment_status as keyof typeof TONES] ?? "neutral"}>
          {paymentStatusName(row.payment_status)}
        </Badge>
      ),
    },
    { id: "roll", header: "Roll number", cell: (row) => row.roll_number ?? "—" },
    { id: "sms", header: "Sign-in by SMS", cell: (row) => <SignInSms sms={row.sign_in_sms} /> },
    ...(data.canEdit
      ? [
          {
            id: "actions",
            header: "Actions",
            align: "end" as const,
            cell: (row: StudentRow) => (
              <Stack direction="row" gap={2} justify="end">
                {hydrated ? (
                  <Button size="sm" variant="light" onClick={() => setEditing(row)} aria-label={`Edit ${name(row)}`}>
                    Edit
                  </Button>
                ) : (
                  <Button asChild size="sm" variant="light">
                    <Link to={withParam("edit", String(row.id))} aria-label={`Edit ${name(row)}`}>
                      Edit
                    </Link>
                  </Button>
                )}
                {hydrated ? (
                  <>
                    <Button
                      size="sm"
                      variant="light"
                      onClick={() => void sendCredentials(row)}
                      aria-label={`Send sign-in details to ${name(row)}`}
                    >
                      Send sign-in
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => void remove([row])}
                      aria-label={`Delete ${name(row)}`}
                    >
                      Delete
                    </Button>
                  </>
                ) : (
                  <>
                    <Button asChild size="sm" variant="light">
                      <Link to={withParam("send", String(row.id))} aria-label={`Send sign-in details to ${name(row)}`}>
                        Send sign-in
                      </Link>
                    </Button>
                    <Button asChild size="sm" variant="ghost">
                      <Link to={withParam("delete", String(row.id))} aria-label={`Delete ${name(row)}`}>
                        Delete
                      </Link>
                    </Button>
                  </>
                )}
              </Stack>
            ),
          },
        ]
      : []),
    ...(data.canPrintSlips
      ? [
          {
            id: "slip",
            header: "Sign-in slip",
            align: "end" as const,
            cell: (row: StudentRow) => <SlipForm row={row} csrf={data.csrf} />,
          },
        ]
      : []),
  ];

  const activeFilters = ["class_level", "language", ...(data.fixed ? [] : ["payment_status"])].filter((f) =>
    params.get(f),
  ).length;
  const title = data.fixed ? TITLES[data.fixed] : "Students";

  return (
    <Stack gap={5}>
      {data.problem ? (
        <Text role="alert" tone="danger">
          {data.problem}
        </Text>
      ) : null}
      <PostedAnswer />
      {hydrated ? null : <ConfirmCard rows={data.rows} params={params} csrf={data.csrf} withParam={withParam} />}
      <Card title={title} description={`${data.total.toLocaleString("en-IN")} this exam year`} flush>
        <DataTable
          label={title}
          columns={columns}
          rows={data.rows}
          rowKey={(row) => String(row.id)}
          rowLabel={(row) => `Select ${name(row)}`}
          total={data.total}
          query={query}
          onQueryChange={filter.query}
          status={listStatus}
          searchable
          searchPlaceholder="Search by name, parent, phone or roll number"
          searchKeeps={params}
          selectable={data.canEdit}
          selected={selected}
          onSelectedChange={setSelected}
          bulkActions={(keys) => (
            <Button
              variant="danger"
              size="sm"
              onClick={() => void remove(data.rows.filter((row) => keys.includes(String(row.id))))}
            >
              Delete
            </Button>
          )}
          actions={
            <Toolbar
              filters={
                <Stack gap={4} direction={hydrated ? "column" : "row"} wrap>
                  <Select
                    label="Class"
                    name="class_level"
                    placeholder="All classes"
                    options={CLASS_LEVELS.map((level) => ({ value: String(level), label: classLabel(level) }))}
                    value={params.get("class_level") ?? ""}
                    onChange={(event) => update({ class_level: event.target.value || null })}
                  />
                  <Select
                    label="Language"
                    name="language"
                    placeholder="All languages"
                    options={LANGUAGES.map((l) => ({ value: l.code, label: l.name }))}
                    value={params.get("language") ?? ""}
                    onChange={(event) => update({ language: event.target.value || null })}
                  />
                  {data.fixed ? null : (
                    <Select
                      label="Payment"
                      name="payment_status"
                      placeholder="Paid and unpaid"
                      options={PAYMENT_STATUSES.map((s) => ({ value: s.code, label: s.name }))}
                      value={params.get("payment_status") ?? ""}
                      onChange={(event) => update({ payment_status: event.target.value || null })}
                    />
                  )}
                </Stack>
              }
              activeFilters={activeFilters}
              onResetFilters={() => update({ class_level: null, language: null, payment_status: null })}
              filterKeeps={{ search: query.search }}
            >
              <ExportMenu kind="students" filters={data.filters} csrf={data.csrf} />
            </Toolbar>
          }
          emptyTitle={query.search || activeFilters ? "No students match" : "No students yet"}
          emptyDescription={
            query.search || activeFilters
              ? "Try another search or clear the filters."
              : "Add students one by one, or many at once from a spreadsheet."
          }
        />
      </Card>
      {editing ? (
        <Suspense fallback={null}>
          <EditStudentDialog
            key={editing.id}
            row={editing}
            csrf={data.csrf}
            onClose={() => setEditing(null)}
            listHref={withParam("edit", null)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

/**
 * A student's printed sign-in slip (decision 050): a plain form whose answer is the PDF, so it
 * works before JavaScript loads; a refusal comes back to this page with its message.
 */
function SlipForm({ row, csrf }: { row: StudentRow; csrf: string }) {
  const location = useLocation();
  const who = `${row.first_name} ${row.last_name}`.trim();
  return (
    <form method="post" action={PRINTOUT_PAGES.slips}>
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="student_id" value={row.id} />
      <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
      <Button
        type="submit"
        size="sm"
        variant="light"
        aria-label={`Print slip for ${who}: a sign-in slip with a new one-time password`}
        title={row.has_account ? "A new one-time password replaces the student's password" : undefined}
      >
        Print slip
      </Button>
    </form>
  );
}

/**
 * Without JavaScript "Delete" and "Send sign-in" are links (`?delete=<id>`, `?send=<id>`) to this
 * card, which asks what the dialog asks and posts the action back to the list (decision 053).
 */
function ConfirmCard({
  rows,
  params,
  csrf,
  withParam,
}: {
  rows: StudentRow[];
  params: URLSearchParams;
  csrf: string;
  withParam: (name: string, value: string | null) => string;
}) {
  const deleting = rows.find((row) => String(row.id) === params.get("delete"));
  const sending = rows.find((row) => String(row.id) === params.get("send"));
  const row = deleting ?? sending;
  if (!row) return null;
  const back = withParam(deleting ? "delete" : "send", null);
  const refusal = deleting
    ? deleting.payment_status === "paid"
      ? STUDENT_MESSAGES.paidNotDeleted
      : null
    : !row.email && !row.phone
      ? STUDENT_MESSAGES.noContact
      : null;
  return (
    <Card title={deleting ? "Delete students" : "Send sign-in details"}>
      <Stack gap={3}>
        <Text role={refusal ? "alert" : undefined}>
          {refusal ?? (deleting ? deleteQuestion([row]) : sendQuestion(row))}
        </Text>
        <Stack direction="row" gap={3}>
          {refusal ? null : (
            <form method="post" action={back}>
              <input type="hidden" name="csrf" value={csrf} />
              <input type="hidden" name="intent" value={deleting ? "delete" : "credentials"} />
              <input type="hidden" name={deleting ? "ids" : "id"} value={row.id} />
              <Button type="submit" variant={deleting ? "danger" : "primary"}>
                {deleting ? "Delete" : "Send"}
              </Button>
            </form>
          )}
          <Button asChild variant="ghost">
            <Link to={back}>{refusal ? "Back to the list" : "Cancel"}</Link>
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}
