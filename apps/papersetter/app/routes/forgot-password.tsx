import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ForgotPasswordScreen } from "@repo/remix-app/sign-in/password-reset-screens";
import { forgotPasswordAction, forgotPasswordLoader } from "@repo/remix-app/sign-in/password-reset-server";

export const meta: MetaFunction = () => [{ title: "Forgot your password? · Paper Setter" }];
export const loader = (args: LoaderFunctionArgs) => forgotPasswordLoader(args);
export const action = (args: ActionFunctionArgs) => forgotPasswordAction(args);
export default ForgotPasswordScreen;
