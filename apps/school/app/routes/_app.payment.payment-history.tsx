import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { PaymentHistoryScreen } from "../payment-history/PaymentHistoryScreen";
import { paymentHistoryLoader } from "../payment-history/payment-history.server";

export const loader = (args: LoaderFunctionArgs) => paymentHistoryLoader(args);
export default PaymentHistoryScreen;
export const ErrorBoundary = PageErrorBoundary;
