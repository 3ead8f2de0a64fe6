import type { ActionFunctionArgs } from "@remix-run/node";
import { profileAction } from "@repo/remix-app/profile/server";

/** The My Profile dialog's forms post here. */
export const action = (args: ActionFunctionArgs) => profileAction(args);
