import type { LoaderFunctionArgs } from "@remix-run/node";
import { indexLoader } from "@repo/remix-app/sign-in/server";

/** `/`: the signed-in user's landing page, else the login page. */
export const loader = (args: LoaderFunctionArgs) => indexLoader(args);
