import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { IndividualStudentsScreen } from "../individual-students/IndividualStudentsScreen";
import { individualStudentsAction, individualStudentsLoader } from "../individual-students/individual-students.server";

export const loader = (args: LoaderFunctionArgs) => individualStudentsLoader(args);
export const action = (args: ActionFunctionArgs) => individualStudentsAction(args);
export default IndividualStudentsScreen;
export const ErrorBoundary = PageErrorBoundary;
