import type { LoaderFunctionArgs } from "@remix-run/node";
import { requestDetailLoader } from "../raised-requests/raised-requests.server";

/** One payment request with its history, as JSON for the request dialog. */
export const loader = (args: LoaderFunctionArgs) => requestDetailLoader(args);
