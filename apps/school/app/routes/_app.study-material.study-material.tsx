import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { StudyMaterialScreen } from "../study-material/StudyMaterialScreen";
import { studyMaterialsLoader } from "../study-material/study-material.server";

export const loader = (args: LoaderFunctionArgs) => studyMaterialsLoader(false, args);
export default function Page() {
  return <StudyMaterialScreen forSale={false} />;
}
export const ErrorBoundary = PageErrorBoundary;
