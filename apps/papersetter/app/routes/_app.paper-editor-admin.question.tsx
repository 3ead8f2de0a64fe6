import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { QuestionScreen } from "../questions/QuestionScreen";
import { questionAction, questionLoader } from "../questions/questions.server";

export const loader = (args: LoaderFunctionArgs) => questionLoader(args);
export const action = (args: ActionFunctionArgs) => questionAction(args);
export default QuestionScreen;
export const ErrorBoundary = PageErrorBoundary;
