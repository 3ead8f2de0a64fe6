import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { contentAction, syllabusLoader } from "../content-texts/content-texts.server";
import { SyllabusScreen } from "../content-texts/SyllabusScreen";

export const loader = (args: LoaderFunctionArgs) => syllabusLoader(2, args);
export const action = (args: ActionFunctionArgs) => contentAction("syllabus", args);
export default SyllabusScreen;
export const ErrorBoundary = PageErrorBoundary;
