import { profileAction } from "@repo/remix-app/profile/server";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { SchoolPasswordScreen } from "../school-profile/SchoolPasswordScreen";
import { schoolPasswordLoader } from "../school-profile/school-profile.server";

// The change-password form posts here, so that without JavaScript its answer comes with this page.
export { profileAction as action, schoolPasswordLoader as loader };
export default SchoolPasswordScreen;
export const ErrorBoundary = PageErrorBoundary;
