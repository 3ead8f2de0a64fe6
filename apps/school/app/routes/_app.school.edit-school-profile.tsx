import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { SchoolProfileScreen } from "../school-profile/SchoolProfileScreen";
import { schoolProfileAction, schoolProfileLoader } from "../school-profile/school-profile.server";

export { schoolProfileAction as action, schoolProfileLoader as loader };
export default SchoolProfileScreen;
export const ErrorBoundary = PageErrorBoundary;
