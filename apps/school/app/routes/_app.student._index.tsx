import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { StudentHomeScreen } from "../student-area/StudentHomeScreen";
import { studentHomeLoader } from "../student-area/student-area.server";

export const loader = (args: LoaderFunctionArgs) => studentHomeLoader(args);
export default StudentHomeScreen;
export const ErrorBoundary = PageErrorBoundary;
