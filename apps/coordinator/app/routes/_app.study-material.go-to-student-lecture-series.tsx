import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { contentAction, lectureSeriesLoader } from "../content-texts/content-texts.server";
import { LectureSeriesScreen } from "../content-texts/LectureSeriesScreen";

export const loader = (args: LoaderFunctionArgs) => lectureSeriesLoader(args);
export const action = (args: ActionFunctionArgs) => contentAction("lectureSeries", args);
export default LectureSeriesScreen;
export const ErrorBoundary = PageErrorBoundary;
