import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { ExamScheduleScreen } from "../exam-schedule/ExamScheduleScreen";
import { examScheduleAction, examScheduleLoader } from "../exam-schedule/exam-schedule.server";

export const loader = (args: LoaderFunctionArgs) => examScheduleLoader(args);
export const action = (args: ActionFunctionArgs) => examScheduleAction(args);
export default function Page() {
  return <ExamScheduleScreen />;
}
export const ErrorBoundary = PageErrorBoundary;
