import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { PrintoutsScreen } from "../printouts/PrintoutsScreen";
import { printoutsAction, printoutsLoader } from "../printouts/printouts.server";

export const loader = (args: LoaderFunctionArgs) => printoutsLoader(args);
export const action = (args: ActionFunctionArgs) => printoutsAction(args);
export default PrintoutsScreen;
export const ErrorBoundary = PageErrorBoundary;
