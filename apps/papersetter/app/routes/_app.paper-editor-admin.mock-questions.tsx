import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { QuestionsScreen } from "../questions/QuestionsScreen";
import { questionsAction, questionsLoader } from "../questions/questions.server";

export const loader = (args: LoaderFunctionArgs) => questionsLoader("mock", args);
export const action = (args: ActionFunctionArgs) => questionsAction(args);
export default function Page() {
  return <QuestionsScreen level="mock" />;
}
export const ErrorBoundary = PageErrorBoundary;
