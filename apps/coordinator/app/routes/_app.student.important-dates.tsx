import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { contentAction, importantDatesLoader } from "../content-texts/content-texts.server";
import { ImportantDatesScreen } from "../content-texts/ImportantDatesScreen";

export const loader = (args: LoaderFunctionArgs) => importantDatesLoader("all", args);
export const action = (args: ActionFunctionArgs) => contentAction("importantDates", args);
export default ImportantDatesScreen;
export const ErrorBoundary = PageErrorBoundary;
