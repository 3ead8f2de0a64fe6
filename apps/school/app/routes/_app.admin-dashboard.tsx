import type { MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { DashboardScreen } from "../dashboard/DashboardScreen";
import { dashboardLoader } from "../dashboard/dashboard.server";

export const meta: MetaFunction = () => [{ title: "Dashboard · School Portal" }];
export { dashboardLoader as loader };
export default DashboardScreen;
export const ErrorBoundary = PageErrorBoundary;
