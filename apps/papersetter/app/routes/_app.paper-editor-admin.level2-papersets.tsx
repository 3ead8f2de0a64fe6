import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { PaperSetsScreen } from "../paper-sets/PaperSetsScreen";
import { paperSetsAction, paperSetsLoader } from "../paper-sets/paper-sets.server";

export const loader = (args: LoaderFunctionArgs) => paperSetsLoader("level2", args);
export const action = (args: ActionFunctionArgs) => paperSetsAction("level2", args);
export default function Page() {
  return <PaperSetsScreen level="level2" />;
}
export const ErrorBoundary = PageErrorBoundary;
