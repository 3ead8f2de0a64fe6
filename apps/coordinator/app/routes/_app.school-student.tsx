import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { RegionStudentsScreen } from "../region-lists/RegionStudentsScreen";
import { regionStudentsLoader } from "../region-lists/region-lists.server";

export const loader = (args: LoaderFunctionArgs) => regionStudentsLoader("school", args);
export default function Page() {
  return (
    <RegionStudentsScreen
      title="School-wise students"
      description="Students registered by the schools of your region; a school's name shows only its students."
    />
  );
}
export const ErrorBoundary = PageErrorBoundary;
