import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { OutboxScreen } from "../outbox/OutboxScreen";
import { outboxAction, outboxLoader } from "../outbox/outbox.server";

export { outboxAction as action, outboxLoader as loader };
export default OutboxScreen;
export const ErrorBoundary = PageErrorBoundary;
