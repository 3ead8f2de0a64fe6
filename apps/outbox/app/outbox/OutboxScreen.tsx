import { useFetcher, useLoaderData } from "@remix-run/react";
import { MAIL_STATUSES, type MailStatus } from "@repo/contracts/mail-constants";
import { countOf } from "@repo/contracts/plural";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { formatCount, formatDateTime } from "@repo/ui/format";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { Toolbar } from "@repo/ui/toolbar";
import { lazy, Suspense } from "react";
import type { MessageRow, OutboxActionData, outboxLoader } from "./outbox.server";
import { STATUS_LABELS, STATUS_TONES } from "./status";

// A message's detail (tabs, the rendered mail, the attempts) loads when one is first opened.
const MessageDetailDialog = lazy(() => import("./MessageDetailDialog"));

/** Every mail the portal sends: find one, see it as sent and every attempt, retry or cancel. */
export function OutboxScreen() {
  const data = useLoaderData<typeof outboxLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const dialogs = useMessageDialog();
  const actor = useFetcher<OutboxActionData>();
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  const status = params.get("status") as MailStatus | null;

  useListFailureWarning(data.failure, "Outbox list not found");

  useFetcherResult(actor, (answer) => {
    if (answer.ok) void dialogs.success(answer.message);
    else void dialogs.error(answer.message);
  });

  // Opening a message keeps the list's page.
  const update = (changes: Record<string, string | null>) => filter(changes, { keepPage: "message" in changes });
  const act = (intent: "retry" | "cancel", id: number) =>
    actor.submit({ intent, id: String(id), csrf: data.csrf }, { method: "post" });

  const retryFiltered = async () => {
    const failed = data.counts?.failed ?? 0;
    const yes = await dialogs.confirm(
      `Try again to send the ${countOf(failed, { one: "failed message", other: "failed messages" })} these filters select?`,
      { title: "Retry failed messages", confirmLabel: "Yes, retry" },
    );
    if (yes) actor.submit({ intent: "retry-failed", filters: params.toString(), csrf: data.csrf }, { method: "post" });
  };

  const columns: DataTableColumn<MessageRow>[] = [
    {
      id: "to",
      header: "Recipient",
      cell: (row) => (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => update({ message: String(row.id) })}
          aria-label={`Open the mail to ${row.to}: ${row.subject}`}
        >
          {row.to}
        </Button>
      ),
    },
    { id: "subject", header: "Subject", cell: (row) => row.subject },
    { id: "template", header: "Template", cell: (row) => row.template_key ?? "Written by hand" },
    {
      id: "status",
      header: "Status",
      cell: (row) => <Badge tone={STATUS_TONES[row.status]}>{STATUS_LABELS[row.status]}</Badge>,
    },
    { id: "attempts", header: "Attempts", align: "end", cell: (row) => row.attempts },
    { id: "queued", header: "Queued", cell: (row) => formatDateTime(row.created_at) },
    {
      id: "actions",
      header: "Actions",
      align: "end",
      cell: (row) =>
        row.status === "failed" ? (
          <Button size="sm" variant="light" onClick={() => act("retry", row.id)} aria-label={`Retry mail to ${row.to}`}>
            Retry
          </Button>
        ) : row.status === "queued" ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => act("cancel", row.id)}
            aria-label={`Cancel mail to ${row.to}`}
          >
            Cancel
          </Button>
        ) : null,
    },
  ];

  const filtered = Boolean(query.search || params.get("template") || params.get("from") || status);
  const failed = data.counts?.failed ?? 0;

  return (
    <Stack gap={5}>
      <Card title="Messages by status" headingLevel={2}>
        <Stack direction="row" gap={2} role="group" aria-label="Show messages by status">
          <Button
            size="sm"
            variant={status ? "ghost" : "light"}
            aria-pressed={!status}
            onClick={() => update({ status: null })}
          >
            All {data.counts ? formatCount(Object.values(data.counts).reduce((a, b) => a + (b ?? 0), 0)) : ""}
          </Button>
          {MAIL_STATUSES.map((value) => (
            <Button
              key={value}
              size="sm"
              variant={status === value ? "light" : "ghost"}
              aria-pressed={status === value}
              onClick={() => update({ status: status === value ? null : value })}
            >
              {STATUS_LABELS[value]} {data.counts ? formatCount(data.counts[value] ?? 0) : ""}
            </Button>
          ))}
        </Stack>
      </Card>
      <Card title="Outbox" description="Every mail the portal sends, newest first." flush>
        <DataTable
          label="Messages"
          columns={columns}
          rows={data.rows}
          rowKey={(row) => String(row.id)}
          total={data.total}
          query={query}
          onQueryChange={filter.query}
          status={listStatus}
          searchable
          searchPlaceholder="Search by recipient"
          actions={
            <Toolbar
              filters={
                <Select
                  label="Template"
                  placeholder="All templates"
                  options={data.templates}
                  value={params.get("template") ?? ""}
                  onChange={(event) => update({ template: event.target.value || null })}
                />
              }
              activeFilters={params.get("template") ? 1 : 0}
              onResetFilters={() => update({ template: null })}
              dateRange={{ from: params.get("from") ?? undefined, to: params.get("to") ?? undefined }}
              onDateRangeChange={(range) => update({ from: range.from ?? null, to: range.to ?? null })}
              dateRangeLabel="Queued between"
            >
              {failed > 0 ? (
                <Button variant="light" onClick={retryFiltered} loading={actor.state !== "idle"}>
                  Retry failed ({formatCount(failed)})
                </Button>
              ) : null}
            </Toolbar>
          }
          emptyTitle={filtered ? "No messages match" : "No mail yet"}
          emptyDescription={
            filtered
              ? "Try another search or clear the filters."
              : "Mail the portal sends appears here as it is queued."
          }
        />
      </Card>
      {data.detail ? (
        <Suspense fallback={null}>
          <MessageDetailDialog
            message={data.detail}
            busy={actor.state !== "idle"}
            onRetry={() => act("retry", data.detail?.id ?? 0)}
            onCancel={() => act("cancel", data.detail?.id ?? 0)}
            onClose={() => update({ message: null })}
          />
        </Suspense>
      ) : null}
      {data.detailMissing ? <Text tone="danger">{data.detailMissing}</Text> : null}
    </Stack>
  );
}
