import type { LoaderFunctionArgs } from "@remix-run/node";
import { jobLoader } from "@repo/remix-app/jobs/server";

/** The progress of one of the user's jobs (an import), polled by the screen that started it. */
export const loader = (args: LoaderFunctionArgs) => jobLoader(args);
