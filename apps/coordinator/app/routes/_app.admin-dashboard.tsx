import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { DashboardScreen } from "../dashboard/DashboardScreen";
import { coordinatorDashboardLoader } from "../dashboard/dashboard.server";

export { coordinatorDashboardLoader as loader };
export default DashboardScreen;
export const ErrorBoundary = PageErrorBoundary;
