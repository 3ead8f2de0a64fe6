import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { RaisedRequestsDeskScreen } from "../raised-requests/RaisedRequestsDeskScreen";
import { deskRequestsAction, deskRequestsLoader } from "../raised-requests/raised-requests.server";

export const loader = (args: LoaderFunctionArgs) => deskRequestsLoader(args);
export const action = (args: ActionFunctionArgs) => deskRequestsAction(args);
export default RaisedRequestsDeskScreen;
export const ErrorBoundary = PageErrorBoundary;
