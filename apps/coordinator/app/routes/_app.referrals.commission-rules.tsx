import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { CommissionRulesScreen } from "../referrals/CommissionRulesScreen";
import { rulesAction, rulesLoader } from "../referrals/referrals.server";

export const loader = (args: LoaderFunctionArgs) => rulesLoader(args);
export const action = (args: ActionFunctionArgs) => rulesAction(args);
export default CommissionRulesScreen;
export const ErrorBoundary = PageErrorBoundary;
