import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { PrantGroupingScreen } from "../result-lists/PrantGroupingScreen";
import { prantGroupingLoader } from "../result-lists/result-lists.server";

export { prantGroupingLoader as loader };
export default PrantGroupingScreen;
export const ErrorBoundary = PageErrorBoundary;
