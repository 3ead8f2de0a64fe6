import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { formatMoney } from "@repo/contracts/fees";
import { ACTIVE_FILTERS } from "@repo/contracts/master-institutes-constants";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { classLabel, paymentStatusName } from "@repo/contracts/students-constants";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { Dialog } from "@repo/ui/dialog";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { Toolbar } from "@repo/ui/toolbar";
import type { InstituteActionData, InstituteSchoolRow, instituteSchoolsLoader } from "./institute.server";

type Loaded = ReturnType<typeof useLoaderData<typeof instituteSchoolsLoader>>;
type StudentItem = NonNullable<Loaded["school"]>["students"][number];

const figure = (n: number) => n.toLocaleString("en-IN");

/**
 * institute/view-school: the master institute's schools with their students this exam year
 * (paid, unpaid, amount due), search, status filter, export; a school's students in a dialog
 * (`?school=<id>`), and enabling or disabling a school.
 */
export function InstituteSchoolsScreen() {
  const data = useLoaderData<typeof instituteSchoolsLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const dialogs = useMessageDialog();
  const actor = useFetcher<InstituteActionData>();
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "Schools list not found");
  useFetcherResult(actor, (answer) => {
    if (answer.ok) void dialogs.success(answer.message);
    else void dialogs.error(answer.message);
  });

  // Another school's students start at their first page (spage).
  const setParam = (name: string, value: string | null, resetPage = true) =>
    filter({ [name]: value, ...(name === "school" ? { spage: null } : {}) }, { keepPage: !resetPage });
  const toggle = async (row: InstituteSchoolRow) => {
    const question = row.is_active
      ? `Disable ${row.name}? Its account can no longer sign in until you enable it again.`
      : `Enable ${row.name}? Its account can sign in again.`;
    const confirmed = await dialogs.confirm(question, {
      title: row.is_active ? "Disable school" : "Enable school",
      destructive: row.is_active,
      confirmLabel: row.is_active ? "Disable" : "Enable",
    });
    if (confirmed) {
      actor.submit({ csrf: data.csrf, id: String(row.id), is_active: String(!row.is_active) }, { method: "post" });
    }
  };

  const columns: DataTableColumn<InstituteSchoolRow>[] = [
    {
      id: "name",
      header: "School",
      // Wide enough on a phone: the table scrolls sideways instead of squeezing the name.
      minWidth: 200,
      cell: (row) => (
        <Stack gap={1}>
          <Text weight="semibold">{row.name}</Text>
          <Text size="sm" tone="muted">
            {[row.city, row.district, row.state].filter(Boolean).join(", ")} · {row.username ?? "no account"}
          </Text>
        </Stack>
      ),
    },
    { id: "students", header: "Students", align: "end", cell: (row) => figure(row.students) },
    { id: "paid", header: "Paid", align: "end", cell: (row) => figure(row.paid) },
    { id: "unpaid", header: "Unpaid", align: "end", cell: (row) => figure(row.unpaid + row.pending) },
    {
      id: "due",
      header: "Amount due",
      align: "end",
      cell: (row) => (row.amount_due ? formatMoney(row.amount_due) : row.unpaid > 0 ? "Fee not set" : "—"),
    },
    {
      id: "status",
      header: "Status",
      cell: (row) => (
        <Badge tone={row.is_active ? "success" : "neutral"}>{row.is_active ? "Active" : "Disabled"}</Badge>
      ),
    },
    {
      id: "actions",
      header: "Actions",
      align: "end",
      cell: (row) => (
        <Stack direction="row" gap={2} justify="end">
          <Button
            size="sm"
            variant="light"
            onClick={() => setParam("school", String(row.id), false)}
            aria-label={`Students of ${row.name}`}
          >
            Students
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void toggle(row)}
            aria-label={`${row.is_active ? "Disable" : "Enable"} ${row.name}`}
          >
            {row.is_active ? "Disable" : "Enable"}
          </Button>
        </Stack>
      ),
    },
  ];

  const open = data.school ? data.rows.find((row) => row.id === data.school?.id) : undefined;
  const filtered = Boolean(query.search || params.get("status"));
  return (
    <Stack gap={5}>
      <Card title="Schools" description={`${countOf(data.total, COUNTED.school)} of your institute`} flush>
        <DataTable
          label="Schools"
          columns={columns}
          rows={data.rows}
          rowKey={(row) => String(row.id)}
          total={data.total}
          query={query}
          onQueryChange={filter.query}
          status={listStatus}
          searchable
          searchPlaceholder="Search by name, e-mail, PIN code or username"
          actions={
            <Toolbar
              filters={
                <Select
                  label="Status"
                  placeholder="Active and disabled"
                  options={ACTIVE_FILTERS.map((f) => ({ value: f.code, label: f.name }))}
                  value={params.get("status") ?? ""}
                  onChange={(event) => setParam("status", event.target.value || null)}
                />
              }
              activeFilters={params.get("status") ? 1 : 0}
              onResetFilters={() => setParam("status", null)}
            >
              <Button asChild size="sm">
                <Link to={data.addPath}>Add schools</Link>
              </Button>
              <ExportMenu kind="institute-schools" filters={data.filters} csrf={data.csrf} />
            </Toolbar>
          }
          emptyTitle={filtered ? "No schools match" : "No schools yet"}
          emptyDescription={
            filtered ? "Try another search or clear the filter." : "Add your schools one by one, or from a spreadsheet."
          }
        />
      </Card>
      {data.school ? (
        <Dialog
          open
          size="lg"
          title={open ? `Students of ${open.name}` : "Students of the school"}
          description={`${countOf(data.school.total, COUNTED.student)} this exam year`}
          onOpenChange={(next) => {
            if (!next) setParam("school", null, false);
          }}
        >
          <SchoolStudents school={data.school} addStudentsPath={data.addStudentsPath} />
        </Dialog>
      ) : null}
    </Stack>
  );
}

function SchoolStudents({
  school,
  addStudentsPath,
}: {
  school: NonNullable<Loaded["school"]>;
  addStudentsPath: string;
}) {
  const filter = useFilterParams();
  const columns: DataTableColumn<StudentItem>[] = [
    { id: "name", header: "Student", cell: (s) => `${s.first_name} ${s.last_name}`.trim() },
    { id: "class", header: "Class", cell: (s) => classLabel(s.class_level) },
    { id: "payment", header: "Payment", cell: (s) => paymentStatusName(s.payment_status) },
    { id: "roll", header: "Roll number", cell: (s) => s.roll_number ?? "—" },
  ];
  if (school.failure) return <Text tone="danger">{school.failure}</Text>;
  return (
    <Stack gap={3}>
      <DataTable
        label="Students of the school"
        columns={columns}
        rows={school.students}
        rowKey={(s) => String(s.id)}
        total={school.total}
        query={{ page: school.page, perPage: 10, search: "" }}
        onQueryChange={(next) => filter({ spage: String(next.page) }, { keepPage: true })}
        emptyTitle="No students yet"
        emptyDescription="Add students to this school on the Add Students page."
      />
      <Text size="sm">
        <Link to={addStudentsPath}>Add students</Link>
      </Text>
    </Stack>
  );
}
