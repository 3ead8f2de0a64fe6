import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { DistrictRankersScreen } from "../ranking/DistrictRankersScreen";
import { districtRankerLoader } from "../ranking/ranking.server";

export { districtRankerLoader as loader };
export default DistrictRankersScreen;
export const ErrorBoundary = PageErrorBoundary;
