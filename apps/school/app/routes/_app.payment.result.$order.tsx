import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { PaymentResultScreen } from "../payments/PaymentResultScreen";
import { orderLoader } from "../payments/payments.server";

export const loader = (args: LoaderFunctionArgs) => orderLoader(args);
export default PaymentResultScreen;
export const ErrorBoundary = PageErrorBoundary;
