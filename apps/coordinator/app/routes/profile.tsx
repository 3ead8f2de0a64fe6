import type { ActionFunctionArgs } from "@remix-run/node";
import { profileAction } from "@repo/remix-app/routes/profile.server";

/** The My Profile dialog's forms and the school toggle post here. */
export const action = (args: ActionFunctionArgs) => profileAction(args);
