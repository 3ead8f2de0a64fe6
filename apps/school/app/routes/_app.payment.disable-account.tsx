import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageLoader } from "@repo/remix-app/routes/shell.server";
import { PageErrorBoundary } from "@repo/remix-app/screens/page-states";
import { SchoolToggle } from "../screens/SchoolToggle";

export const loader = (args: LoaderFunctionArgs) => pageLoader(args);
export default SchoolToggle;
export const ErrorBoundary = PageErrorBoundary;
