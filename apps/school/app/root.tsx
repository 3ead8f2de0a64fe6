import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { Document } from "@repo/remix-app/document";
import { RootErrorBoundary } from "@repo/remix-app/shell/root-error-boundary";
import "@repo/ui/fonts";
import type { ReactNode } from "react";

export const meta: MetaFunction = () => [{ title: "School Portal · Exam Portal" }];

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: ReactNode }) {
  return <Document>{children}</Document>;
}

export default function App() {
  return <Outlet />;
}

/** Errors outside the signed-in frame (the frame has its own boundary); a 503 is "back in a moment". */
export const ErrorBoundary = RootErrorBoundary;
