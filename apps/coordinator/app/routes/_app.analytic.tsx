import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { AnalyticsScreen } from "../analytics/AnalyticsScreen";
import { analyticsLoader } from "../analytics/analytics.server";

export { analyticsLoader as loader };
export default AnalyticsScreen;
export const ErrorBoundary = PageErrorBoundary;
