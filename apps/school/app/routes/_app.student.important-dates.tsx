import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { importantDatesLoader } from "../content-texts/content-texts.server";
import { ImportantDatesScreen } from "../important-dates/ImportantDatesScreen";

export const loader = importantDatesLoader;
export default ImportantDatesScreen;
export const ErrorBoundary = PageErrorBoundary;
