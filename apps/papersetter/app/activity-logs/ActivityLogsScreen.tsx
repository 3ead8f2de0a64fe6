import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { paperSetPath, questionPath } from "@repo/auth/paper-paths";
import { findRole } from "@repo/auth/roles";
import { PAPER_ACTIVITY_LABELS, type PaperActivityAction } from "@repo/contracts/paper-activity-constants";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Badge } from "@repo/ui/badge";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import type { DateRange } from "@repo/ui/date-range";
import { formatDateTime } from "@repo/ui/format";
import { Link } from "@repo/ui/link";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { TextField } from "@repo/ui/text-field";
import { Toolbar } from "@repo/ui/toolbar";
import { useEffect, useState } from "react";
import type { ActivityLogRow, ActivityLogsData } from "./activity-logs.server";

const FILTERS = ["user_id", "action", "question_id"] as const;

/** The page an entry is about: a question (or its translation) or a paper set. */
function entityLink(row: ActivityLogRow) {
  if (!row.entity_id) return null;
  if (row.entity === "question" || row.entity === "question_translation") {
    return (
      <Text inline nowrap>
        <Link asChild>
          <RemixLink to={questionPath(row.entity_id)}>{`Question ${row.entity_id}`}</RemixLink>
        </Link>
      </Text>
    );
  }
  if (row.entity === "paper_set") {
    return (
      <Text inline nowrap>
        <Link asChild>
          <RemixLink to={paperSetPath(row.entity_id)}>{`Paper set ${row.entity_id}`}</RemixLink>
        </Link>
      </Text>
    );
  }
  return null;
}

/** The question filter: a number, applied on Enter or when the field is left. */
function QuestionFilter({ value, onApply }: { value: string; onApply: (value: string) => void }) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const apply = () => {
    const clean = draft.trim();
    if (clean !== value && (clean === "" || /^\d{1,10}$/.test(clean))) onApply(clean);
  };
  const invalid = draft.trim() !== "" && !/^\d{1,10}$/.test(draft.trim());
  return (
    <TextField
      label="Question number"
      inputMode="numeric"
      hint="Its own entries and its translations'; press Enter to apply."
      error={invalid ? "Enter the question's number, e.g. 12" : undefined}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          apply();
        }
      }}
    />
  );
}

/**
 * The user activity log of paper setting: when (India's time), who with their role, what they did,
 * the log's one-line summary and a link to the question or paper set. Filters: person, action,
 * dates and question number, all in the URL.
 */
export function ActivityLogsScreen() {
  const data = useLoaderData<ActivityLogsData>();
  const filter = useFilterParams();
  const { params } = filter;
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "Activity log not found");
  const setQuery = filter.query;
  const dateRange: DateRange = {
    ...(data.filters.from ? { from: data.filters.from } : {}),
    ...(data.filters.to ? { to: data.filters.to } : {}),
  };

  const columns: DataTableColumn<ActivityLogRow>[] = [
    {
      id: "when",
      header: "When (IST)",
      cell: (row) => <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>,
    },
    {
      id: "who",
      header: "Who",
      cell: (row) => (
        <Stack gap={1}>
          <span>{row.user_name ?? "Unknown user"}</span>
          {row.role_id ? (
            <Text size="sm" tone="muted">
              {findRole(row.role_id)?.name ?? `Role ${row.role_id}`}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      id: "action",
      header: "Action",
      cell: (row) => (
        <Badge tone="neutral">{PAPER_ACTIVITY_LABELS[row.action as PaperActivityAction] ?? row.action}</Badge>
      ),
    },
    { id: "summary", header: "Summary", cell: (row) => row.summary },
    { id: "about", header: "About", cell: (row) => entityLink(row) ?? "—" },
  ];

  const activeFilters = FILTERS.filter((name) => params.get(name)).length;
  const filters = (
    <Stack gap={4}>
      {data.ownOnly ? null : (
        <Select
          label="Person"
          placeholder="Everyone"
          options={data.people}
          value={data.filters.user_id ? String(data.filters.user_id) : ""}
          onChange={(event) => filter({ user_id: event.target.value })}
          hint="The panel members and the people on this page."
        />
      )}
      <Select
        label="Action"
        placeholder="Every action"
        options={data.actions}
        value={data.filters.action ?? ""}
        onChange={(event) => filter({ action: event.target.value })}
      />
      <QuestionFilter
        value={data.filters.question_id ? String(data.filters.question_id) : ""}
        onApply={(value) => filter({ question_id: value })}
      />
    </Stack>
  );

  const filtered = activeFilters > 0 || Boolean(data.filters.from || data.filters.to);
  return (
    <Card
      title="User activity logs"
      description={
        data.ownOnly
          ? "Your own work on questions, newest first. Times are India's (IST)."
          : "Who wrote, edited, reviewed and translated questions, and who changed paper sets, newest first. Times are India's (IST)."
      }
    >
      <DataTable
        label="User activity logs"
        columns={columns}
        rows={data.rows}
        rowKey={(row) => String(row.id)}
        total={data.total}
        query={query}
        onQueryChange={setQuery}
        status={listStatus}
        searchable={false}
        actions={
          <Toolbar
            filters={filters}
            activeFilters={activeFilters}
            onResetFilters={filter.reset}
            dateRange={dateRange}
            dateRangeLabel="Dates"
            onDateRangeChange={(range) => filter({ from: range.from ?? null, to: range.to ?? null })}
          />
        }
        emptyTitle={filtered ? "No entries match" : "Nothing logged yet"}
        emptyDescription={
          filtered ? "Try other dates or clear the filters." : "Work on questions and paper sets shows here."
        }
      />
    </Card>
  );
}
