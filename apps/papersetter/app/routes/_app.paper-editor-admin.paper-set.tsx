import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { PaperSetScreen } from "../paper-sets/PaperSetScreen";
import { paperSetAction, paperSetLoader } from "../paper-sets/paper-set.server";

export const loader = (args: LoaderFunctionArgs) => paperSetLoader(args);
export const action = (args: ActionFunctionArgs) => paperSetAction(args);
export default function Page() {
  return <PaperSetScreen />;
}
export const ErrorBoundary = PageErrorBoundary;
