import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { StudentImportScreen } from "../student-import/StudentImportScreen";
import { studentImportLoader } from "../student-import/student-import.server";

// `states-coordinators_`: a page of its own, not a child of the state coordinators' list.
export const loader = (args: LoaderFunctionArgs) => studentImportLoader(args);
export default StudentImportScreen;
export const ErrorBoundary = PageErrorBoundary;
