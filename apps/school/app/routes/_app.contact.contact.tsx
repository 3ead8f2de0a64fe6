import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { ContactScreen } from "../contact/ContactScreen";
import { contactAction, contactLoader } from "../contact/contact.server";

export { contactAction as action, contactLoader as loader };
export default ContactScreen;
export const ErrorBoundary = PageErrorBoundary;
