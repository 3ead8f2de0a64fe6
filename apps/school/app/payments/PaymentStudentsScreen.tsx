import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { formatMoney } from "@repo/contracts/fees";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { CLASS_LEVELS, classLabel } from "@repo/contracts/students-constants";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { useHydrated } from "@repo/ui/hydrated";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { Toolbar } from "@repo/ui/toolbar";
import { useState } from "react";
import { OpenOrders } from "./OpenOrders";
import type { PayActionData, paymentStudentsLoader, UnpaidStudentRow } from "./payments.server";

type Amount = NonNullable<Awaited<ReturnType<typeof paymentStudentsLoader>>["all"]>;
/** The form the ticked students' checkboxes post with, without JavaScript. */
const PAY_TICKED_FORM = "pay-ticked";

const cost = (amount: Amount | null) =>
  amount?.amount ? `${formatMoney(amount.amount)} (${formatMoney(amount.fee ?? amount.amount)} each)` : "—";

/** payment/payment-student: pay for every unpaid student, one class, or the ticked ones. */
export function PaymentStudentsScreen() {
  const data = useLoaderData<typeof paymentStudentsLoader>();
  const failed = useActionData<PayActionData>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const filter = useFilterParams();
  const { params } = filter;
  const [selected, setSelected] = useState<string[]>([]);
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "Unpaid students not found");
  const paying = navigation.state !== "idle" && navigation.formMethod === "POST";

  const setClass = (value: string) => {
    setSelected([]);
    filter({ class_level: value });
  };
  const paySelected = (keys: string[]) => submit({ csrf: data.csrf, student_ids: keys.join(",") }, { method: "post" });
  const hydrated = useHydrated();

  const columns: DataTableColumn<UnpaidStudentRow>[] = [
    { id: "name", header: "Student", cell: (row) => `${row.first_name} ${row.last_name}`.trim() },
    { id: "class", header: "Class", cell: (row) => classLabel(row.class_level) },
    { id: "school", header: "School", cell: (row) => row.school_name },
    { id: "phone", header: "Phone", cell: (row) => row.phone ?? "—" },
  ];
  const unpaid = data.all?.students ?? 0;
  const held = data.all?.held ?? 0;
  const noFee = data.all !== null && unpaid > 0 && data.all.amount === null;

  return (
    <Stack gap={5}>
      <Card
        title="Pay for students"
        description="Students get their roll numbers and sign-in details by e-mail once the payment is confirmed."
      >
        <Stack gap={4}>
          {failed ? (
            <Text tone="danger" role="alert">
              {failed.message}
            </Text>
          ) : null}
          {noFee ? (
            <Text tone="danger">The fee for your country is not set yet. Please contact the programme office.</Text>
          ) : null}
          <OpenOrders orders={data.openOrders} csrf={data.csrf} what={COUNTED.student} />
          <Text>
            {unpaid === 0 && held === 0
              ? "Every student of yours is paid for."
              : unpaid === 0
                ? "No student is free to pay for now."
                : `${countOf(unpaid, COUNTED.unpaidStudent)}: ${cost(data.all)}`}
          </Text>
          {held > 0 ? (
            <Text tone="muted">
              {`Held by a payment that is not finished: ${countOf(held, COUNTED.student)}. They can be paid for again once that payment is cancelled or released.`}
            </Text>
          ) : null}
          <Stack direction="row" gap={3} wrap>
            {unpaid > 0 ? (
              <Form method="post">
                <input type="hidden" name="csrf" value={data.csrf} />
                <Button type="submit" variant="primary" disabled={noFee} loading={paying}>
                  {`Pay for all ${countOf(unpaid, COUNTED.unpaidStudent)}`}
                </Button>
              </Form>
            ) : null}
            {data.classLevel && data.inClass && data.inClass.students > 0 ? (
              <Form method="post">
                <input type="hidden" name="csrf" value={data.csrf} />
                <input type="hidden" name="class_level" value={data.classLevel} />
                <Button type="submit" variant="light" loading={paying}>
                  {`Pay for class ${classLabel(data.classLevel)}: ${countOf(data.inClass.students, COUNTED.student)}, ${data.inClass.amount ? formatMoney(data.inClass.amount) : "—"}`}
                </Button>
              </Form>
            ) : null}
          </Stack>
        </Stack>
      </Card>
      <Card title="Unpaid students" description="Tick students to pay for only them." flush>
        <DataTable
          label="Unpaid students"
          columns={columns}
          rows={data.rows}
          rowKey={(row) => String(row.id)}
          rowLabel={(row) => `${row.first_name} ${row.last_name}`.trim()}
          total={data.total}
          query={query}
          onQueryChange={filter.query}
          status={listStatus}
          searchable
          searchPlaceholder="Search by name or phone"
          searchKeeps={params}
          selectable
          selected={selected}
          onSelectedChange={setSelected}
          selectionField={{ form: PAY_TICKED_FORM, name: "student_ids" }}
          bulkActions={(keys) => (
            <Button variant="primary" size="sm" loading={paying} onClick={() => paySelected(keys)}>
              {`Pay for ${keys.length} selected`}
            </Button>
          )}
          actions={
            <Toolbar
              filters={
                <Select
                  label="Class"
                  name="class_level"
                  placeholder="All classes"
                  options={CLASS_LEVELS.map((level) => ({ value: String(level), label: classLabel(level) }))}
                  value={data.classLevel ? String(data.classLevel) : ""}
                  onChange={(event) => setClass(event.target.value)}
                />
              }
              activeFilters={data.classLevel ? 1 : 0}
              onResetFilters={() => setClass("")}
              filterKeeps={{ search: query.search }}
            />
          }
          emptyTitle="No unpaid students"
          emptyDescription="Students you add appear here until they are paid for."
        />
      </Card>
      {/* Without JavaScript the rows' checkboxes belong to this form (their `form` attribute). */}
      <Form method="post" id={PAY_TICKED_FORM} hidden={hydrated}>
        <input type="hidden" name="csrf" value={data.csrf} />
        <input type="hidden" name="selection" value="1" />
        {data.rows.length > 0 && !hydrated ? (
          <Button type="submit" variant="primary">
            Pay for the ticked students
          </Button>
        ) : null}
      </Form>
    </Stack>
  );
}
