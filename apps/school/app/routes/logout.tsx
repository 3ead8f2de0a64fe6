import type { ActionFunctionArgs } from "@remix-run/node";
import { logoutAction, logoutLoader } from "@repo/remix-app/routes/auth.server";

export const loader = logoutLoader;
export const action = (args: ActionFunctionArgs) => logoutAction(args);
