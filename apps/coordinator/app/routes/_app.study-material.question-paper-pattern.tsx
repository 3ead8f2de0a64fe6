import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { contentAction, patternLoader } from "../content-texts/content-texts.server";
import { PatternScreen } from "../content-texts/PatternScreen";

export const loader = (args: LoaderFunctionArgs) => patternLoader(args);
export const action = (args: ActionFunctionArgs) => contentAction("frontendPattern", args);
export default PatternScreen;
export const ErrorBoundary = PageErrorBoundary;
