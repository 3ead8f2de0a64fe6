import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { SchoolPasswordScreen } from "../school-profile/SchoolPasswordScreen";
import { schoolPasswordLoader } from "../school-profile/school-profile.server";

export { schoolPasswordLoader as loader };
export default SchoolPasswordScreen;
export const ErrorBoundary = PageErrorBoundary;
