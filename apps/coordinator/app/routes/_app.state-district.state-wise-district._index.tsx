import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { stateWiseDistrictLoader } from "../ranking/ranking.server";
import { StateDistrictsScreen } from "../ranking/StateDistrictsScreen";

export { stateWiseDistrictLoader as loader };
export default StateDistrictsScreen;
export const ErrorBoundary = PageErrorBoundary;
