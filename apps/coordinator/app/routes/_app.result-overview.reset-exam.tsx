import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { resetExamAction, resetExamLoader } from "../answer-uploads/answer-uploads.server";
import { ResetExamScreen } from "../answer-uploads/ResetExamScreen";

export const loader = (args: LoaderFunctionArgs) => resetExamLoader(args);
export const action = (args: ActionFunctionArgs) => resetExamAction(args);
export default ResetExamScreen;
export const ErrorBoundary = PageErrorBoundary;
