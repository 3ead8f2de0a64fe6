import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { answerUploadsAction, answerUploadsLoader } from "../answer-uploads/answer-uploads.server";
import { UploadExamFileScreen } from "../answer-uploads/UploadExamFileScreen";

export const loader = (args: LoaderFunctionArgs) => answerUploadsLoader(args);
export const action = (args: ActionFunctionArgs) => answerUploadsAction(args);
export default UploadExamFileScreen;
export const ErrorBoundary = PageErrorBoundary;
