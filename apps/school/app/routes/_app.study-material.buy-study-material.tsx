import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { StudyMaterialScreen } from "../study-material/StudyMaterialScreen";
import { buyStudyMaterialAction, studyMaterialsLoader } from "../study-material/study-material.server";

export const loader = (args: LoaderFunctionArgs) => studyMaterialsLoader(true, args);
export const action = (args: ActionFunctionArgs) => buyStudyMaterialAction(args);
export default function Page() {
  return <StudyMaterialScreen forSale />;
}
export const ErrorBoundary = PageErrorBoundary;
