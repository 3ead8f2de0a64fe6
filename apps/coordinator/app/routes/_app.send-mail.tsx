import { SendMailScreen } from "@repo/remix-app/send-mail/screen";
import { sendMailAction, sendMailLoader } from "@repo/remix-app/send-mail/server";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";

export { sendMailAction as action, sendMailLoader as loader };
export default SendMailScreen;
export const ErrorBoundary = PageErrorBoundary;
