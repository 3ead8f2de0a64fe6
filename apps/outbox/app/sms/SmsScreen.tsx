import { Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { SMS_STATUSES, type SmsKind, type SmsStatus } from "@repo/contracts/sms-constants";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Badge, type BadgeTone } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { formatDateTime } from "@repo/ui/format";
import { LinkTab, LinkTabs } from "@repo/ui/link-tabs";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import type { SmsActionData, SmsRow, smsLoader } from "./sms.server";

const STATUS_LABELS: Record<SmsStatus, string> = {
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
};
const STATUS_TONES: Record<SmsStatus, BadgeTone> = {
  queued: "info",
  sending: "warning",
  sent: "success",
  failed: "danger",
};
const KIND_LABELS: Record<SmsKind, string> = {
  "student-sign-in": "Student sign-in",
  "mobile-otp": "Mobile verification code",
  "password-reset-code": "Password reset code",
};

/** The retry of one failed text: a plain form (works without JavaScript), sent by a fetcher when it runs. */
function RetryForm({ row, csrf }: { row: SmsRow; csrf: string }) {
  const fetcher = useFetcher<SmsActionData>({ key: "sms-retry" });
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="intent" value="retry" />
      <input type="hidden" name="id" value={row.id} />
      <Button type="submit" size="sm" variant="light" aria-label={`Retry the text to ${row.to}`}>
        Retry
      </Button>
    </fetcher.Form>
  );
}

/** Every text message the portal sends: its state, why one failed, when it is tried next; retry. */
export function SmsScreen() {
  const data = useLoaderData<typeof smsLoader>();
  const posted = useActionData<SmsActionData>();
  const fetched = useFetcher<SmsActionData>({ key: "sms-retry" }).data;
  const answer = fetched ?? posted;
  const filter = useFilterParams();
  const { params } = filter;
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "Text messages not found");

  const withStatus = (status: SmsStatus | null) => filter.href({ status });

  const columns: DataTableColumn<SmsRow>[] = [
    { id: "to", header: "Number", cell: (row) => row.to },
    { id: "kind", header: "Message", cell: (row) => (row.kind ? KIND_LABELS[row.kind] : "Before the gateway") },
    { id: "text", header: "Text", cell: (row) => <Text size="sm">{row.text}</Text> },
    {
      id: "status",
      header: "Status",
      cell: (row) => (
        <Stack gap={1} align="start">
          <Badge tone={STATUS_TONES[row.status]}>{STATUS_LABELS[row.status]}</Badge>
          {row.last_error ? (
            <Text size="sm" tone={row.status === "failed" ? "danger" : "muted"}>
              {row.last_error}
            </Text>
          ) : null}
          {row.next_attempt_at ? (
            <Text size="sm" tone="muted">
              Next try {formatDateTime(row.next_attempt_at)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { id: "attempts", header: "Attempts", align: "end", cell: (row) => row.attempts },
    { id: "queued", header: "Queued", cell: (row) => formatDateTime(row.created_at) },
    {
      id: "actions",
      header: "Actions",
      align: "end",
      cell: (row) => (row.status === "failed" && row.kind ? <RetryForm row={row} csrf={data.csrf} /> : null),
    },
  ];

  return (
    <Stack gap={5}>
      {answer ? (
        <Text role="status" tone={answer.ok ? "success" : "danger"}>
          {answer.message}
        </Text>
      ) : null}
      <Card
        title="Text messages"
        description="Every text message the portal sends, newest first. A failed one says why; temporary failures are tried again by themselves."
        flush
      >
        <LinkTabs
          aria-label="Text messages by status"
          value={data.status ?? "all"}
          tabs={[
            <LinkTab key="all" value="all">
              <Link to={withStatus(null)}>All</Link>
            </LinkTab>,
            ...SMS_STATUSES.map((status) => (
              <LinkTab key={status} value={status}>
                <Link to={withStatus(status)}>{STATUS_LABELS[status]}</Link>
              </LinkTab>
            )),
          ]}
        >
          <DataTable
            label="Text messages"
            columns={columns}
            rows={data.rows}
            rowKey={(row) => String(row.id)}
            total={data.total}
            query={query}
            onQueryChange={filter.query}
            status={listStatus}
            searchable
            searchPlaceholder="Search by number"
            emptyTitle={query.search || data.status ? "No text messages match" : "No text messages yet"}
            emptyDescription="Texts the portal sends (sign-in details, codes) appear here as they are queued."
          />
        </LinkTabs>
      </Card>
    </Stack>
  );
}
