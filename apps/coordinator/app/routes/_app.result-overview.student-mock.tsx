import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { studentResultsLoader } from "../result-lists/result-lists.server";
import { StudentResultsScreen } from "../result-lists/StudentResultsScreen";

export const loader = (args: LoaderFunctionArgs) => studentResultsLoader("mock", args);
export default function Page() {
  return (
    <StudentResultsScreen
      title="Student Level-1 Exam"
      description="Mock exam results of your region's students, by marks: a mock is practice, never ranked or awarded."
    />
  );
}
export const ErrorBoundary = PageErrorBoundary;
