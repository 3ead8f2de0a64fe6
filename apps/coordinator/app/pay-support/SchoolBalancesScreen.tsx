import { Link as RouterLink, useLoaderData } from "@remix-run/react";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { formatMoney } from "@repo/contracts/fees";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Checkbox } from "@repo/ui/checkbox";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { Stack } from "@repo/ui/stack";
import { Toolbar } from "@repo/ui/toolbar";
import type { SchoolBalanceRow, schoolBalancesLoader } from "./school-balances.server";

/** School Payments: each school's students by payment status, what was paid for them and what is still due. */
export function SchoolBalancesScreen() {
  const data = useLoaderData<typeof schoolBalancesLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "Schools not found");
  const owing = params.get("owing") === "true";

  const columns: DataTableColumn<SchoolBalanceRow>[] = [
    {
      id: "school",
      header: "School",
      cell: (row) => (
        <Stack gap={1}>
          <strong>{row.name}</strong>
          <span>{[row.username, row.state].filter(Boolean).join(" · ")}</span>
        </Stack>
      ),
    },
    {
      id: "students",
      header: "Students",
      align: "end",
      cell: (row) => (
        <Stack gap={1}>
          <span>{`${row.paid} paid of ${row.students}`}</span>
          {row.pending > 0 ? <span>{`${row.pending} in an unfinished payment`}</span> : null}
        </Stack>
      ),
    },
    { id: "paid", header: "Paid", align: "end", cell: (row) => formatMoney(row.paid_amount) },
    {
      id: "due",
      header: "Due",
      align: "end",
      cell: (row) =>
        row.unpaid === 0
          ? "Nothing due"
          : row.due_amount
            ? `${formatMoney(row.due_amount)} (${row.unpaid} unpaid)`
            : `${row.unpaid} unpaid, no fee set`,
    },
    {
      id: "orders",
      header: "Orders",
      align: "end",
      cell: (row) => (
        <Button asChild size="sm" variant="light">
          <RouterLink to={`${data.ordersHref}?school_id=${row.school_id}`} aria-label={`Orders of ${row.name}`}>
            Orders
          </RouterLink>
        </Button>
      ),
    },
  ];

  return (
    <Card
      title="School payments"
      description="Each school's students this exam year: how many are paid, what was paid for them (by the school, its master institute or by hand) and what is still due."
      flush
    >
      <DataTable
        label="Schools and balances"
        columns={columns}
        rows={data.rows}
        rowKey={(row) => String(row.school_id)}
        total={data.total}
        query={query}
        onQueryChange={filter.query}
        status={listStatus}
        searchable
        searchPlaceholder="School name, referral code or username"
        actions={
          <Toolbar
            filters={
              <Checkbox
                label="Only schools with unpaid students"
                checked={owing}
                onChange={(event) => filter({ owing: event.target.checked ? "true" : null })}
              />
            }
            activeFilters={owing ? 1 : 0}
            onResetFilters={() => filter({ owing: null })}
          >
            <ExportMenu kind={EXPORT_KIND.schoolBalances} filters={data.filters} csrf={data.csrf} />
          </Toolbar>
        }
        emptyTitle={owing || query.search ? "No schools match" : "No schools yet"}
        emptyDescription="Schools appear here as they register."
      />
    </Card>
  );
}
