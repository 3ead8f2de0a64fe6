import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { SignedInShell } from "@repo/remix-app/shell/screen";
import { shellLoader } from "@repo/remix-app/shell/server";

/** The signed-in area: every page below renders inside the shell. */
export const loader = (args: LoaderFunctionArgs) => shellLoader(args);
export default SignedInShell;
export const ErrorBoundary = PageErrorBoundary;
