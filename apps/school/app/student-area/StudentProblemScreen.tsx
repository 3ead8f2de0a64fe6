import { isRouteErrorResponse, Link as RemixLink, useLoaderData, useRouteError } from "@remix-run/react";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { EmptyState } from "@repo/ui/empty-state";
import { StudentFrame } from "./StudentFrame";
import type { StudentProblem, studentUnavailableLoader } from "./student-area.server";

/** A problem of the student area in the student's language, in the app's look (issue 35 item 7). */
function ProblemView({ problem }: { problem: StudentProblem }) {
  return (
    <StudentFrame locale={problem.locale} words={problem.words}>
      <Card title={problem.words.examsTitle}>
        <EmptyState
          icon={problem.status === 409 ? "calendar" : problem.status === 404 ? "file" : "warning"}
          tone={problem.status >= 500 ? "danger" : "neutral"}
          title={problem.title}
          description={problem.message}
          action={
            <Button asChild variant="primary">
              <RemixLink to={problem.home}>{problem.words.backHome}</RemixLink>
            </Button>
          }
        />
      </Card>
    </StudentFrame>
  );
}

/** /student/unavailable/<file>/<level>: why a file cannot be given yet. */
export function StudentUnavailableScreen() {
  const { studentProblem } = useLoaderData<typeof studentUnavailableLoader>();
  return <ProblemView problem={studentProblem} />;
}

const problemOf = (error: unknown): StudentProblem | null => {
  if (!isRouteErrorResponse(error)) return null;
  const data: unknown = error.data;
  return data && typeof data === "object" && "studentProblem" in data ? (data.studentProblem as StudentProblem) : null;
};

/** The student pages' error boundary: their own problems in the student's language, any other as the app's. */
export function StudentErrorBoundary() {
  const problem = problemOf(useRouteError());
  return problem ? <ProblemView problem={problem} /> : <PageErrorBoundary />;
}
