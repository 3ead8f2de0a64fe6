import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { OwnFeeScreen } from "../own-fee/OwnFeeScreen";
import { ownFeeAction, ownFeeLoader } from "../own-fee/own-fee.server";

export const loader = (args: LoaderFunctionArgs) => ownFeeLoader(args);
export const action = (args: ActionFunctionArgs) => ownFeeAction(args);
export default OwnFeeScreen;
export const ErrorBoundary = PageErrorBoundary;
