import { Link as RemixLink, useFetcher, useLoaderData } from "@remix-run/react";
import type { ExamLevel } from "@repo/contracts/fees";
import { examLevelLabel } from "@repo/contracts/papers-constants";
import { classLabel } from "@repo/contracts/students-constants";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { formatDateTime } from "@repo/ui/format";
import { Icon } from "@repo/ui/icon";
import { Link } from "@repo/ui/link";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { Toolbar } from "@repo/ui/toolbar";
import { lazy, Suspense, useState } from "react";
import { CLASS_OPTIONS, paperSetPath, shortHash } from "./paper-set-text";
import type { PaperSetRow, PaperSetsActionData, paperSetsLoader } from "./paper-sets.server";

// The new-set form (react-hook-form, zod, the languages' multi-select) loads when it first opens.
const NewPaperSetDialog = lazy(() => import("./NewPaperSetDialog"));

type LoaderData = Awaited<ReturnType<typeof paperSetsLoader>>;

/** A set's status: Draft, or Finalized with the start of its content hash, by whom and when. */
export function PaperSetStatus({ set }: { set: PaperSetRow }) {
  if (set.status !== "finalized") return <Badge tone="warning">Draft</Badge>;
  return (
    <Stack gap={1}>
      <span>
        <Badge tone="success">Finalized</Badge>
      </span>
      <Text size="sm" tone="muted">
        <span title={set.content_hash ?? undefined}>Hash {shortHash(set.content_hash)}</span>
        {set.finalized_by || set.finalized_at
          ? ` · ${[set.finalized_by, formatDateTime(set.finalized_at)].filter(Boolean).join(", ")}`
          : null}
      </Text>
    </Stack>
  );
}

const matches = (set: PaperSetRow, search: string) => {
  const needle = search.trim().toLowerCase();
  return !needle || set.code.toLowerCase().includes(needle) || set.name.toLowerCase().includes(needle);
};

/**
 * One level's paper sets (Level 1, Level 2 or mock) of the open exam year: each set's classes,
 * languages, sections filled so far and status; a new draft set, and copies of mock sets.
 */
export function PaperSetsScreen({ level }: { level: ExamLevel }) {
  const data = useLoaderData<LoaderData>();
  const filter = useFilterParams();
  const { params } = filter;
  const dialogs = useMessageDialog();
  const copier = useFetcher<PaperSetsActionData>();
  const [creating, setCreating] = useState(false);
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  const levelName = examLevelLabel(level);
  const title = level === "mock" ? "Mock paper sets" : `${levelName} paper sets`;
  useListFailureWarning(data.failure, `${title} not found`);
  useFetcherResult(copier, (answer) => {
    if (answer.ok) void dialogs.success(answer.message);
    else void dialogs.error(answer.message);
  });

  // The API answers a level's sets in one list: search and pages are the table's, in the URL.
  const found = data.rows.filter((set) => matches(set, query.search));
  const shown = found.slice((query.page - 1) * query.perPage, query.page * query.perPage);
  const setQuery = filter.query;

  const copy = async (set: PaperSetRow) => {
    const yes = await dialogs.confirm(
      `Copy ${set.code} (${set.name}) into a new draft mock set with the same sections and questions?`,
      { title: "Copy mock paper set", confirmLabel: "Copy" },
    );
    if (yes) copier.submit({ csrf: data.csrf, intent: "copy", id: String(set.id) }, { method: "post" });
  };

  const columns: DataTableColumn<PaperSetRow>[] = [
    {
      id: "code",
      header: "Paper set",
      cell: (set) => (
        <Stack gap={1}>
          <Link asChild>
            <RemixLink to={paperSetPath(set.id)}>{set.code}</RemixLink>
          </Link>
          <Text size="sm" tone="muted">
            {set.name}
          </Text>
        </Stack>
      ),
    },
    { id: "class", header: "Class", cell: (set) => classLabel(set.class_id) },
    { id: "languages", header: "Languages", cell: (set) => set.languages.map((l) => l.name).join(", ") },
    {
      id: "sections",
      header: "Sections (placed)",
      cell: (set) => (
        <Stack gap={1}>
          {set.sections.map((section) => (
            <span key={section.id}>
              {section.label}: {section.placed}/{section.question_count}
            </span>
          ))}
        </Stack>
      ),
    },
    { id: "marks", header: "Total marks", align: "end", cell: (set) => set.total_marks },
    { id: "duration", header: "Duration", align: "end", cell: (set) => `${set.duration_minutes} min` },
    { id: "status", header: "Status", cell: (set) => <PaperSetStatus set={set} /> },
    {
      id: "actions",
      header: "Actions",
      align: "end",
      cell: (set) => (
        <Stack direction="row" gap={2} justify="end" wrap={false}>
          <Button asChild size="sm" variant="light">
            <RemixLink to={paperSetPath(set.id)} aria-label={`Open ${set.code}`}>
              Open
            </RemixLink>
          </Button>
          {data.may.copy ? (
            <Button
              size="sm"
              variant="ghost"
              icon={<Icon name="layers" size={16} />}
              onClick={() => copy(set)}
              aria-label={`Copy ${set.code}`}
              loading={copier.state !== "idle" && copier.formData?.get("id") === String(set.id)}
            >
              Copy
            </Button>
          ) : null}
        </Stack>
      ),
    },
  ];

  const filters = (
    <Select
      label="Class"
      placeholder="All classes"
      options={CLASS_OPTIONS}
      value={params.get("class_id") ?? ""}
      onChange={(event) => filter({ class_id: event.target.value })}
    />
  );
  const filtered = Boolean(query.search || data.classId);

  return (
    <Card
      title={title}
      description={`${level === "mock" ? "Mock exam" : levelName} paper sets of this exam year: sections filled so far, languages and status. A finalized set never changes.`}
    >
      <DataTable
        label={title}
        columns={columns}
        rows={shown}
        rowKey={(set) => String(set.id)}
        total={found.length}
        query={query}
        onQueryChange={setQuery}
        status={listStatus}
        searchable
        searchPlaceholder="Search by code or name"
        actions={
          <Toolbar
            filters={filters}
            activeFilters={data.classId ? 1 : 0}
            onResetFilters={filter.reset}
            {...(data.may.create ? { create: { label: "New paper set", onClick: () => setCreating(true) } } : {})}
          />
        }
        emptyTitle={filtered ? "No paper sets match" : "No paper sets yet"}
        emptyDescription={
          filtered
            ? "Try another search or clear the filters."
            : data.may.create
              ? "Start one with New paper set."
              : "The papersetter admin starts them."
        }
      />
      {creating ? (
        <Suspense fallback={null}>
          <NewPaperSetDialog level={level} csrf={data.csrf} onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
