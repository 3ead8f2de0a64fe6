import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { RegionStudentsScreen } from "../region-lists/RegionStudentsScreen";
import { regionStudentsLoader } from "../region-lists/region-lists.server";

export const loader = (args: LoaderFunctionArgs) => regionStudentsLoader("schoolUnpaid", args);
export default function Page() {
  return (
    <RegionStudentsScreen
      title="School-wise unpaid students"
      description="Students whose school has not paid their fee yet; a school's name shows only its students."
    />
  );
}
export const ErrorBoundary = PageErrorBoundary;
