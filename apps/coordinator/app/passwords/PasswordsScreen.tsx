import { useFetcher, useLoaderData } from "@remix-run/react";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { PersonCell } from "@repo/remix-app/lists/person-cell";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { formatDateTime } from "@repo/ui/format";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Select } from "@repo/ui/select";
import { Toolbar } from "@repo/ui/toolbar";
import type { PasswordActionData, PasswordUserRow, passwordsLoader } from "./passwords.server";

type LoaderData = Awaited<ReturnType<typeof passwordsLoader>>;

/** The people the signed-in user manages, each with a Reset password button. */
export function PasswordsScreen() {
  const data = useLoaderData<LoaderData>();
  const filter = useFilterParams();
  const { params } = filter;
  const dialogs = useMessageDialog();
  const resetter = useFetcher<PasswordActionData>();
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "People not found");
  useFetcherResult(resetter, (answer) => {
    if (answer.ok) void dialogs.success(answer.message);
    else void dialogs.error(answer.message);
  });
  const setQuery = filter.query;

  const reset = async (row: PasswordUserRow) => {
    const yes = await dialogs.confirm(
      `${row.name} (${row.username}) gets a new password by e-mail at ${row.email}, is signed out everywhere, and must choose their own password at the next sign-in.`,
      { title: "Reset password", confirmLabel: "Reset and mail it" },
    );
    if (yes) resetter.submit({ csrf: data.csrf, user_id: String(row.id) }, { method: "post" });
  };

  const columns: DataTableColumn<PasswordUserRow>[] = [
    {
      id: "name",
      header: "Name",
      cell: (row) => <PersonCell name={row.name} username={row.username} />,
    },
    { id: "role", header: "Role", cell: (row) => row.role_name },
    { id: "email", header: "E-mail", cell: (row) => row.email },
    {
      id: "state",
      header: "Password",
      cell: (row) =>
        row.must_change_password ? (
          <Badge tone="warning">Reset, not yet changed</Badge>
        ) : row.is_active ? (
          <Badge tone="success">Their own</Badge>
        ) : (
          <Badge tone="neutral">Sign-in switched off</Badge>
        ),
    },
    {
      id: "last",
      header: "Last signed in",
      cell: (row) => (row.last_login_at ? formatDateTime(row.last_login_at) : "Never"),
    },
    {
      id: "actions",
      header: "Actions",
      align: "end",
      cell: (row) => (
        <Button size="sm" variant="light" onClick={() => reset(row)} aria-label={`Reset password of ${row.username}`}>
          Reset password
        </Button>
      ),
    },
  ];

  const filters = data.roles.length ? (
    <Select
      label="Role"
      placeholder="Every role"
      options={data.roles}
      value={params.get("role_id") ?? ""}
      onChange={(event) => filter({ role_id: event.target.value })}
    />
  ) : undefined;

  return (
    <Card
      title="Password management"
      description="Reset the password of someone you manage: the portal makes a new one and mails it to them; nobody else sees it."
    >
      <DataTable
        label="People"
        columns={columns}
        rows={data.rows}
        rowKey={(row) => String(row.id)}
        total={data.total}
        query={query}
        onQueryChange={setQuery}
        status={listStatus}
        searchable
        searchPlaceholder="Search by username, name or e-mail"
        actions={
          filters ? (
            <Toolbar filters={filters} activeFilters={params.get("role_id") ? 1 : 0} onResetFilters={filter.reset} />
          ) : undefined
        }
        emptyTitle={query.search ? "Nobody matches" : "Nobody to manage yet"}
        emptyDescription={query.search ? "Try another search." : "The people you manage appear here."}
      />
    </Card>
  );
}
