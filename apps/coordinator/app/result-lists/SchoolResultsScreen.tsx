import { Link as RemixLink, useLoaderData, useSearchParams } from "@remix-run/react";
import { studentResultPath } from "@repo/auth/result-paths";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { examLevelLabel } from "@repo/contracts/papers-constants";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { formatMarks } from "@repo/contracts/result-lists-constants";
import { classLabel } from "@repo/contracts/students-constants";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { REGION_FILTER_LEVELS, REGION_FILTER_PARAMS, RegionPicker } from "@repo/remix-app/lists/region-picker";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { formatCount } from "@repo/ui/format";
import { Link } from "@repo/ui/link";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { Toolbar } from "@repo/ui/toolbar";
import { LevelPicker } from "../result-winners/LevelPicker";
import { Marks, RESULT_FILTER_PARAMS, ResultFilters } from "./ResultFilters";
import type { SchoolResultRow, StudentResultRow, schoolResultsLoader } from "./result-lists.server";

/**
 * result-overview/school-final (Level 1 and 2) and school-mock ("School Level-1 Exam"): each
 * school of the viewer's region with its sheets, average, highest and lowest marks and, on a final
 * list, its school toppers. A school's name opens its students' results above the list.
 */
export function SchoolResultsScreen({ title, description }: { title: string; description: string }) {
  const data = useLoaderData<typeof schoolResultsLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, `${title} not found`);
  const final = data.mode === "final";
  const own = [...REGION_FILTER_PARAMS, ...RESULT_FILTER_PARAMS];
  const activeFilters = own.filter((p) => params.get(p)).length;
  const level = examLevelLabel(data.level);

  const opened = (schoolId: number) => {
    const next = new URLSearchParams(params);
    next.set("school", String(schoolId));
    return `?${next}`;
  };
  const columns: DataTableColumn<SchoolResultRow>[] = [
    {
      id: "school",
      header: "School",
      cell: (row) => (
        <Stack gap={1}>
          <Link asChild underline="hover">
            <RemixLink to={opened(row.school_id)} preventScrollReset={false}>
              {row.name}
            </RemixLink>
          </Link>
          <Text size="sm" tone="muted">
            {[row.district, row.state].filter(Boolean).join(", ")}
          </Text>
        </Stack>
      ),
    },
    { id: "sheets", header: "Sheets", align: "end", cell: (row) => formatCount(row.sheets) },
    { id: "average", header: "Average", align: "end", cell: (row) => formatMarks(row.average) },
    { id: "highest", header: "Highest", align: "end", cell: (row) => formatMarks(row.highest) },
    { id: "lowest", header: "Lowest", align: "end", cell: (row) => formatMarks(row.lowest) },
    ...(final
      ? [
          {
            id: "toppers",
            header: "School toppers",
            align: "end",
            cell: (row) => formatCount(row.toppers ?? 0),
          } satisfies DataTableColumn<SchoolResultRow>,
        ]
      : []),
  ];

  const filters = (
    <Stack gap={4}>
      <RegionPicker levels={REGION_FILTER_LEVELS} options={data.regions} />
      <ResultFilters paperSets={data.paperSets} />
    </Stack>
  );
  const filtered = Boolean(query.search || activeFilters);

  return (
    <Stack gap={5}>
      {data.school || data.schoolFailure ? <SchoolStudents level={data.level} final={final} /> : null}
      <Card
        title={title}
        description={description}
        headerActions={final ? <LevelPicker levels={data.levels} value={data.level} /> : null}
        flush
      >
        <DataTable
          label={`${title}, ${level}`}
          columns={columns}
          rows={data.rows}
          rowKey={(row) => String(row.school_id)}
          total={data.total}
          query={query}
          onQueryChange={filter.query}
          status={listStatus}
          searchable
          searchPlaceholder="School name"
          actions={
            <Toolbar
              filters={filters}
              activeFilters={activeFilters}
              onResetFilters={() => filter(Object.fromEntries(own.map((p) => [p, null])) as Record<string, null>)}
            >
              <ExportMenu kind={EXPORT_KIND.schoolResults} filters={data.filters} csrf={data.csrf} />
            </Toolbar>
          }
          emptyTitle={filtered ? "No schools match" : "No results yet"}
          emptyDescription={
            filtered
              ? "Try another search or clear the filters."
              : `Schools appear here once ${level} answer sheets of your region are uploaded.`
          }
        />
      </Card>
    </Stack>
  );
}

/** The opened school's students with their results, best first (getstudentsList). */
function SchoolStudents({ level, final }: { level: string; final: boolean }) {
  const data = useLoaderData<typeof schoolResultsLoader>();
  const [params] = useSearchParams();
  const closed = new URLSearchParams(params);
  closed.delete("school");
  const school = data.school;
  const rows = school?.items ?? [];
  const columns: DataTableColumn<StudentResultRow>[] = [
    {
      id: "student",
      header: "Student",
      cell: (row) => (
        <Stack gap={1}>
          <Link asChild underline="hover">
            <RemixLink to={studentResultPath(row.student_id, level)}>
              {`${row.first_name} ${row.last_name}`.trim()}
            </RemixLink>
          </Link>
          <Text size="sm" tone="muted">
            {`Roll ${row.roll_number} · Class ${classLabel(row.class_level)}`}
          </Text>
        </Stack>
      ),
    },
    { id: "marks", header: "Marks", cell: (row) => <Marks row={row} /> },
    ...(final
      ? [
          {
            id: "ranks",
            header: "Ranks",
            cell: (row) =>
              row.ranks ? (
                <Text size="sm">
                  {`School ${row.ranks.school ?? "–"}`}
                  <br />
                  {`District ${row.ranks.district ?? "–"}`}
                  <br />
                  {`State ${row.ranks.state} · national ${row.ranks.national}`}
                </Text>
              ) : null,
          } satisfies DataTableColumn<StudentResultRow>,
        ]
      : []),
  ];
  const title = school ? school.school.name : "School";
  return (
    <Card
      title={title}
      description={
        school
          ? `${[school.school.district, school.school.state].filter(Boolean).join(", ")}: ${countOf(rows.length, COUNTED.student)} with ${examLevelLabel(level)} results${school.truncated ? " (the first ones: choose a class for the rest)" : ""}.`
          : (data.schoolFailure ?? "")
      }
      headerActions={
        <Link asChild>
          <RemixLink to={`?${closed}`} preventScrollReset>
            Close
          </RemixLink>
        </Link>
      }
      flush
    >
      {school ? (
        <DataTable
          label={`Students of ${title}`}
          columns={columns}
          rows={rows}
          rowKey={(row) => String(row.sheet_id)}
          total={rows.length}
          query={{ page: 1, perPage: Math.max(rows.length, 1), search: "" }}
          onQueryChange={() => undefined}
          searchable={false}
          emptyTitle="No results"
          emptyDescription="This school has no answer sheets of this level (and class) yet."
        />
      ) : null}
    </Card>
  );
}
