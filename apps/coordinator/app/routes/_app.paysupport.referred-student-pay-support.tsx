import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { supportOrdersAction, supportOrdersLoader } from "../pay-support/pay-support.server";
import { SupportOrdersScreen } from "../pay-support/SupportOrdersScreen";

export const loader = (args: LoaderFunctionArgs) => supportOrdersLoader(args, "all", "referred");
export const action = (args: ActionFunctionArgs) => supportOrdersAction(args);
export default function ReferredStudentPayments() {
  return (
    <SupportOrdersScreen
      title="Referred student payments"
      description="Payments for students who registered with a school's referral code: the referring school earns its commission once the student is paid."
    />
  );
}
export const ErrorBoundary = PageErrorBoundary;
