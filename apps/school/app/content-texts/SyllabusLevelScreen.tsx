import { useLoaderData } from "@remix-run/react";
import { examLevelName } from "@repo/contracts/content-texts-constants";
import { PatternTable } from "@repo/remix-app/content-texts/pattern-table";
import { SyllabusDocument } from "@repo/remix-app/content-texts/syllabus-document";
import { useListFailureWarning } from "@repo/remix-app/lists/list-page";
import { Card } from "@repo/ui/card";
import { EmptyState } from "@repo/ui/empty-state";
import { Stack } from "@repo/ui/stack";
import type { syllabusLevelLoader } from "./content-texts.server";

/** syllabus-for-exam-level-i / -ii: the level's question-paper pattern, then each class's syllabus. */
export function SyllabusLevelScreen() {
  const { level, syllabus, patterns, failure } = useLoaderData<typeof syllabusLevelLoader>();
  const name = examLevelName(level);
  useListFailureWarning(failure, "Syllabus list not found");
  if (syllabus.length === 0 && patterns.length === 0) {
    return (
      <Card title={`Syllabus for exam ${name}`}>
        <EmptyState
          icon="book"
          title={`The ${name} syllabus is not published yet`}
          description="The syllabus and the question paper pattern appear here once the programme publishes them."
        />
      </Card>
    );
  }
  return (
    <Stack gap={5}>
      {patterns.map((pattern) => (
        <PatternTable key={pattern.id} pattern={pattern} />
      ))}
      {syllabus.length > 0 ? <SyllabusDocument items={syllabus} /> : null}
    </Stack>
  );
}
