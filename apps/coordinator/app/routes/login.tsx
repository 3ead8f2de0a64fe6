import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { LoginScreen } from "@repo/remix-app/sign-in/screen";
import { loginAction, loginLoader } from "@repo/remix-app/sign-in/server";

export const meta: MetaFunction = () => [{ title: "Sign in · Coordinator Portal" }];
export const loader = (args: LoaderFunctionArgs) => loginLoader(args);
export const action = (args: ActionFunctionArgs) => loginAction(args);
export default LoginScreen;
