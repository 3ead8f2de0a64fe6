import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { InsightScreen } from "../result-insight/InsightScreen";
import { insightLoader } from "../result-insight/result-insight.server";

export { insightLoader as loader };
export default InsightScreen;
export const ErrorBoundary = PageErrorBoundary;
