import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { ResultsScreen } from "../results/ResultsScreen";
import { resultsAction, resultsLoader } from "../results/results.server";

export const loader = (args: LoaderFunctionArgs) => resultsLoader(args);
export const action = (args: ActionFunctionArgs) => resultsAction(args);
export default ResultsScreen;
export const ErrorBoundary = PageErrorBoundary;
