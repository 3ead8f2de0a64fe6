import type { ActionFunctionArgs } from "@remix-run/node";
import { logoutAction, logoutLoader } from "@repo/remix-app/sign-in/server";

export const loader = logoutLoader;
export const action = (args: ActionFunctionArgs) => logoutAction(args);
