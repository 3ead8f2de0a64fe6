import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { SmsScreen } from "../sms/SmsScreen";
import { smsAction, smsLoader } from "../sms/sms.server";

export { smsAction as action, smsLoader as loader };
export default SmsScreen;
export const ErrorBoundary = PageErrorBoundary;
