import type { MetaFunction } from "@remix-run/node";
import { staticPageOf } from "@repo/contracts/content-notices-constants";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { StaticPageScreen } from "../static-pages/StaticPageScreen";
import { staticPageLoader } from "../static-pages/static-pages.server";

export const meta: MetaFunction = () => [{ title: `${staticPageOf("download-app")?.title} · School Portal` }];
export const loader = staticPageLoader("download-app");
export default StaticPageScreen;
export const ErrorBoundary = PageErrorBoundary;
