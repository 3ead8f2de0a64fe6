import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { InstituteSchoolsScreen } from "../institute/InstituteSchoolsScreen";
import { instituteSchoolsAction, instituteSchoolsLoader } from "../institute/institute.server";

export const loader = (args: LoaderFunctionArgs) => instituteSchoolsLoader(args);
export const action = (args: ActionFunctionArgs) => instituteSchoolsAction(args);
export default InstituteSchoolsScreen;
export const ErrorBoundary = PageErrorBoundary;
