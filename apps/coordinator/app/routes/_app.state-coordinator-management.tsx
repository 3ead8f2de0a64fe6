import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ROLE } from "@repo/auth/roles";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { CoordinatorsScreen } from "../coordinators/CoordinatorsScreen";
import { coordinatorsAction, coordinatorsLoader } from "../coordinators/coordinators.server";

export const loader = (args: LoaderFunctionArgs) => coordinatorsLoader(ROLE.stateCoordinator, args);
export const action = (args: ActionFunctionArgs) => coordinatorsAction(ROLE.stateCoordinator, args);
export default function Page() {
  return <CoordinatorsScreen title="State coordinators" singular="State coordinator" />;
}
export const ErrorBoundary = PageErrorBoundary;
