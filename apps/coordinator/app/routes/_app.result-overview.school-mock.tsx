import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { schoolResultsLoader } from "../result-lists/result-lists.server";
import { SchoolResultsScreen } from "../result-lists/SchoolResultsScreen";

export const loader = (args: LoaderFunctionArgs) => schoolResultsLoader("mock", args);
export default function Page() {
  return (
    <SchoolResultsScreen
      title="School Level-1 Exam"
      description="Each school of your region with its mock exam answer sheets; a school opens its students."
    />
  );
}
export const ErrorBoundary = PageErrorBoundary;
