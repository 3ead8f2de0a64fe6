import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { ActivityLogsScreen } from "../activity-logs/ActivityLogsScreen";
import { activityLogsLoader } from "../activity-logs/activity-logs.server";

export { activityLogsLoader as loader };
export default ActivityLogsScreen;
export const ErrorBoundary = PageErrorBoundary;
