import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { PaperSetsScreen } from "../paper-sets/PaperSetsScreen";
import { paperSetsAction, paperSetsLoader } from "../paper-sets/paper-sets.server";

export const loader = (args: LoaderFunctionArgs) => paperSetsLoader("level1", args);
export const action = (args: ActionFunctionArgs) => paperSetsAction("level1", args);
export default function Page() {
  return <PaperSetsScreen level="level1" />;
}
export const ErrorBoundary = PageErrorBoundary;
