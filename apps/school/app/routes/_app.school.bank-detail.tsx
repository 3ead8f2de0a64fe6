import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { BankDetailsScreen } from "../bank-details/BankDetailsScreen";
import { bankDetailsAction, bankDetailsLoader } from "../bank-details/bank-details.server";

export { bankDetailsAction as action, bankDetailsLoader as loader };
export default BankDetailsScreen;
export const ErrorBoundary = PageErrorBoundary;
