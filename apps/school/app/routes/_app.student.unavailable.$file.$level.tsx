import type { LoaderFunctionArgs } from "@remix-run/node";
import { StudentErrorBoundary, StudentUnavailableScreen } from "../student-area/StudentProblemScreen";
import { studentUnavailableLoader } from "../student-area/student-area.server";

export const loader = (args: LoaderFunctionArgs) => studentUnavailableLoader(args);
export default StudentUnavailableScreen;
export const ErrorBoundary = StudentErrorBoundary;
