import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { supportOrdersAction, supportOrdersLoader } from "../pay-support/pay-support.server";
import { SupportOrdersScreen } from "../pay-support/SupportOrdersScreen";

export const loader = (args: LoaderFunctionArgs) => supportOrdersLoader(args, "all");
export const action = (args: ActionFunctionArgs) => supportOrdersAction(args);
export default function StudentPayments() {
  return (
    <SupportOrdersScreen
      title="Student payments"
      description="Find a student's payment by name, roll number, phone or order number; see every order and gateway event. Pay support marks an order paid with a reference; admins refund a paid one. A registration reference a school quotes (REG-000123) shows which school has the student."
    />
  );
}
export const ErrorBoundary = PageErrorBoundary;
