import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { ReferredStudentsScreen } from "../referrals/ReferredStudentsScreen";
import { referredStudentsAction, referredStudentsLoader } from "../referrals/referrals.server";

export const loader = (args: LoaderFunctionArgs) => referredStudentsLoader(args);
export const action = (args: ActionFunctionArgs) => referredStudentsAction(args);
export default ReferredStudentsScreen;
export const ErrorBoundary = PageErrorBoundary;
