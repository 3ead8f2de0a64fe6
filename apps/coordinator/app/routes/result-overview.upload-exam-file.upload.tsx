import type { ActionFunctionArgs } from "@remix-run/node";
import { answerFileUploadAction } from "../answer-uploads/answer-uploads.server";

/** The vendor's answer-sheet file (a resource route), forwarded to the API: the upload and its check job. */
export const action = (args: ActionFunctionArgs) => answerFileUploadAction(args);
