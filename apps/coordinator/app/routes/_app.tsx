import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageMeta } from "@repo/remix-app/shell/page-meta";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { SignedInShell } from "@repo/remix-app/shell/screen";
import { shellLoader } from "@repo/remix-app/shell/server";

/** The signed-in area: every page below renders inside the shell. */
// Every page below is titled from the page tree unless it exports its own meta.
export const meta = pageMeta;
export const loader = (args: LoaderFunctionArgs) => shellLoader(args);
export default SignedInShell;
export const ErrorBoundary = PageErrorBoundary;
