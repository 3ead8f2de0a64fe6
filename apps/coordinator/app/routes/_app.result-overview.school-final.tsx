import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { schoolResultsLoader } from "../result-lists/result-lists.server";
import { SchoolResultsScreen } from "../result-lists/SchoolResultsScreen";

export const loader = (args: LoaderFunctionArgs) => schoolResultsLoader("final", args);
export default function Page() {
  return (
    <SchoolResultsScreen
      title="School Final Results"
      description="Each school of your region with its Level 1 or Level 2 answer sheets and school toppers; a school opens its students."
    />
  );
}
export const ErrorBoundary = PageErrorBoundary;
