import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { RegionStudentsScreen } from "../region-lists/RegionStudentsScreen";
import { regionStudentsLoader } from "../region-lists/region-lists.server";

export const loader = (args: LoaderFunctionArgs) => regionStudentsLoader("total", args);
export default function Page() {
  return (
    <RegionStudentsScreen
      title="Total students"
      description="Every student registered in your region this exam year, by schools and on their own."
    />
  );
}
export const ErrorBoundary = PageErrorBoundary;
