import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { statisticsLoader } from "../analytics/analytics.server";
import { StatisticsScreen } from "../analytics/StatisticsScreen";

export { statisticsLoader as loader };
export default StatisticsScreen;
export const ErrorBoundary = PageErrorBoundary;
