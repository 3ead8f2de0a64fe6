import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ORDER_EXPIRES_AFTER_MINUTES } from "@repo/contracts/payments-constants";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { supportOrdersAction, supportOrdersLoader } from "../pay-support/pay-support.server";
import { SupportOrdersScreen } from "../pay-support/SupportOrdersScreen";

export const loader = (args: LoaderFunctionArgs) => supportOrdersLoader(args, "attention");
export const action = (args: ActionFunctionArgs) => supportOrdersAction(args);
export default function OrderReview() {
  return (
    <SupportOrdersScreen
      title="Order review"
      description={`Held payments (amount mismatch), refunds due, and orders still open after ${ORDER_EXPIRES_AFTER_MINUTES} minutes: reconcile, expire or mark paid.`}
    />
  );
}
export const ErrorBoundary = PageErrorBoundary;
