import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { InactiveStudentsScreen } from "../inactive-students/InactiveStudentsScreen";
import { inactiveStudentsAction, inactiveStudentsLoader } from "../inactive-students/inactive-students.server";

export const loader = (args: LoaderFunctionArgs) => inactiveStudentsLoader(args);
export const action = (args: ActionFunctionArgs) => inactiveStudentsAction(args);
export default InactiveStudentsScreen;
export const ErrorBoundary = PageErrorBoundary;
