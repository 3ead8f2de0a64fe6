import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { paperSetPath, questionListPath } from "@repo/auth/paper-paths";
import { classLabel } from "@repo/contracts/students-constants";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Badge } from "@repo/ui/badge";
import { Card } from "@repo/ui/card";
import { Checkbox } from "@repo/ui/checkbox";
import { DataTable, type DataTableColumn, DEFAULT_QUERY } from "@repo/ui/data-table";
import { formatCount } from "@repo/ui/format";
import { Grid } from "@repo/ui/grid";
import { Link } from "@repo/ui/link";
import { Meter, MeterGrid, MeterItem } from "@repo/ui/meter";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { StatCard } from "@repo/ui/stat-card";
import { Text } from "@repo/ui/text";
import { VisuallyHidden } from "@repo/ui/visually-hidden";
import type { DashboardData, QuestionTableRow, SubjectWiseRow } from "./dashboard.server";
import { SubjectPrint } from "./SubjectPrint";

const LEVEL_TITLES = { level1: "Level 1", level2: "Level 2", mock: "Mock" } as const;

/** A count that opens the question list it counts. */
function CountLink({ to, count, label }: { to: string; count: number; label: string }) {
  return (
    <Link asChild>
      <RemixLink to={to} aria-label={`${formatCount(count)} ${label}`}>
        {formatCount(count)}
      </RemixLink>
    </Link>
  );
}

/**
 * A level's dashboard: headline figures, then per subject and class what is written, reviewed,
 * translated into each of the 13 languages and still needed by the draft paper sets, each count
 * opening the question list it counts; below, one subject's needs per paper set and section.
 */
