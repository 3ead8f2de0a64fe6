import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { examLevelLabel } from "@repo/contracts/papers-constants";
import { formatMarks } from "@repo/contracts/result-lists-constants";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { formatCount } from "@repo/ui/format";
import { Link } from "@repo/ui/link";
import { Stack } from "@repo/ui/stack";
import { Toolbar } from "@repo/ui/toolbar";
import { LevelPicker } from "../result-winners/LevelPicker";
import { ResultFilters } from "./ResultFilters";
import { ResultSummary } from "./ResultSummary";
import type { StateResultRow, statewiseLoader } from "./result-lists.server";

const OWN = ["class_level", "paper_set_id"] as const;

/**
 * result-overview/statewise-student-list: each state of the viewer's region with the level's
 * sheets, average, highest and qualified (every section counted); a state opens the level's
 * student list narrowed to it.
 */
export function StatewiseScreen() {
  const data = useLoaderData<typeof statewiseLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "Statewise list not found");
  const activeFilters = OWN.filter((p) => params.get(p)).length;
  const level = examLevelLabel(data.level);
  // A few dozen states at most: paged here, not by the API.
  const shown = data.rows.slice((query.page - 1) * query.perPage, query.page * query.perPage);

  const studentsOf = (row: StateResultRow) => {
    const next = new URLSearchParams({ level: data.level, state_id: String(row.state_id) });
    if (data.filters.class_level) next.set("class_level", String(data.filters.class_level));
    if (data.filters.paper_set_id) next.set("paper_set_id", String(data.filters.paper_set_id));
    return `${data.studentsPath}?${next}`;
  };
  const columns: DataTableColumn<StateResultRow>[] = [
    {
      id: "state",
      header: "State",
      cell: (row) => (
        <Link asChild underline="hover">
          <RemixLink to={studentsOf(row)}>{row.state}</RemixLink>
        </Link>
      ),
    },
    { id: "zone", header: "Zone", cell: (row) => row.zone ?? "" },
    { id: "sheets", header: "Sheets submitted", align: "end", cell: (row) => formatCount(row.sheets) },
    { id: "average", header: "Average", align: "end", cell: (row) => formatMarks(row.average) },
    { id: "highest", header: "Highest", align: "end", cell: (row) => formatMarks(row.highest) },
    { id: "qualified", header: "Qualified", align: "end", cell: (row) => formatCount(row.qualified) },
  ];

  return (
    <Stack gap={5}>
      {data.summary ? <ResultSummary label="All states" summary={data.summary} /> : null}
      <Card
        title="Statewise Student List"
        description={`${level} answer sheets of your region by state. Qualified: every section counted (Level 1: Section B counts from 20 marks in Section A). A state opens its students.`}
        headerActions={<LevelPicker levels={data.levels} value={data.level} />}
        flush
      >
        <DataTable
          label={`States, ${level}`}
          columns={columns}
          rows={shown}
          rowKey={(row) => String(row.state_id)}
          total={data.rows.length}
          query={query}
          onQueryChange={filter.query}
          status={listStatus}
          searchable={false}
          actions={
            <Toolbar
              filters={
                <Stack gap={4}>
                  <ResultFilters paperSets={data.paperSets} />
                </Stack>
              }
              activeFilters={activeFilters}
              onResetFilters={() => filter(Object.fromEntries(OWN.map((p) => [p, null])) as Record<string, null>)}
            >
              <ExportMenu kind={EXPORT_KIND.stateResults} filters={data.filters} csrf={data.csrf} />
            </Toolbar>
          }
          emptyTitle={activeFilters ? "No sheets match" : "No results yet"}
          emptyDescription={
            activeFilters
              ? "Try another class or paper set, or clear the filters."
              : `${level} answer sheets of your region appear here once they are uploaded.`
          }
        />
      </Card>
    </Stack>
  );
}
