import { useLoaderData } from "@remix-run/react";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { languageName } from "@repo/contracts/languages";
import { classLabel } from "@repo/contracts/students-constants";
import { formatDate } from "@repo/ui/format";
import { lazy, Suspense, useState } from "react";
import { ContentListCard } from "./ContentListCard";
import type { LectureRow, lectureSeriesLoader } from "./content-texts.server";

const LectureDialog = lazy(() => import("./LectureDialog"));

/** go-to-student-lecture-series: recorded lectures with their video links, newest first. */
export function LectureSeriesScreen() {
  const data = useLoaderData<typeof lectureSeriesLoader>();
  const [editing, setEditing] = useState<LectureRow | "new" | null>(null);
  return (
    <ContentListCard
      title="Student lecture series"
      description="Recorded lectures for students; YouTube and Vimeo videos play on the school's page."
      noun="lecture"
      nounPlural="Lectures"
      csrf={data.csrf}
      exportKind={EXPORT_KIND.lectureSeries}
      filters={data.filters}
      rows={data.rows}
      total={data.total}
      failure={data.failure}
      nameOf={(row) => row.title}
      onCreate={() => setEditing("new")}
      onEdit={setEditing}
      columns={[
        { id: "date", header: "Date", cell: (row) => formatDate(row.lecture_date) },
        {
          id: "title",
          header: "Title",
          cell: (row) => (
            <a href={row.video_url} target="_blank" rel="noopener noreferrer">
              {row.title}
            </a>
          ),
        },
        { id: "speaker", header: "Speaker", cell: (row) => row.speaker },
        { id: "class", header: "Class", cell: (row) => (row.class_level ? classLabel(row.class_level) : "All") },
        { id: "language", header: "Language", cell: (row) => languageName(row.language) },
      ]}
      dialog={
        editing ? (
          <Suspense fallback={null}>
            <LectureDialog row={editing === "new" ? null : editing} csrf={data.csrf} onClose={() => setEditing(null)} />
          </Suspense>
        ) : null
      }
    />
  );
}
