import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { supportOrdersAction, supportOrdersLoader } from "../pay-support/pay-support.server";
import { SupportOrdersScreen } from "../pay-support/SupportOrdersScreen";

export const loader = (args: LoaderFunctionArgs) => supportOrdersLoader(args, "all");
export const action = (args: ActionFunctionArgs) => supportOrdersAction(args);
export default function SchoolPayments() {
  return (
    <SupportOrdersScreen
      title="School payments"
      description="A school's or master institute's orders: search by its name or username; open an order to see its students and the gateway's payments."
    />
  );
}
export const ErrorBoundary = PageErrorBoundary;
