import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { FlipbookScreen } from "../study-material/FlipbookScreen";
import { flipbooksLoader } from "../study-material/study-material.server";

export { flipbooksLoader as loader };
export default FlipbookScreen;
export const ErrorBoundary = PageErrorBoundary;
