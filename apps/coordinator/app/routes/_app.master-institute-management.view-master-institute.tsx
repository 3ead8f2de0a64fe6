import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { MasterInstitutesScreen } from "../master-institutes/MasterInstitutesScreen";
import { masterInstitutesAction, masterInstitutesLoader } from "../master-institutes/master-institutes.server";

export const loader = (args: LoaderFunctionArgs) => masterInstitutesLoader(args);
export const action = (args: ActionFunctionArgs) => masterInstitutesAction(args);
export default MasterInstitutesScreen;
export const ErrorBoundary = PageErrorBoundary;
