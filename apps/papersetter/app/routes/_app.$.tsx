import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { findPage } from "@repo/auth/menus";
import { pageLoader } from "@repo/remix-app/routes/shell.server";
import { PageErrorBoundary, PlannedPage } from "@repo/remix-app/screens/page-states";

/** Pages of spec §2 whose screens arrive with later issues, and the in-shell 404 page. */
export const meta: MetaFunction = ({ location }) => [
  { title: `${findPage("papersetter", location.pathname)?.title ?? "Page not found"} · Paper Setter` },
];
export const loader = (args: LoaderFunctionArgs) => pageLoader(args);
export default PlannedPage;
export const ErrorBoundary = PageErrorBoundary;
