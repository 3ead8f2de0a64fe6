import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { StaticPagesScreen } from "../static-pages/StaticPagesScreen";
import { staticPagesAction, staticPagesLoader } from "../static-pages/static-pages.server";

export { staticPagesAction as action, staticPagesLoader as loader };
export default StaticPagesScreen;
export const ErrorBoundary = PageErrorBoundary;
