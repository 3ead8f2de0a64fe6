import { useLoaderData } from "@remix-run/react";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { LANGUAGES } from "@repo/contracts/languages";
import { examLevelLabel } from "@repo/contracts/papers-constants";
import { CLASS_LEVELS, classLabel } from "@repo/contracts/students-constants";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { REGION_FILTER_LEVELS, REGION_FILTER_PARAMS, RegionPicker } from "@repo/remix-app/lists/region-picker";
import { Badge } from "@repo/ui/badge";
import { BarChart } from "@repo/ui/bar-chart";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { formatCount } from "@repo/ui/format";
import { Grid } from "@repo/ui/grid";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { StatCard } from "@repo/ui/stat-card";
import { Text } from "@repo/ui/text";
import { Toolbar } from "@repo/ui/toolbar";
import { LevelPicker } from "../result-winners/LevelPicker";
import type { insightLoader, QuestionInsight } from "./result-insight.server";

/** How hard a question was for the sheets: most got it, some did, few did. */
const toneOf = (percent: number) => (percent >= 70 ? "success" : percent >= 40 ? "warning" : "danger");
const percentText = (value: number) => `${value.toLocaleString("en-IN", { maximumFractionDigits: 1 })} %`;

/**
 * result-overview/student-mock-insight: a level's results in the viewer's region at a glance
 * (sheets, average, median, how the scores spread over the paper's marks, who qualified) and, per
 * question of a paper set, the share who got it right and which options were marked.
 */
