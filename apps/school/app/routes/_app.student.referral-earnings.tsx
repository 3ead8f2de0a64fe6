import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { EarningsScreen } from "../referrals/EarningsScreen";
import { earningsLoader } from "../referrals/referrals.server";

export const loader = (args: LoaderFunctionArgs) => earningsLoader(args);
export default EarningsScreen;
export const ErrorBoundary = PageErrorBoundary;
