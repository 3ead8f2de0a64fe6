import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { RegionStudentsScreen } from "../region-lists/RegionStudentsScreen";
import { regionStudentsLoader } from "../region-lists/region-lists.server";

export const loader = (args: LoaderFunctionArgs) => regionStudentsLoader("schoolPaid", args);
export default function Page() {
  return (
    <RegionStudentsScreen
      title="School-wise paid students"
      description="Students whose school has paid their fee; a school's name shows only its students."
    />
  );
}
export const ErrorBoundary = PageErrorBoundary;
