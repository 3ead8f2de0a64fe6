import type { LoaderFunctionArgs } from "@remix-run/node";
import { deskRequestLoader } from "../raised-requests/raised-requests.server";

/** One raised request with its history, as JSON for the answer dialog. */
export const loader = (args: LoaderFunctionArgs) => deskRequestLoader(args);
