import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { TranslateScreen } from "../translate/TranslateScreen";
import { translateAction, translateLoader } from "../translate/translate.server";

export { translateAction as action, translateLoader as loader };
export default TranslateScreen;
export const ErrorBoundary = PageErrorBoundary;
