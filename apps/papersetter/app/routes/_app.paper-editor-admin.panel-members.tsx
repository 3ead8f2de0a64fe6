import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { PanelMembersScreen } from "../panel-members/PanelMembersScreen";
import { panelMembersAction, panelMembersLoader } from "../panel-members/panel-members.server";

export const loader = (args: LoaderFunctionArgs) => panelMembersLoader(args);
export const action = (args: ActionFunctionArgs) => panelMembersAction(args);
export default function Page() {
  return <PanelMembersScreen />;
}
export const ErrorBoundary = PageErrorBoundary;
