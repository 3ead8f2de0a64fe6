import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { winnersLoader } from "../result-winners/result-winners.server";
import { WinnersScreen } from "../result-winners/WinnersScreen";

export { winnersLoader as loader };
export default WinnersScreen;
export const ErrorBoundary = PageErrorBoundary;
