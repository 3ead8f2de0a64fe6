import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { studentResultsLoader } from "../result-lists/result-lists.server";
import { StudentResultsScreen } from "../result-lists/StudentResultsScreen";

export const loader = (args: LoaderFunctionArgs) => studentResultsLoader("final", args);
export default function Page() {
  return (
    <StudentResultsScreen
      title="Student Final Results"
      description="Level 1 and Level 2 results of your region's students: marks, ranks (per class) and awards."
    />
  );
}
export const ErrorBoundary = PageErrorBoundary;
