import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { PlannedPage } from "@repo/remix-app/shell/planned-page";
import { pageLoader } from "@repo/remix-app/shell/server";

/** Pages of the tree whose screens are not built yet, and the in-shell 404 page (titled by the shell). */
export const loader = (args: LoaderFunctionArgs) => pageLoader(args);
export default PlannedPage;
export const ErrorBoundary = PageErrorBoundary;
