import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "@repo/remix-app/shell/page-meta";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { SignedInShell } from "@repo/remix-app/shell/screen";
import { shellLoader } from "@repo/remix-app/shell/server";
import { EmailBanner } from "../verify-email/EmailBanner";

/** The signed-in area: every page below renders inside the shell, under the e-mail banner. */
// Every page below is titled from the page tree unless it exports its own meta.
export const meta = pageMeta;
export const loader = (args: LoaderFunctionArgs) => shellLoader(args);
export default function Shell() {
  const { csrf, user } = useLoaderData<typeof shellLoader>();
  return <SignedInShell banner={<EmailBanner csrf={csrf} email={user.schoolEmail} />} />;
}
export const ErrorBoundary = PageErrorBoundary;
