import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { GccSchoolsScreen } from "../master-institutes/GccSchoolsScreen";
import { gccSchoolsLoader } from "../master-institutes/master-institutes.server";

export const loader = (args: LoaderFunctionArgs) => gccSchoolsLoader(args);
export default GccSchoolsScreen;
export const ErrorBoundary = PageErrorBoundary;
