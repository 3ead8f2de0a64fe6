import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { AddSchoolScreen } from "../institute/AddSchoolScreen";
import { addSchoolAction, addSchoolLoader } from "../institute/institute.server";

export const loader = (args: LoaderFunctionArgs) => addSchoolLoader(args);
export const action = (args: ActionFunctionArgs) => addSchoolAction(args);
export default AddSchoolScreen;
export const ErrorBoundary = PageErrorBoundary;
