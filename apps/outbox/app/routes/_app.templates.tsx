import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { TemplatesScreen } from "../templates/TemplatesScreen";
import { templatesAction, templatesLoader } from "../templates/templates.server";

export { templatesAction as action, templatesLoader as loader };
export default TemplatesScreen;
export const ErrorBoundary = PageErrorBoundary;
