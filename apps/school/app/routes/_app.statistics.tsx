import type { MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { StatisticsScreen } from "../statistics/StatisticsScreen";
import { statisticsLoader } from "../statistics/statistics.server";

export const meta: MetaFunction = () => [{ title: "Statistics · School Portal" }];
export { statisticsLoader as loader };
export default StatisticsScreen;
export const ErrorBoundary = PageErrorBoundary;
