import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { PaymentStudentsScreen } from "../payments/PaymentStudentsScreen";
import { paymentStudentsAction, paymentStudentsLoader } from "../payments/payments.server";

export const loader = (args: LoaderFunctionArgs) => paymentStudentsLoader(args);
export const action = (args: ActionFunctionArgs) => paymentStudentsAction(args);
export default PaymentStudentsScreen;
export const ErrorBoundary = PageErrorBoundary;
