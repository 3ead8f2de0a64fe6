import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { CoordinatorsScreen } from "../coordinators/CoordinatorsScreen";
import { coordinatorsAction, coordinatorsLoader } from "../coordinators/coordinators.server";

export const loader = (args: LoaderFunctionArgs) => coordinatorsLoader(8, args);
export const action = (args: ActionFunctionArgs) => coordinatorsAction(8, args);
export default function Page() {
  return <CoordinatorsScreen title="Zonal coordinators" singular="Zonal coordinator" />;
}
export const ErrorBoundary = PageErrorBoundary;
