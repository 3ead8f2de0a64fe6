import type { LoaderFunctionArgs } from "@remix-run/node";
import { StudentErrorBoundary } from "../student-area/StudentProblemScreen";
import { StudentResultScreen } from "../student-area/StudentResultScreen";
import { studentResultsLoader } from "../student-area/student-area.server";

export const loader = (args: LoaderFunctionArgs) => studentResultsLoader(args);
export default StudentResultScreen;
export const ErrorBoundary = StudentErrorBoundary;
