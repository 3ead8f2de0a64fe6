import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { RankingStatesScreen } from "../ranking/RankingStatesScreen";
import { rankingStatesLoader } from "../ranking/ranking.server";

export { rankingStatesLoader as loader };
export default RankingStatesScreen;
export const ErrorBoundary = PageErrorBoundary;
