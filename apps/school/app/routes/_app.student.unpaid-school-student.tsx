import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { StudentsScreen } from "../students/StudentsScreen";
import { studentsAction, studentsLoader } from "../students/students.server";

export const loader = (args: LoaderFunctionArgs) => studentsLoader(args, "unpaid");
export const action = (args: ActionFunctionArgs) => studentsAction(args);
export default StudentsScreen;
export const ErrorBoundary = PageErrorBoundary;
