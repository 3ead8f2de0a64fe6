import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { CoordinatorsScreen } from "../coordinators/CoordinatorsScreen";
import { coordinatorsAction, coordinatorsLoader } from "../coordinators/coordinators.server";

export const loader = (args: LoaderFunctionArgs) => coordinatorsLoader(7, args);
export const action = (args: ActionFunctionArgs) => coordinatorsAction(7, args);
export default function Page() {
  return <CoordinatorsScreen title="Organizing coordinators" singular="Organization Team member" />;
}
export const ErrorBoundary = PageErrorBoundary;
