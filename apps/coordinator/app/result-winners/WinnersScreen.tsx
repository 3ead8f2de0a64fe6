import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { studentResultPath } from "@repo/auth/result-paths";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { examLevelLabel } from "@repo/contracts/papers-constants";
import { awardOf, tieAtCutoffNote } from "@repo/contracts/result-winners-constants";
import { RANKED_LEVELS } from "@repo/contracts/results-constants";
import { CLASS_LEVELS, classLabel } from "@repo/contracts/students-constants";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { REGION_FILTER_LEVELS, REGION_FILTER_PARAMS, RegionPicker } from "@repo/remix-app/lists/region-picker";
import { Badge } from "@repo/ui/badge";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { Link } from "@repo/ui/link";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { Toolbar } from "@repo/ui/toolbar";
import { AwardTabs } from "./AwardTabs";
import { LevelPicker } from "./LevelPicker";
import type { WinnerRow, winnersLoader } from "./result-winners.server";

const GROUP_LABEL = { state: "State", district: "District", school: "School" } as const;

/**
 * result-overview/result-winner-tab: one tab per award (national camp, state camp, district
 * winners, school toppers; the URL's `award`). Each lists, per group and class, the winners in
 * position order; a tie at the cut-off that took more than the places is marked on its rows and
 * above the table.
 */
export function WinnersScreen() {
  const data = useLoaderData<typeof winnersLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "Winners list not found");
  const award = awardOf(data.award);
  const own = [...REGION_FILTER_PARAMS, "class_level", "school_id"];
  const activeFilters = own.filter((p) => params.get(p)).length;

  // The groups of this page whose tie at the last place took more than the places.
  const ties = [
    ...new Map(
      data.rows.filter((r) => r.tie_at_cutoff).map((r) => [`${r.group_id}-${r.class_level}`, r] as const),
    ).values(),
  ];

  const columns: DataTableColumn<WinnerRow>[] = [
    {
      id: "position",
      header: "Position",
      cell: (row) => (
        <Stack gap={1}>
          <strong>{row.position}</strong>
          <Text size="sm" tone="muted">
            Rank {row.rank}
          </Text>
        </Stack>
      ),
    },
    {
      id: "student",
      header: "Student",
      cell: (row) => (
        <Stack gap={1}>
          <Link asChild underline="hover">
            <RemixLink to={studentResultPath(row.student_id, data.level)}>
              {`${row.first_name} ${row.last_name}`.trim()}
            </RemixLink>
          </Link>
          <Text size="sm" tone="muted">
            <Text inline nowrap tone="muted">
              Roll {row.roll_number}
            </Text>
          </Text>
        </Stack>
      ),
    },
    {
      id: "group",
      header: GROUP_LABEL[award.per],
      cell: (row) => (
        <Stack gap={1}>
          <span>{row.group_name}</span>
          <Text size="sm" tone="muted">
            Class {classLabel(row.class_level)}
          </Text>
        </Stack>
      ),
    },
    {
      id: "school",
      header: award.per === "school" ? "Region" : "School",
      cell: (row) => (
        <Stack gap={1}>
          <span>{award.per === "school" ? (row.district ?? row.state) : row.school_name}</span>
          <Text size="sm" tone="muted">
            {[award.per === "school" ? null : row.district, row.state].filter(Boolean).join(", ")}
          </Text>
        </Stack>
      ),
    },
    {
      id: "total",
      header: "Total",
      align: "end",
      width: 130,
      cell: (row) => (
        <Stack gap={1} align="end">
          <strong>{row.total}</strong>
          <Text size="sm" tone="muted">
            <Text inline nowrap tone="muted">
              A {row.section_a} · {row.wrong_count} wrong
            </Text>
          </Text>
        </Stack>
      ),
    },
    {
      id: "cutoff",
      header: "Cut-off",
      cell: (row) =>
        row.tie_at_cutoff ? (
          <Stack gap={1}>
            <Badge tone="warning">Tied at the cut-off</Badge>
            <Text size="sm" tone="muted">
              {row.places} places, {row.taken} taken
            </Text>
          </Stack>
        ) : null,
    },
  ];

  const filters = (
    <Stack gap={4}>
      <RegionPicker levels={REGION_FILTER_LEVELS} options={data.regions} />
      <Select
        label="Class"
        placeholder="All classes"
        options={CLASS_LEVELS.map((level) => ({ value: String(level), label: classLabel(level) }))}
        value={params.get("class_level") ?? ""}
        onChange={(event) => filter({ class_level: event.target.value })}
      />
    </Stack>
  );

  const table = (
    <Stack gap={4}>
      {ties.length ? (
        <Stack gap={1} role="note" aria-label="Ties at the cut-off">
          {ties.map((row) => (
            <Text key={`${row.group_id}-${row.class_level}`} size="sm">
              <Badge tone="warning" size="sm">
                Tie
              </Badge>{" "}
              {row.group_name}, Class {classLabel(row.class_level)}: {tieAtCutoffNote(row.places, row.taken)}, all of
              the tie included.
            </Text>
          ))}
        </Stack>
      ) : null}
      <DataTable
        label={`${award.name} winners`}
        columns={columns}
        rows={data.rows}
        rowKey={(row) => String(row.sheet_id)}
        total={data.total}
        query={query}
        onQueryChange={filter.query}
        status={listStatus}
        searchable={false}
        actions={
          <Toolbar
            filters={filters}
            activeFilters={activeFilters}
            onResetFilters={() => filter(Object.fromEntries(own.map((p) => [p, null])) as Record<string, null>)}
          >
            <ExportMenu kind={EXPORT_KIND.resultWinners} filters={data.filters} csrf={data.csrf} />
          </Toolbar>
        }
        emptyTitle={activeFilters ? "No winners match" : "No winners yet"}
        emptyDescription={
          activeFilters
            ? "Try another class or region, or clear the filters."
            : "Winners appear here once the level's answer sheets are uploaded and ranked."
        }
      />
    </Stack>
  );

  return (
    <Card
      title="Winners"
      description={`Top ${award.places} per class in each ${award.per}, with every tie at the last place included. ${award.name}, ${examLevelLabel(data.level)}.`}
      headerActions={<LevelPicker levels={RANKED_LEVELS} value={data.level} />}
    >
      <AwardTabs value={award.code}>{table}</AwardTabs>
    </Card>
  );
}
