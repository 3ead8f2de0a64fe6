import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { PasswordsScreen } from "../passwords/PasswordsScreen";
import { passwordsAction, passwordsLoader } from "../passwords/passwords.server";

export const loader = (args: LoaderFunctionArgs) => passwordsLoader(args);
export const action = (args: ActionFunctionArgs) => passwordsAction(args);
export default PasswordsScreen;
export const ErrorBoundary = PageErrorBoundary;
