import { ProfileScreen } from "@repo/remix-app/profile/screen";
import { profilePageLoader } from "@repo/remix-app/profile/server";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";

export { profilePageLoader as loader };
export default ProfileScreen;
export const ErrorBoundary = PageErrorBoundary;
