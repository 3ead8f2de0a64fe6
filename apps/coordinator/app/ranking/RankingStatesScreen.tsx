import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { stateWiseDistrictPath } from "@repo/auth/result-paths";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { examLevelLabel } from "@repo/contracts/papers-constants";
import { RANKED_LEVELS } from "@repo/contracts/results-constants";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { formatCount } from "@repo/ui/format";
import { Link } from "@repo/ui/link";
import { Toolbar } from "@repo/ui/toolbar";
import { LevelPicker } from "../result-winners/LevelPicker";
import type { RankingStateRow, rankingStatesLoader } from "./ranking.server";

/**
 * Ranking (/state-district): each state of the viewer's region with the level's answer sheets,
 * top and average score and the districts with results; a state opens its districts.
 */
export function RankingStatesScreen() {
  const data = useLoaderData<typeof rankingStatesLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "Ranking not found");
  // A few dozen states at most: paged here, not by the API.
  const shown = data.rows.slice((query.page - 1) * query.perPage, query.page * query.perPage);

  const columns: DataTableColumn<RankingStateRow>[] = [
    {
      id: "state",
      header: "State",
      cell: (row) => (
        <Link asChild underline="hover">
          <RemixLink to={stateWiseDistrictPath(row.state_id, data.level)}>{row.state}</RemixLink>
        </Link>
      ),
    },
    { id: "zone", header: "Zone", cell: (row) => row.zone },
    { id: "sheets", header: "Answer sheets", align: "end", cell: (row) => formatCount(row.sheets) },
    { id: "top", header: "Top score", align: "end", cell: (row) => (row.sheets ? row.top_total : "—") },
    { id: "average", header: "Average", align: "end", cell: (row) => (row.sheets ? row.average : "—") },
    {
      id: "districts",
      header: "Districts with results",
      align: "end",
      cell: (row) => formatCount(row.districts_with_results),
    },
  ];

  return (
    <Card
      title="Ranking"
      description={`${examLevelLabel(data.level)} results of ${data.examYear || "this exam year"} by state: a state opens its districts and their rank lists.`}
      headerActions={<LevelPicker levels={RANKED_LEVELS} value={data.level} />}
    >
      <DataTable
        label="States"
        columns={columns}
        rows={shown}
        rowKey={(row) => String(row.state_id)}
        total={data.rows.length}
        query={query}
        onQueryChange={filter.query}
        status={listStatus}
        searchable={false}
        actions={
          <Toolbar>
            <ExportMenu kind={EXPORT_KIND.rankingStates} filters={data.filters} csrf={data.csrf} />
          </Toolbar>
        }
        emptyTitle="No states in your region"
        emptyDescription="States you are assigned to appear here with their results."
      />
    </Card>
  );
}
