import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { lectureSeriesLoader } from "../content-texts/content-texts.server";
import { LectureSeriesScreen } from "../content-texts/LectureSeriesScreen";

export const loader = lectureSeriesLoader;
export default LectureSeriesScreen;
export const ErrorBoundary = PageErrorBoundary;
