import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { DashboardScreen } from "../dashboards/DashboardScreen";
import { dashboardLoader } from "../dashboards/dashboard.server";

export const loader = (args: LoaderFunctionArgs) => dashboardLoader("mock", args);
export default DashboardScreen;
export const ErrorBoundary = PageErrorBoundary;
