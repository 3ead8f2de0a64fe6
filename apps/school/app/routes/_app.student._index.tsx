import type { LoaderFunctionArgs } from "@remix-run/node";
import { StudentHomeScreen } from "../student-area/StudentHomeScreen";
import { StudentErrorBoundary } from "../student-area/StudentProblemScreen";
import { studentHomeLoader } from "../student-area/student-area.server";

export const loader = (args: LoaderFunctionArgs) => studentHomeLoader(args);
export default StudentHomeScreen;
export const ErrorBoundary = StudentErrorBoundary;
