import { useLoaderData } from "@remix-run/react";
import { examLevelName } from "@repo/contracts/content-texts-constants";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { classLabel } from "@repo/contracts/students-constants";
import { formatDateTime } from "@repo/ui/format";
import { lazy, Suspense, useState } from "react";
import { ContentListCard } from "./ContentListCard";
import type { SyllabusRow, syllabusLoader } from "./content-texts.server";

// The form and the rich-text editor load when the dialog first opens.
const SyllabusDialog = lazy(() => import("./SyllabusDialog"));

/** syllabus-for-exam-level-i and -ii: each class's syllabus of the level. */
export function SyllabusScreen() {
  const data = useLoaderData<Awaited<ReturnType<typeof syllabusLoader>>>();
  const [editing, setEditing] = useState<SyllabusRow | "new" | null>(null);
  const level = examLevelName(data.syllabusType);
  return (
    <ContentListCard
      title={`Syllabus for exam ${level}`}
      description="Each class's syllabus; formulas are written with the editor's ƒx button."
      noun="syllabus"
      nounPlural="Syllabus"
      csrf={data.csrf}
      exportKind={EXPORT_KIND.syllabus}
      filters={data.filters}
      rows={data.rows}
      total={data.total}
      failure={data.failure}
      nameOf={(row) => `Class ${classLabel(row.class_level)} ${row.title}`}
      onCreate={() => setEditing("new")}
      onEdit={setEditing}
      columns={[
        { id: "class", header: "Class", cell: (row) => classLabel(row.class_level) },
        { id: "title", header: "Subject or title", cell: (row) => <strong>{row.title}</strong> },
        { id: "updated", header: "Last changed", cell: (row) => formatDateTime(row.updated_at) },
      ]}
      dialog={
        editing ? (
          <Suspense fallback={null}>
            <SyllabusDialog
              row={editing === "new" ? null : editing}
              syllabusType={data.syllabusType}
              csrf={data.csrf}
              onClose={() => setEditing(null)}
            />
          </Suspense>
        ) : null
      }
    />
  );
}
