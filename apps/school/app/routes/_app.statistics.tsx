import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { StatisticsScreen } from "../statistics/StatisticsScreen";
import { statisticsLoader } from "../statistics/statistics.server";

export { statisticsLoader as loader };
export default StatisticsScreen;
export const ErrorBoundary = PageErrorBoundary;
