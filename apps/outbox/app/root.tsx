import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Outlet, useRouteError } from "@remix-run/react";
import { Document } from "@repo/remix-app/document";
import { Card } from "@repo/ui/card";
import { Centered } from "@repo/ui/centered";
import type { ReactNode } from "react";

export const meta: MetaFunction = () => [{ title: "Outbox · Exam Portal" }];

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: ReactNode }) {
  return <Document>{children}</Document>;
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Something went wrong";
  return (
    <Centered>
      <Card title={title}>We could not show this page. Please go back and try again.</Card>
    </Centered>
  );
}
