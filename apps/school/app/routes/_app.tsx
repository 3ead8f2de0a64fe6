import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { SignedInShell } from "@repo/remix-app/shell/screen";
import { shellLoader } from "@repo/remix-app/shell/server";
import { EmailBanner } from "../verify-email/EmailBanner";

/** The signed-in area: every page below renders inside the shell, under the e-mail banner. */
export const loader = (args: LoaderFunctionArgs) => shellLoader(args);
export default function Shell() {
  const { csrf, user } = useLoaderData<typeof shellLoader>();
  return <SignedInShell banner={<EmailBanner csrf={csrf} email={user.schoolEmail} />} />;
}
export const ErrorBoundary = PageErrorBoundary;
