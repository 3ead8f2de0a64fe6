import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { SchoolBalancesScreen } from "../pay-support/SchoolBalancesScreen";
import { schoolBalancesLoader } from "../pay-support/school-balances.server";

export const loader = (args: LoaderFunctionArgs) => schoolBalancesLoader(args);
export default SchoolBalancesScreen;
export const ErrorBoundary = PageErrorBoundary;
