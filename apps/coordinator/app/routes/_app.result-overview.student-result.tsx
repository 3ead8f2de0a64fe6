import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { studentResultLoader } from "../result-insight/result-insight.server";
import { StudentResultScreen } from "../result-insight/StudentResultScreen";

export { studentResultLoader as loader };
export default StudentResultScreen;
export const ErrorBoundary = PageErrorBoundary;
