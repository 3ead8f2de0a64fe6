import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { DashboardScreen } from "../dashboard/DashboardScreen";
import { dashboardLoader } from "../dashboard/dashboard.server";

export { dashboardLoader as loader };
export default DashboardScreen;
export const ErrorBoundary = PageErrorBoundary;
