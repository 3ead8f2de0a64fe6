import type { LoaderFunctionArgs } from "@remix-run/node";
import { handoffLoader } from "@repo/remix-app/sign-in/server";

/** Another app moved a sign-in here with a single-use code (docs/decisions/003-sessions-and-handoff.md). */
export const loader = (args: LoaderFunctionArgs) => handoffLoader(args);
