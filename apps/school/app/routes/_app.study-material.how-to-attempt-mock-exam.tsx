import type { MetaFunction } from "@remix-run/node";
import { staticPageOf } from "@repo/contracts/content-notices-constants";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { StaticPageScreen } from "../static-pages/StaticPageScreen";
import { staticPageLoader } from "../static-pages/static-pages.server";

export const meta: MetaFunction = () => [
  { title: `${staticPageOf("how-to-attempt-mock-exam")?.title} · School Portal` },
];
export const loader = staticPageLoader("how-to-attempt-mock-exam");
export default StaticPageScreen;
export const ErrorBoundary = PageErrorBoundary;
