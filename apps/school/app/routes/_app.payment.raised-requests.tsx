import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { RaisedRequestsScreen } from "../raised-requests/RaisedRequestsScreen";
import { raisedRequestsAction, raisedRequestsLoader } from "../raised-requests/raised-requests.server";

export const loader = (args: LoaderFunctionArgs) => raisedRequestsLoader(args);
export const action = (args: ActionFunctionArgs) => raisedRequestsAction(args);
export default RaisedRequestsScreen;
export const ErrorBoundary = PageErrorBoundary;
