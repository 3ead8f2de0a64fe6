import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { CommissionLedgerScreen } from "../referrals/CommissionLedgerScreen";
import { ledgerAction, ledgerLoader } from "../referrals/referrals.server";

export const loader = (args: LoaderFunctionArgs) => ledgerLoader(args);
export const action = (args: ActionFunctionArgs) => ledgerAction(args);
export default CommissionLedgerScreen;
export const ErrorBoundary = PageErrorBoundary;
