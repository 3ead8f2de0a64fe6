import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { loginAction, loginLoader } from "@repo/remix-app/routes/auth.server";
import { LoginScreen } from "@repo/remix-app/screens/login";

export const meta: MetaFunction = () => [{ title: "Sign in · Outbox" }];
export const loader = (args: LoaderFunctionArgs) => loginLoader(args);
export const action = (args: ActionFunctionArgs) => loginAction(args);
export default LoginScreen;
