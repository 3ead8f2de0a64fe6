import { useLoaderData } from "@remix-run/react";
import { SyllabusDocument } from "@repo/remix-app/content-texts/syllabus-document";
import { useListFailureWarning } from "@repo/remix-app/lists/list-page";
import { Card } from "@repo/ui/card";
import { EmptyState } from "@repo/ui/empty-state";
import type { detailedSyllabusLoader } from "./content-texts.server";

/** detailed-syllabus: every class's syllabus of both levels on one page, with contents per level. */
export function DetailedSyllabusScreen() {
  const { syllabus, failure } = useLoaderData<typeof detailedSyllabusLoader>();
  useListFailureWarning(failure, "Syllabus list not found");
  if (syllabus.length === 0) {
    return (
      <Card title="Detailed syllabus">
        <EmptyState
          icon="book"
          title="The syllabus is not published yet"
          description="Every class's syllabus of Level I and Level II appears here once published."
        />
      </Card>
    );
  }
  return <SyllabusDocument items={syllabus} />;
}
