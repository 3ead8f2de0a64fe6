import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { BrochureDownloadsScreen } from "../study-material/BrochureDownloadsScreen";
import { brochuresLoader } from "../study-material/study-material.server";

export { brochuresLoader as loader };
export default BrochureDownloadsScreen;
export const ErrorBoundary = PageErrorBoundary;
