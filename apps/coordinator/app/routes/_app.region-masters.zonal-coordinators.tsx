import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ROLE } from "@repo/auth/roles";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { CoordinatorsScreen } from "../coordinators/CoordinatorsScreen";
import { coordinatorsAction, coordinatorsLoader } from "../coordinators/coordinators.server";

export const loader = (args: LoaderFunctionArgs) => coordinatorsLoader(ROLE.zonalCoordinator, args);
export const action = (args: ActionFunctionArgs) => coordinatorsAction(ROLE.zonalCoordinator, args);
export default function Page() {
  return <CoordinatorsScreen title="Zonal coordinators" singular="Zonal coordinator" />;
}
export const ErrorBoundary = PageErrorBoundary;
