import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { statewiseLoader } from "../result-lists/result-lists.server";
import { StatewiseScreen } from "../result-lists/StatewiseScreen";

export { statewiseLoader as loader };
export default StatewiseScreen;
export const ErrorBoundary = PageErrorBoundary;
