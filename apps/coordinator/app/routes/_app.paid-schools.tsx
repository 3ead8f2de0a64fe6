import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { RegionSchoolsScreen } from "../region-lists/RegionSchoolsScreen";
import { regionSchoolsLoader } from "../region-lists/region-lists.server";

export const loader = (args: LoaderFunctionArgs) => regionSchoolsLoader("paid", args);
export default function Page() {
  return (
    <RegionSchoolsScreen
      title="Paid schools"
      description="Schools of your region with at least one paid student this exam year."
    />
  );
}
export const ErrorBoundary = PageErrorBoundary;
