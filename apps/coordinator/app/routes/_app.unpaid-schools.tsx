import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { RegionSchoolsScreen } from "../region-lists/RegionSchoolsScreen";
import { regionSchoolsLoader } from "../region-lists/region-lists.server";

export const loader = (args: LoaderFunctionArgs) => regionSchoolsLoader("unpaid", args);
export default function Page() {
  return (
    <RegionSchoolsScreen
      title="Unpaid schools"
      description="Schools of your region with no paid student yet this exam year: the ones to follow up."
    />
  );
}
export const ErrorBoundary = PageErrorBoundary;
