import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { studentResultPath } from "@repo/auth/result-paths";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { examLevelLabel } from "@repo/contracts/papers-constants";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { RESULT_STUDENT_SORTS } from "@repo/contracts/result-lists-constants";
import { AWARDS } from "@repo/contracts/results-constants";
import { classLabel } from "@repo/contracts/students-constants";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { REGION_FILTER_LEVELS, REGION_FILTER_PARAMS, RegionPicker } from "@repo/remix-app/lists/region-picker";
import { Badge } from "@repo/ui/badge";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { Link } from "@repo/ui/link";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { Toolbar } from "@repo/ui/toolbar";
import { LevelPicker } from "../result-winners/LevelPicker";
import { Marks, RESULT_FILTER_PARAMS, ResultFilters } from "./ResultFilters";
import type { StudentResultRow, studentResultsLoader } from "./result-lists.server";

const AWARD_TONES = {
  national_camp: "success",
  state_camp: "info",
  district_winner: "primary",
  school_topper: "neutral",
} as const;
const awardName = (code: string) => AWARDS.find((a) => a.code === code)?.name ?? code;

/**
 * result-overview/student-final (Level 1 and 2) and student-mock: the students of the viewer's
 * region with their marks (sections not counted marked), right/wrong/blank and, on a final list,
 * the ranks and the award. By class, national rank and roll number unless sorted by name; the
 * region, class, paper set, school and award filters, a search and the export of what is listed.
 */
export function StudentResultsScreen({ title, description }: { title: string; description: string }) {
  const data = useLoaderData<typeof studentResultsLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const query = parseTableQuery(params, RESULT_STUDENT_SORTS);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, `${title} not found`);
  const final = data.mode === "final";
  const own = [...REGION_FILTER_PARAMS, ...RESULT_FILTER_PARAMS, "school_id"];
  const activeFilters = own.filter((p) => params.get(p)).length;
  const schoolName = params.get("school_id") ? data.rows[0]?.school_name : undefined;

  const student: DataTableColumn<StudentResultRow> = {
    id: "name",
    header: "Student",
    sortable: true,
    cell: (row) => (
      <Stack gap={1}>
        <Link asChild underline="hover">
          <RemixLink to={studentResultPath(row.student_id, data.level)}>
            {`${row.first_name} ${row.last_name}`.trim()}
          </RemixLink>
        </Link>
        <Text size="sm" tone="muted">
          {`Roll ${row.roll_number} · Class ${classLabel(row.class_level)}`}
        </Text>
      </Stack>
    ),
  };
  const school: DataTableColumn<StudentResultRow> = {
    id: "school",
    header: "School",
    cell: (row) => (
      <Stack gap={1}>
        {row.school_id ? (
          <Link asChild underline="hover">
            <RemixLink to={`?${new URLSearchParams({ level: data.level, school_id: String(row.school_id) })}`}>
              {row.school_name}
            </RemixLink>
          </Link>
        ) : (
          <span>{row.school_name || "School not on the portal"}</span>
        )}
        <Text size="sm" tone="muted">
          {[row.district, row.state].filter(Boolean).join(", ")}
        </Text>
      </Stack>
    ),
  };
  const marks: DataTableColumn<StudentResultRow> = {
    // A mock's list is ordered by its marks: its Marks header sorts like a final list's Rank.
    id: final ? "marks" : "rank",
    header: "Marks",
    sortable: !final,
    cell: (row) => <Marks row={row} />,
  };
  const columns: DataTableColumn<StudentResultRow>[] = final
    ? [
        {
          id: "rank",
          header: "Rank",
          sortable: true,
          cell: (row) => (
            <Stack gap={1}>
              <strong>{row.ranks?.national ?? ""}</strong>
              <Text size="sm" tone="muted">
                national
              </Text>
            </Stack>
          ),
        },
        student,
        school,
        marks,
        {
          id: "ranks",
          header: "Other ranks",
          cell: (row) =>
            row.ranks ? (
              <Text size="sm">
                {`State ${row.ranks.state}`}
                <br />
                {`District ${row.ranks.district ?? "–"}`}
                <br />
                {`School ${row.ranks.school ?? "–"}`}
              </Text>
            ) : null,
        },
        {
          id: "award",
          header: "Award",
          cell: (row) => (row.award ? <Badge tone={AWARD_TONES[row.award]}>{awardName(row.award)}</Badge> : null),
        },
      ]
    : [student, school, marks];

  const filters = (
    <Stack gap={4}>
      <RegionPicker levels={REGION_FILTER_LEVELS} options={data.regions} />
      <ResultFilters paperSets={data.paperSets} award={final} />
    </Stack>
  );

  const filtered = Boolean(query.search || activeFilters);
  const level = examLevelLabel(data.level);
  return (
    <Card
      title={title}
      description={schoolName ? `${description} Showing the students of ${schoolName}.` : description}
      headerActions={final ? <LevelPicker levels={data.levels} value={data.level} /> : null}
      flush
    >
      {data.capped ? (
        <Text tone="muted" size="sm">
          More than {countOf(data.total, COUNTED.student)} match: narrow the search or the filters, or export the list
          for all of them.
        </Text>
      ) : null}
      <DataTable
        label={`${title}, ${level}`}
        columns={columns}
        rows={data.rows}
        rowKey={(row) => String(row.sheet_id)}
        total={data.total}
        query={query}
        onQueryChange={filter.query}
        status={listStatus}
        searchable
        searchPlaceholder="Name or roll number"
        actions={
          <Toolbar
            filters={filters}
            activeFilters={activeFilters}
            onResetFilters={() => filter(Object.fromEntries(own.map((p) => [p, null])) as Record<string, null>)}
          >
            <ExportMenu kind={EXPORT_KIND.studentResults} filters={data.filters} csrf={data.csrf} />
          </Toolbar>
        }
        emptyTitle={filtered ? "No students match" : "No results yet"}
        emptyDescription={
          filtered
            ? "Try another search or clear the filters."
            : `${level} results of your region appear here once the answer sheets are uploaded.`
        }
      />
    </Card>
  );
}
