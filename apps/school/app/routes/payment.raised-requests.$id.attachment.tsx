import type { LoaderFunctionArgs } from "@remix-run/node";
import { requestAttachmentLoader } from "../raised-requests/raised-requests.server";

/** A payment request's attachment, downloaded. */
export const loader = (args: LoaderFunctionArgs) => requestAttachmentLoader(args);
