import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ResetPasswordScreen } from "@repo/remix-app/sign-in/password-reset-screens";
import { resetPasswordAction, resetPasswordLoader } from "@repo/remix-app/sign-in/password-reset-server";

export const meta: MetaFunction = () => [{ title: "Choose a new password · Coordinator Portal" }];
export const loader = (args: LoaderFunctionArgs) => resetPasswordLoader(args);
export const action = (args: ActionFunctionArgs) => resetPasswordAction(args);
export default ResetPasswordScreen;
