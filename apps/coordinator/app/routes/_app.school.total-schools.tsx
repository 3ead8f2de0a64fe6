import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { RegionSchoolsScreen } from "../region-lists/RegionSchoolsScreen";
import { regionSchoolsLoader } from "../region-lists/region-lists.server";

export const loader = (args: LoaderFunctionArgs) => regionSchoolsLoader("total", args);
export default function Page() {
  return (
    <RegionSchoolsScreen
      title="Total schools"
      description="Every school of your region with this exam year's students; a school's count opens its students."
    />
  );
}
export const ErrorBoundary = PageErrorBoundary;
