import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { syllabusLevelLoader } from "../content-texts/content-texts.server";
import { SyllabusLevelScreen } from "../content-texts/SyllabusLevelScreen";

export const loader = (args: LoaderFunctionArgs) => syllabusLevelLoader(2, args);
export default SyllabusLevelScreen;
export const ErrorBoundary = PageErrorBoundary;
