import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { RegionsScreen } from "../regions/RegionsScreen";
import { regionsAction, regionsLoader } from "../regions/regions.server";

export const loader = (args: LoaderFunctionArgs) => regionsLoader("zone", args);
export const action = (args: ActionFunctionArgs) => regionsAction("zone", args);
export default function Page() {
  return <RegionsScreen level="zone" />;
}
export const ErrorBoundary = PageErrorBoundary;
