import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { detailedSyllabusLoader } from "../content-texts/content-texts.server";
import { DetailedSyllabusScreen } from "../content-texts/DetailedSyllabusScreen";

export const loader = detailedSyllabusLoader;
export default DetailedSyllabusScreen;
export const ErrorBoundary = PageErrorBoundary;
