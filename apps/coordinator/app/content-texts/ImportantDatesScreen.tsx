import { useLoaderData } from "@remix-run/react";
import { examLevelName } from "@repo/contracts/content-texts-constants";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { Badge } from "@repo/ui/badge";
import { formatDate } from "@repo/ui/format";
import { Stack } from "@repo/ui/stack";
import { lazy, Suspense, useState } from "react";
import { ContentListCard } from "./ContentListCard";
import type { ImportantDateRow, importantDatesLoader } from "./content-texts.server";

// The form (react-hook-form, zod) loads when the dialog first opens.
const ImportantDateDialog = lazy(() => import("./ImportantDateDialog"));

/** "10 Jan 2027" or "10 Jan 2027 – 12 Jan 2027". */
export function dateSpan(row: Pick<ImportantDateRow, "start_date" | "end_date">): string {
  return row.end_date && row.end_date !== row.start_date
    ? `${formatDate(row.start_date)} – ${formatDate(row.end_date)}`
    : formatDate(row.start_date);
}

/** student/important-dates and its GCC twin: the dates schools see, by date, past ones marked. */
export function ImportantDatesScreen() {
  const data = useLoaderData<Awaited<ReturnType<typeof importantDatesLoader>>>();
  const [editing, setEditing] = useState<ImportantDateRow | "new" | null>(null);
  const gcc = data.audience === "gcc";
  return (
    <ContentListCard
      title={gcc ? "Important dates (GCC)" : "Important dates"}
      description={
        gcc
          ? "Dates only the schools of the GCC zone see, besides the dates for all schools."
          : "Dates every school sees: registration, exams and results. Past dates are marked."
      }
      noun="important date"
      nounPlural="Important dates"
      csrf={data.csrf}
      exportKind={EXPORT_KIND.importantDates}
      filters={data.filters}
      rows={data.rows}
      total={data.total}
      failure={data.failure}
      nameOf={(row) => row.title}
      onCreate={() => setEditing("new")}
      onEdit={setEditing}
      columns={[
        {
          id: "date",
          header: "Date",
          cell: (row) => (
            <Stack direction="row" gap={2} align="center" wrap={false}>
              <span>{dateSpan(row)}</span>
              {row.is_past ? <Badge tone="neutral">Past</Badge> : null}
            </Stack>
          ),
        },
        { id: "title", header: "Title", cell: (row) => <strong>{row.title}</strong> },
        { id: "level", header: "Exam level", cell: (row) => examLevelName(row.exam_level) },
      ]}
      dialog={
        editing ? (
          <Suspense fallback={null}>
            <ImportantDateDialog
              row={editing === "new" ? null : editing}
              audience={data.audience}
              csrf={data.csrf}
              onClose={() => setEditing(null)}
            />
          </Suspense>
        ) : null
      }
    />
  );
}
