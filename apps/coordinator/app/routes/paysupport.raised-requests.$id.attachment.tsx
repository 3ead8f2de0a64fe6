import type { LoaderFunctionArgs } from "@remix-run/node";
import { deskAttachmentLoader } from "../raised-requests/raised-requests.server";

/** A raised request's attachment, downloaded. */
export const loader = (args: LoaderFunctionArgs) => deskAttachmentLoader(args);
