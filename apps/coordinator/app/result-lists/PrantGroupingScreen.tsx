import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { examLevelLabel } from "@repo/contracts/papers-constants";
import { formatMarks } from "@repo/contracts/result-lists-constants";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { RegionPicker } from "@repo/remix-app/lists/region-picker";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { formatCount } from "@repo/ui/format";
import { Link } from "@repo/ui/link";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { Toolbar } from "@repo/ui/toolbar";
import { LevelPicker } from "../result-winners/LevelPicker";
import { ResultFilters } from "./ResultFilters";
import { ResultSummary } from "./ResultSummary";
import type { PrantResultRow, prantGroupingLoader } from "./result-lists.server";

const OWN = ["zone_id", "state_id", "class_level", "paper_set_id"] as const;

/**
 * result-overview/prant-wise-grouping: each prant of the viewer's region with the level's sheets,
 * average, highest, qualified and its students in the state and national camps; a prant opens its
 * students' final results.
 */
export function PrantGroupingScreen() {
  const data = useLoaderData<typeof prantGroupingLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "Prant-wise list not found");
  const activeFilters = OWN.filter((p) => params.get(p)).length;
  const level = examLevelLabel(data.level);
  // A few hundred prants at most: paged here, not by the API.
  const shown = data.rows.slice((query.page - 1) * query.perPage, query.page * query.perPage);

  const studentsOf = (row: PrantResultRow) => {
    const next = new URLSearchParams({ level: data.level, state_id: String(row.state_id) });
    if (row.prant_id) next.set("prant_id", String(row.prant_id));
    if (data.filters.class_level) next.set("class_level", String(data.filters.class_level));
    if (data.filters.paper_set_id) next.set("paper_set_id", String(data.filters.paper_set_id));
    return `${data.studentsPath}?${next}`;
  };
  const columns: DataTableColumn<PrantResultRow>[] = [
    {
      id: "prant",
      header: "Prant",
      cell: (row) => (
        <Stack gap={1}>
          {row.prant_id ? (
            <Link asChild underline="hover">
              <RemixLink to={studentsOf(row)}>{row.prant}</RemixLink>
            </Link>
          ) : (
            <span>No prant</span>
          )}
          <Text size="sm" tone="muted">
            {row.state}
          </Text>
        </Stack>
      ),
    },
    { id: "sheets", header: "Sheets", align: "end", cell: (row) => formatCount(row.sheets) },
    { id: "average", header: "Average", align: "end", cell: (row) => formatMarks(row.average) },
    { id: "highest", header: "Highest", align: "end", cell: (row) => formatMarks(row.highest) },
    { id: "state_camp", header: "State camp", align: "end", cell: (row) => formatCount(row.state_camp) },
    { id: "national_camp", header: "National camp", align: "end", cell: (row) => formatCount(row.national_camp) },
    { id: "qualified", header: "Qualified", align: "end", cell: (row) => formatCount(row.qualified) },
  ];

  const filters = (
    <Stack gap={4}>
      <RegionPicker levels={["zone", "state"]} options={data.regions} />
      <ResultFilters paperSets={data.paperSets} />
    </Stack>
  );

  return (
    <Stack gap={5}>
      {data.summary ? <ResultSummary label="All prants" summary={data.summary} /> : null}
      <Card
        title="Prant-wise Grouping"
        description={`${level} results of your region by prant: state camp is the top 20 per class in each state, national camp the top 2. A prant opens its students.`}
        headerActions={<LevelPicker levels={data.levels} value={data.level} />}
        flush
      >
        <DataTable
          label={`Prants, ${level}`}
          columns={columns}
          rows={shown}
          rowKey={(row) => `${row.state_id}-${row.prant_id ?? "none"}`}
          total={data.rows.length}
          query={query}
          onQueryChange={filter.query}
          status={listStatus}
          searchable={false}
          actions={
            <Toolbar
              filters={filters}
              activeFilters={activeFilters}
              onResetFilters={() => filter(Object.fromEntries(OWN.map((p) => [p, null])) as Record<string, null>)}
            >
              <ExportMenu kind={EXPORT_KIND.prantResults} filters={data.filters} csrf={data.csrf} />
            </Toolbar>
          }
          emptyTitle={activeFilters ? "No sheets match" : "No results yet"}
          emptyDescription={
            activeFilters
              ? "Try another region, class or paper set, or clear the filters."
              : `${level} results of your region appear here once the answer sheets are uploaded and ranked.`
          }
        />
      </Card>
    </Stack>
  );
}
