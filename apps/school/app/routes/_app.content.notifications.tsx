import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { NotificationsScreen } from "../notifications/NotificationsScreen";
import { notificationsAction, notificationsLoader } from "../notifications/notifications.server";

export { notificationsAction as action, notificationsLoader as loader };
export default NotificationsScreen;
export const ErrorBoundary = PageErrorBoundary;
