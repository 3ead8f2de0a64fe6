import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { CertificatesScreen } from "../certificates/CertificatesScreen";
import { certificatesAction, certificatesLoader } from "../certificates/certificates.server";

export const loader = (args: LoaderFunctionArgs) => certificatesLoader(args);
export const action = (args: ActionFunctionArgs) => certificatesAction(args);
export default CertificatesScreen;
export const ErrorBoundary = PageErrorBoundary;
