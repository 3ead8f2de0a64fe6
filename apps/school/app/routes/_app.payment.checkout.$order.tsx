import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { CheckoutScreen } from "../payments/CheckoutScreen";
import { checkoutAction, orderLoader } from "../payments/payments.server";

export const loader = (args: LoaderFunctionArgs) => orderLoader(args);
export const action = (args: ActionFunctionArgs) => checkoutAction(args);
export default CheckoutScreen;
export const ErrorBoundary = PageErrorBoundary;
