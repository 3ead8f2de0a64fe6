import type { LoaderFunctionArgs } from "@remix-run/node";
import { handoffLoader } from "@repo/remix-app/routes/auth.server";

/** Another app moved a sign-in here with a single-use code (DECISIONS §6). */
export const loader = (args: LoaderFunctionArgs) => handoffLoader(args);
