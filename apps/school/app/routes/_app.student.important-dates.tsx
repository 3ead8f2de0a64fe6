import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { pageLoader } from "@repo/remix-app/shell/server";
import { ImportantDatesScreen } from "../important-dates/ImportantDatesScreen";

export { pageLoader as loader };
export default ImportantDatesScreen;
export const ErrorBoundary = PageErrorBoundary;
