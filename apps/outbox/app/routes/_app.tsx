import type { LoaderFunctionArgs } from "@remix-run/node";
import { shellLoader } from "@repo/remix-app/routes/shell.server";
import { PageErrorBoundary } from "@repo/remix-app/screens/page-states";
import { SignedInShell } from "@repo/remix-app/screens/shell";

/** The signed-in area: every page below renders inside the shell. */
export const loader = (args: LoaderFunctionArgs) => shellLoader(args);
export default SignedInShell;
export const ErrorBoundary = PageErrorBoundary;
