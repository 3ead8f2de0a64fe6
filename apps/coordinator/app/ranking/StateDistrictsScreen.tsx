import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { districtRankerListPath, RESULT_PAGES } from "@repo/auth/result-paths";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { examLevelLabel } from "@repo/contracts/papers-constants";
import { RANKED_LEVELS } from "@repo/contracts/results-constants";
import { classLabel } from "@repo/contracts/students-constants";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { formatCount } from "@repo/ui/format";
import { Link } from "@repo/ui/link";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { Toolbar } from "@repo/ui/toolbar";
import { LevelPicker } from "../result-winners/LevelPicker";
import type { RankingDistrictRow, stateWiseDistrictLoader } from "./ranking.server";

/**
 * Ranking, one state (/state-district/state-wise-district?state_id=): its districts inside the
 * viewer's region with the level's results; each class opens the district's rank list.
 */
export function StateDistrictsScreen() {
  const data = useLoaderData<typeof stateWiseDistrictLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "Districts not found");
  const shown = data.rows.slice((query.page - 1) * query.perPage, query.page * query.perPage);

  const columns: DataTableColumn<RankingDistrictRow>[] = [
    {
      id: "district",
      header: "District",
      cell: (row) => (
        <Stack gap={1}>
          {row.sheets ? (
            <Link asChild underline="hover">
              <RemixLink to={districtRankerListPath(row.district_id, undefined, data.level)}>{row.district}</RemixLink>
            </Link>
          ) : (
            <span>{row.district}</span>
          )}
          <Text size="sm" tone="muted">
            {row.prant}
          </Text>
        </Stack>
      ),
    },
    { id: "sheets", header: "Answer sheets", align: "end", cell: (row) => formatCount(row.sheets) },
    { id: "top", header: "Top score", align: "end", cell: (row) => (row.sheets ? row.top_total : "—") },
    { id: "average", header: "Average", align: "end", cell: (row) => (row.sheets ? row.average : "—") },
    { id: "schools", header: "Schools", align: "end", cell: (row) => formatCount(row.schools_with_results) },
    {
      id: "classes",
      header: "Rank lists",
      cell: (row) =>
        row.classes.length ? (
          <Stack direction="row" gap={2}>
            {row.classes.map((classLevel) => (
              <Link key={classLevel} asChild underline="hover">
                <RemixLink
                  to={districtRankerListPath(row.district_id, classLevel, data.level)}
                  aria-label={`${row.district}, class ${classLabel(classLevel)}`}
                >
                  {classLabel(classLevel)}
                </RemixLink>
              </Link>
            ))}
          </Stack>
        ) : (
          <Text size="sm" tone="muted">
            No results
          </Text>
        ),
    },
  ];

  return (
    <Card
      title={`Districts of ${data.state.name}`}
      description={
        <>
          {examLevelLabel(data.level)} results by district; a class opens the district's rank list of that class.{" "}
          <Link asChild underline="hover">
            <RemixLink to={`${RESULT_PAGES.ranking}?level=${data.level}`}>All states</RemixLink>
          </Link>
        </>
      }
      headerActions={<LevelPicker levels={RANKED_LEVELS} value={data.level} />}
    >
      <DataTable
        label={`Districts of ${data.state.name}`}
        columns={columns}
        rows={shown}
        rowKey={(row) => String(row.district_id)}
        total={data.rows.length}
        query={query}
        onQueryChange={filter.query}
        status={listStatus}
        searchable={false}
        actions={
          <Toolbar>
            <ExportMenu kind={EXPORT_KIND.rankingDistricts} filters={data.filters} csrf={data.csrf} />
          </Toolbar>
        }
        emptyTitle="No districts in your region"
        emptyDescription="Districts of this state that you oversee appear here."
      />
    </Card>
  );
}
