import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { stateWiseDistrictPath, studentResultPath } from "@repo/auth/result-paths";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { examLevelLabel } from "@repo/contracts/papers-constants";
import { AWARDS, RANKED_LEVELS } from "@repo/contracts/results-constants";
import { classLabel } from "@repo/contracts/students-constants";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Badge } from "@repo/ui/badge";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { formatCount } from "@repo/ui/format";
import { Link } from "@repo/ui/link";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { Toolbar } from "@repo/ui/toolbar";
import { LevelPicker } from "../result-winners/LevelPicker";
import type { DistrictRankerRow, districtRankerLoader } from "./ranking.server";

const awardName = (code: string) => AWARDS.find((a) => a.code === code)?.name ?? code;

/**
 * A district's rank list (…/district-ranker-list?district_id=&class=): its students of a class in
 * dense district rank order (a tie shares a rank and is listed by roll number), with the awards.
 */
export function DistrictRankersScreen() {
  const data = useLoaderData<typeof districtRankerLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "Rank list not found");
  const name = data.district?.name ?? "District";

  const columns: DataTableColumn<DistrictRankerRow>[] = [
    {
      id: "rank",
      header: "District rank",
      cell: (row) => (
        <Stack gap={1}>
          <strong>{row.district_rank}</strong>
          <Text size="sm" tone="muted">
            Position {row.district_position}
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
            </Text>{" "}
            · Class {classLabel(row.class_level)}
          </Text>
        </Stack>
      ),
    },
    { id: "school", header: "School", cell: (row) => row.school_name },
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
    { id: "state-rank", header: "State rank", align: "end", cell: (row) => row.state_rank },
    {
      id: "awards",
      header: "Awards",
      cell: (row) =>
        row.awards.length ? (
          <Stack direction="row" gap={1}>
            {row.awards.map((code) => (
              <Badge key={code} tone="success" size="sm">
                {awardName(code)}
              </Badge>
            ))}
          </Stack>
        ) : null,
    },
  ];

  const sheets = data.classes.reduce((sum, c) => sum + c.sheets, 0);
  return (
    <Card
      title={`${name} rank list`}
      description={
        <>
          {examLevelLabel(data.level)}, {data.classLevel ? `class ${classLabel(data.classLevel)}` : "every class"}:{" "}
          dense ranks per class; a tie shares its rank and is listed by roll number.{" "}
          {data.district ? (
            <Link asChild underline="hover">
              <RemixLink to={stateWiseDistrictPath(data.district.state_id, data.level)}>
                Districts of {data.district.state}
              </RemixLink>
            </Link>
          ) : null}
        </>
      }
      headerActions={<LevelPicker levels={RANKED_LEVELS} value={data.level} />}
    >
      <DataTable
        label={`${name} rank list`}
        columns={columns}
        rows={data.rows}
        rowKey={(row) => String(row.sheet_id)}
        total={data.total}
        query={query}
        onQueryChange={filter.query}
        status={listStatus}
        searchable={false}
        actions={
          <Toolbar>
            <Select
              label="Class"
              hideLabel
              placeholder={`All classes (${formatCount(sheets)})`}
              options={data.classes.map((c) => ({
                value: String(c.class_level),
                label: `Class ${classLabel(c.class_level)} (${formatCount(c.sheets)})`,
              }))}
              value={data.classLevel ? String(data.classLevel) : ""}
              onChange={(event) => filter({ class: event.target.value })}
            />
            <ExportMenu kind={EXPORT_KIND.districtRankers} filters={data.filters} csrf={data.csrf} />
          </Toolbar>
        }
        emptyTitle="No results yet"
        emptyDescription="The district's students appear here once the level's answer sheets are ranked."
      />
    </Card>
  );
}