export function DashboardScreen() {
  const data = useLoaderData<DashboardData>();
  const printed = data.subjects.find((s) => s.name === data.detail?.subject);
  const filter = useFilterParams();
  const status = useListStatus();
  const title = LEVEL_TITLES[data.level];
  useListFailureWarning(data.failure, `${title} dashboard not found`);
  const list = questionListPath(data.level);
  const listOf = (row: QuestionTableRow, extra: Record<string, string> = {}) =>
    `${list}?${new URLSearchParams({ subject_id: String(row.subject_id), class_id: String(row.class_id), ...extra })}`;

  const columns: DataTableColumn<QuestionTableRow>[] = [
    { id: "subject", header: "Subject", cell: (row) => <strong>{row.subject_name}</strong> },
    { id: "class", header: "Class", cell: (row) => classLabel(row.class_id) },
    {
      id: "written",
      header: "Written",
      align: "end",
      cell: (row) => (
        <CountLink
          to={listOf(row)}
          count={row.written}
          label={`${row.subject_name} questions written for class ${classLabel(row.class_id)}`}
        />
      ),
    },
    {
      id: "reviewed",
      header: "Reviewed",
      align: "end",
      cell: (row) => (
        <CountLink
          to={listOf(row, { status: "reviewed" })}
          count={row.reviewed}
          label={`${row.subject_name} questions reviewed for class ${classLabel(row.class_id)}`}
        />
      ),
    },
    {
      id: "needed",
      header: "Placed / needed",
      align: "end",
      cell: (row) => {
        if (!row.needed) return <Text inline>—</Text>;
        const short = Math.max(0, row.needed - row.placed);
        return (
          <Stack gap={1} align="end">
            <span>{`${formatCount(row.placed)} / ${formatCount(row.needed)}`}</span>
            {short ? (
              <Badge tone="warning" size="sm">{`${formatCount(short)} still needed`}</Badge>
            ) : (
              <Badge tone="success" size="sm">
                Placed
              </Badge>
            )}
          </Stack>
        );
      },
    },
    {
      id: "translated",
      header: "Translations done",
      cell: (row) =>
        row.written === 0 ? (
          <Text size="sm" tone="muted">
            No questions yet
          </Text>
        ) : (
          <MeterGrid aria-label={`Translations of ${row.subject_name}, class ${classLabel(row.class_id)}`}>
            {data.languages.map((language) => {
              const done = row.translated[language.code] ?? 0;
              const percent = Math.round((Math.min(done, row.written) / row.written) * 100);
              const visual = <Meter label={language.code} count={`${done}/${row.written}`} value={percent} />;
              const words = `${language.name}: ${done} of ${row.written} translated (${percent}%)`;
              return (
                <MeterItem key={language.code} title={words}>
                  {done < row.written ? (
                    <Link asChild block>
                      <RemixLink to={listOf(row, { language_id: String(language.id), translation_status: "not_done" })}>
                        {visual}
                        <VisuallyHidden>{`${words}; show the questions not yet translated into ${language.name}`}</VisuallyHidden>
                      </RemixLink>
                    </Link>
                  ) : (
                    <span>
                      {visual}
                      <VisuallyHidden>{words}</VisuallyHidden>
                    </span>
                  )}
                </MeterItem>
              );
            })}
          </MeterGrid>
        ),
    },
  ];

  const detailColumns: DataTableColumn<SubjectWiseRow>[] = [
    {
      id: "set",
      header: "Paper set",
      cell: (row) => (
        <Link asChild>
          <RemixLink to={paperSetPath(row.paperset_id)}>{row.paperset_code}</RemixLink>
        </Link>
      ),
    },
    { id: "class", header: "Class", cell: (row) => classLabel(row.class_id) },
    { id: "section", header: "Section", cell: (row) => row.section },
    { id: "needed", header: "Needed", align: "end", cell: (row) => formatCount(row.needed) },
    { id: "placed", header: "Placed", align: "end", cell: (row) => formatCount(row.placed) },
    { id: "available", header: "Available", align: "end", cell: (row) => formatCount(row.available) },
    {
      id: "state",
      header: "State",
      cell: (row) => {
        const open = Math.max(0, row.needed - row.placed);
        if (open === 0) return <Badge tone="success">Full</Badge>;
        if (row.available >= open) return <Badge tone="info">{`${open} to place`}</Badge>;
        return <Badge tone="warning">{`Short of ${open - row.available}`}</Badge>;
      },
    },
  ];

  const { totals } = data;
  const detail = data.detail;
  return (
    <Stack gap={5}>
      <Text tone="muted">
        {`${title} questions of the open exam year${data.classId ? `, class ${classLabel(data.classId)}` : ""}. Each count opens the question list it counts.`}
      </Text>
      <Grid minItemWidth={150} aria-label="Summary" role="group">
        <StatCard label="Questions written" value={formatCount(totals.written)} icon="edit" tone="info" />
        <StatCard label="Questions reviewed" value={formatCount(totals.reviewed)} icon="check" />
        <StatCard label="Translations done" value={formatCount(totals.translated)} icon="globe" tone="info" />
        <StatCard
          label="Still needed by paper sets"
          value={formatCount(totals.stillNeeded)}
          icon="warning"
          tone={totals.stillNeeded ? "warning" : "primary"}
        />
      </Grid>
      <Card
        title="Questions by subject and class"
        description="Written, reviewed and placed questions, and how many are translated into each language. A language's count opens the questions still without it."
        headerActions={
          <Stack direction="row" gap={4} align="end">
            <Select
              label="Class"
              placeholder="All classes"
              options={data.classes}
              value={data.classId ? String(data.classId) : ""}
              onChange={(event) => filter({ class_id: event.target.value })}
            />
            <Checkbox
              label="Show empty rows"
              checked={data.showEmpty}
              onChange={(event) => filter({ empty: event.target.checked ? "1" : null })}
            />
          </Stack>
        }
      >
        <DataTable
          label={`${title} questions by subject and class`}
          columns={columns}
          rows={data.rows}
          rowKey={(row) => `${row.subject_id}:${row.class_id}`}
          total={data.rows.length}
          query={{ ...DEFAULT_QUERY, perPage: Math.max(data.rows.length, 1) }}
          onQueryChange={() => undefined}
          status={status}
          searchable={false}
          emptyTitle="No questions yet"
          emptyDescription={
            data.hiddenEmpty
              ? `Nothing is written or needed yet${data.classId ? " in this class" : ""}; tick "Show empty rows" to see every subject.`
              : "No subjects to show."
          }
        />
        {data.hiddenEmpty && data.rows.length ? (
          <Text size="sm" tone="muted">
            {`${data.hiddenEmpty} subject and class pairs with nothing written or needed are hidden.`}
          </Text>
        ) : null}
      </Card>
      {/* Paper sets are not shown to translators (decision 049). */}
      {data.seesPaperSets ? (
        <Card
          title="Subject detail"
          description="One subject across the draft paper sets: what each section's blueprint needs, what is placed and how many reviewed questions are still available."
          headerActions={
            <Select
              label="Subject"
              placeholder="Choose a subject"
              options={data.subjects.map((s) => ({ value: s.name, label: s.name }))}
              value={detail?.subject ?? ""}
              onChange={(event) => filter({ subject: event.target.value })}
            />
          }
        >
          {detail ? (
            <DataTable
              label={`${detail.subject} by paper set and section`}
              columns={detailColumns}
              rows={detail.rows}
              rowKey={(row) => `${row.paperset_id}:${row.section}`}
              total={detail.rows.length}
              query={{ ...DEFAULT_QUERY, perPage: Math.max(detail.rows.length, 1) }}
              onQueryChange={() => undefined}
              status={detail.failure ? "error" : status}
              errorMessage={detail.failure ?? undefined}
              searchable={false}
              emptyTitle="No paper sets need this subject"
              emptyDescription="No draft paper set of this level has a section for it yet."
            />
          ) : (
            <Text tone="muted">Choose a subject to see its needs per paper set and section.</Text>
          )}
        </Card>
      ) : null}
      {printed && data.canPrint ? (
        <Card
          title={`Print ${printed.name}`}
          description="Every question of the subject for a class, in one language, as the bank holds it now."
        >
          <SubjectPrint
            subject={printed}
            level={data.level}
            classId={data.classId}
            languages={data.languages}
            csrf={data.csrf}
          />
        </Card>
      ) : null}
    </Stack>
  );
}
