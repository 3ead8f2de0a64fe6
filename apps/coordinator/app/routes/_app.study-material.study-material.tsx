import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { ContentFilesScreen } from "../content-files/ContentFilesScreen";
import { contentFilesAction, contentFilesLoader } from "../content-files/content-files.server";

export const loader = (args: LoaderFunctionArgs) => contentFilesLoader("study-material", args);
export const action = (args: ActionFunctionArgs) => contentFilesAction("study-material", args);
export default function Page() {
  return <ContentFilesScreen kind="study-material" />;
}
export const ErrorBoundary = PageErrorBoundary;
