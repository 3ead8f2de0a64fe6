import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { SchoolToggle } from "../schools/SchoolToggle";
import { schoolToggleAction, schoolToggleLoader } from "../schools/schools.server";

export { schoolToggleAction as action, schoolToggleLoader as loader };
export default SchoolToggle;
export const ErrorBoundary = PageErrorBoundary;