export function InsightScreen() {
  const data = useLoaderData<typeof insightLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "Insight not found");
  const { summary, insight } = data;
  const own = [...REGION_FILTER_PARAMS, "class_level", "language"];
  const activeFilters = own.filter((p) => params.get(p)).length;
  const questions = insight?.questions ?? [];
  const shown = questions.slice((query.page - 1) * query.perPage, query.page * query.perPage);

  const columns: DataTableColumn<QuestionInsight>[] = [
    {
      id: "number",
      header: "Question",
      cell: (row) => (
        <Stack gap={1}>
          <strong>Q{row.number}</strong>
          <Text size="sm" tone="muted">
            <Text inline nowrap tone="muted">
              Section {row.section} · key {row.key}
            </Text>
          </Text>
        </Stack>
      ),
    },
    {
      id: "correct",
      header: "Correct",
      cell: (row) => (
        <Stack gap={1}>
          <Badge tone={toneOf(row.correct_percent)}>{percentText(row.correct_percent)}</Badge>
          <Text size="sm" tone="muted">
            {formatCount(row.correct)} of {formatCount(insight?.sheets ?? 0)}
          </Text>
        </Stack>
      ),
    },
    ...data.letters.map(
      (letter): DataTableColumn<QuestionInsight> => ({
        id: `option-${letter}`,
        header: letter,
        align: "end",
        cell: (row) => {
          const option = row.options.find((o) => o.option === letter);
          const count = option?.count ?? 0;
          const isKey = row.key.includes(letter);
          return (
            <Stack gap={1} align="end">
              {isKey ? <strong>{formatCount(count)}</strong> : <span>{formatCount(count)}</span>}
              <Text size="sm" tone="muted">
                <Text inline nowrap tone="muted">
                  {percentText(option?.percent ?? 0)}
                </Text>
              </Text>
            </Stack>
          );
        },
      }),
    ),
    { id: "blank", header: "Blank", align: "end", cell: (row) => formatCount(row.blank) },
    { id: "double", header: "Double", align: "end", cell: (row) => formatCount(row.double) },
  ];

  const filters = (
    <Stack gap={4}>
      <RegionPicker levels={REGION_FILTER_LEVELS} options={data.regions} />
      <Select
        label="Class"
        placeholder="All classes"
        options={CLASS_LEVELS.map((level) => ({ value: String(level), label: classLabel(level) }))}
        value={params.get("class_level") ?? ""}
        onChange={(event) => filter({ class_level: event.target.value, paper_set_id: null })}
      />
      <Select
        label="Language"
        placeholder="All languages"
        options={LANGUAGES.map((l) => ({ value: l.code, label: l.name }))}
        value={params.get("language") ?? ""}
        onChange={(event) => filter({ language: event.target.value })}
      />
    </Stack>
  );
  const toolbar = (
    <Toolbar
      filters={filters}
      activeFilters={activeFilters}
      onResetFilters={() => filter(Object.fromEntries(own.map((p) => [p, null])) as Record<string, null>)}
    />
  );

  return (
    <Stack gap={5}>
      <Card
        title={`${examLevelLabel(data.level)} insight`}
        description={`${summary?.exam_year ?? "This exam year"}: the answer sheets of your region${activeFilters ? " under the filters" : ""}.`}
        headerActions={
          <Stack direction="row" gap={3} align="end">
            <LevelPicker levels={data.levels} value={data.level} />
            {toolbar}
          </Stack>
        }
      >
        {summary ? (
          <Stack gap={5}>
            <Grid minItemWidth={130} aria-label="Summary" role="group">
              <StatCard label="Answer sheets" value={formatCount(summary.sheets)} icon="file" tone="info" />
              <StatCard label="Average" value={summary.sheets ? summary.average : "—"} icon="chart-bar" />
              <StatCard label="Median" value={summary.sheets ? summary.median : "—"} icon="chart-bar" tone="info" />
              <StatCard label="Highest" value={summary.sheets ? summary.highest : "—"} icon="arrow-up" />
              <StatCard label="Lowest" value={summary.sheets ? summary.lowest : "—"} icon="arrow-down" tone="info" />
              <StatCard
                label={`Qualified (${formatCount(summary.qualified)} sheets)`}
                value={summary.sheets ? percentText(summary.qualified_percent) : "—"}
                icon="check"
              />
            </Grid>
            {summary.sheets ? (
              <BarChart
                title="Scores by share of the paper's marks"
                description="Answer sheets in each tenth of their paper's full marks. Qualified: every qualifying rule met (Level 1: Section A reached 20)."
                data={summary.bands.map((band) => ({ band: band.label, Sheets: band.sheets }))}
                indexBy="band"
                indexLabel="Share of the marks"
                keys={["Sheets"]}
                valueLegend="Answer sheets"
                layout="horizontal"
                height={340}
              />
            ) : (
              <Text tone="muted">No answer sheets of this level in your region yet.</Text>
            )}
          </Stack>
        ) : (
          <Text tone="muted">The summary could not be loaded.</Text>
        )}
      </Card>
      <Card
        title="Questions"
        description={
          insight?.paper_set
            ? `Paper set ${insight.paper_set.code} (class ${classLabel(insight.paper_set.class_level)}), ${formatCount(insight.sheets)} answer sheets: the share who got each question right, and how many marked each option (the key in bold).`
            : "Each question of a paper set: the share who got it right and the options marked."
        }
        headerActions={
          insight && insight.paper_sets.length > 1 ? (
            <Select
              label="Paper set"
              options={insight.paper_sets.map((p) => ({
                value: String(p.id),
                label: `${p.code} (class ${classLabel(p.class_level)}, ${formatCount(p.sheets)} sheets)`,
              }))}
              value={String(insight.paper_set?.id ?? "")}
              onChange={(event) => filter({ paper_set_id: event.target.value })}
            />
          ) : null
        }
      >
        <DataTable
          label="Questions"
          columns={columns}
          rows={shown}
          rowKey={(row) => String(row.number)}
          total={questions.length}
          query={query}
          onQueryChange={filter.query}
          status={listStatus}
          searchable={false}
          actions={
            <Toolbar>
              <ExportMenu kind={EXPORT_KIND.mockInsight} filters={data.filters} csrf={data.csrf} />
            </Toolbar>
          }
          emptyTitle="No answer sheets yet"
          emptyDescription="The questions appear here once answer sheets of the level are uploaded for your region."
        />
      </Card>
    </Stack>
  );
}
