import type { LoaderFunctionArgs } from "@remix-run/node";
import { withPlainImport } from "@repo/remix-app/imports/server";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { studentImportAction } from "../student-import/student-import.server";
import { AddStudentScreen } from "../students/AddStudentScreen";
import { addStudentLoader, studentsAction } from "../students/students.server";

export const loader = (args: LoaderFunctionArgs) => addStudentLoader(args);
// Its spreadsheet tab's form posts here without JavaScript (decision 053).
export const action = withPlainImport(studentImportAction, studentsAction);
export default AddStudentScreen;
export const ErrorBoundary = PageErrorBoundary;
