import { useLoaderData } from "@remix-run/react";
import { examLevelName } from "@repo/contracts/content-texts-constants";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { lazy, Suspense, useState } from "react";
import { ContentListCard } from "./ContentListCard";
import type { PatternRow, patternLoader } from "./content-texts.server";

const PatternDialog = lazy(() => import("./PatternDialog"));

/** question-paper-pattern: the paper's sections, marks and duration per level and class band. */
export function PatternScreen() {
  const data = useLoaderData<typeof patternLoader>();
  const [editing, setEditing] = useState<PatternRow | "new" | null>(null);
  return (
    <ContentListCard
      title="Question paper pattern"
      description="Shown to schools with the syllabus of each level."
      noun="pattern"
      nounPlural="Patterns"
      csrf={data.csrf}
      exportKind={EXPORT_KIND.frontendPattern}
      filters={data.filters}
      rows={data.rows}
      total={data.total}
      failure={data.failure}
      nameOf={(row) => `${examLevelName(row.exam_level)} ${row.class_band}`}
      onCreate={() => setEditing("new")}
      onEdit={setEditing}
      columns={[
        { id: "level", header: "Exam level", cell: (row) => examLevelName(row.exam_level) },
        { id: "band", header: "Classes", cell: (row) => <strong>{row.class_band}</strong> },
        { id: "sections", header: "Sections", align: "end", cell: (row) => row.sections.length },
        { id: "questions", header: "Questions", align: "end", cell: (row) => row.total_questions },
        { id: "marks", header: "Marks", align: "end", cell: (row) => row.total_marks },
        { id: "duration", header: "Minutes", align: "end", cell: (row) => row.duration_minutes },
      ]}
      dialog={
        editing ? (
          <Suspense fallback={null}>
            <PatternDialog row={editing === "new" ? null : editing} csrf={data.csrf} onClose={() => setEditing(null)} />
          </Suspense>
        ) : null
      }
    />
  );
}
