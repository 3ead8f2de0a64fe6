import { useLoaderData } from "@remix-run/react";
import { EXAM_LEVELS } from "@repo/contracts/fees";
import { classLabel } from "@repo/contracts/students-constants";
import { useListFailureWarning } from "@repo/remix-app/lists/list-page";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, DEFAULT_QUERY } from "@repo/ui/data-table";
import { formatDateTime } from "@repo/ui/format";
import { Icon } from "@repo/ui/icon";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { lazy, Suspense, useState } from "react";
import type { ExamScheduleRow, examScheduleLoader } from "./exam-schedule.server";

// The form (react-hook-form, zod) loads when the dialog first opens.
const ExamScheduleDialog = lazy(() => import("./ExamScheduleDialog"));

type LoaderData = Awaited<ReturnType<typeof examScheduleLoader>>;

/** "13 Dec 2026, 10:00 am IST": the moment in India's time, which is the programme's clock. */
export const istDateTime = (iso: string) => `${formatDateTime(iso)} IST`;

const noop = () => undefined;

/**
 * When each exam is sat this exam year, per level and class, in India time; the papersetter admin
 * sets a date or moves one.
 */
export function ExamScheduleScreen() {
  const data = useLoaderData<LoaderData>();
  const [editing, setEditing] = useState<ExamScheduleRow | "new" | null>(null);
  useListFailureWarning(data.failure, "Exam schedule not found");

  const columns: DataTableColumn<ExamScheduleRow>[] = [
    { id: "class", header: "Class", cell: (row) => <strong>Class {classLabel(row.class_id)}</strong> },
    { id: "starts", header: "Date and time", cell: (row) => istDateTime(row.starts_at) },
    { id: "duration", header: "Duration", align: "end", cell: (row) => `${row.duration_minutes} min` },
    { id: "note", header: "Note", cell: (row) => row.note ?? "" },
    { id: "updated", header: "Last changed", cell: (row) => formatDateTime(row.updated_at) },
    ...(data.may.schedule
      ? [
          {
            id: "actions",
            header: "Actions",
            align: "end" as const,
            cell: (row: ExamScheduleRow) => (
              <Button
                size="sm"
                variant="light"
                icon={<Icon name="edit" size={16} />}
                onClick={() => setEditing(row)}
                aria-label={`Edit ${levelName(row.exam_level)} class ${classLabel(row.class_id)}`}
              >
                Edit
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack gap={5}>
      <Card
        title="Exam schedule"
        description={`When each exam is sat in the ${data.rows[0]?.exam_year ?? "open"} exam year, per class. Times are India time (IST).`}
        headerActions={
          data.may.schedule ? (
            <Button size="sm" icon={<Icon name="plus" size={16} />} onClick={() => setEditing("new")}>
              Set an exam date
            </Button>
          ) : undefined
        }
      >
        <Stack gap={6}>
          {SCHEDULE_LEVELS.map((level) => {
            const rows = data.rows
              .filter((row) => row.exam_level === level.code)
              .sort((a, b) => a.class_id - b.class_id);
            return (
              <Stack gap={3} key={level.code}>
                <Text heading={3} size="lg">
                  {level.name}
                </Text>
                <DataTable
                  label={`${level.name} schedule`}
                  columns={columns}
                  rows={rows}
                  rowKey={(row) => String(row.id)}
                  total={rows.length}
                  query={{ ...DEFAULT_QUERY, perPage: 100 }}
                  onQueryChange={noop}
                  searchable={false}
                  emptyTitle="No dates set yet"
                  emptyDescription={data.may.schedule ? "Set one with Set an exam date." : undefined}
                />
              </Stack>
            );
          })}
        </Stack>
      </Card>
      {editing ? (
        <Suspense fallback={null}>
          <ExamScheduleDialog
            row={editing === "new" ? null : editing}
            csrf={data.csrf}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

/** The levels in the order they are sat: the mock exam, then Level 1 and Level 2. */
export const SCHEDULE_LEVELS = EXAM_LEVELS.map((l) => ({ code: l.code, name: l.name }));
export const levelName = (code: string) => SCHEDULE_LEVELS.find((l) => l.code === code)?.name ?? code;
