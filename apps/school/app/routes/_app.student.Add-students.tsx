import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { AddStudentScreen } from "../students/AddStudentScreen";
import { addStudentLoader, studentsAction } from "../students/students.server";

export const loader = (args: LoaderFunctionArgs) => addStudentLoader(args);
export const action = (args: ActionFunctionArgs) => studentsAction(args);
export default AddStudentScreen;
export const ErrorBoundary = PageErrorBoundary;
