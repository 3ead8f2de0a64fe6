import type { LoaderFunctionArgs } from "@remix-run/node";
import { withPlainImport } from "@repo/remix-app/imports/server";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { AddSchoolScreen } from "../institute/AddSchoolScreen";
import { addSchoolAction, addSchoolLoader } from "../institute/institute.server";
import { schoolImportAction } from "../student-import/student-import.server";

export const loader = (args: LoaderFunctionArgs) => addSchoolLoader(args);
// Its spreadsheet tab's form posts here without JavaScript (decision 053).
export const action = withPlainImport(schoolImportAction, addSchoolAction);
export default AddSchoolScreen;
export const ErrorBoundary = PageErrorBoundary;
