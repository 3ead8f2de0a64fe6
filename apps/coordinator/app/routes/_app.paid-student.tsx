import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { RegionStudentsScreen } from "../region-lists/RegionStudentsScreen";
import { regionStudentsLoader } from "../region-lists/region-lists.server";

export const loader = (args: LoaderFunctionArgs) => regionStudentsLoader("paid", args);
export default function Page() {
  return (
    <RegionStudentsScreen
      title="Paid students"
      description="Students of your region whose fee is paid this exam year."
    />
  );
}
export const ErrorBoundary = PageErrorBoundary;
