import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, Outlet, useRouteError } from "@remix-run/react";
import { Document } from "@repo/remix-app/document";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Centered } from "@repo/ui/centered";
import "@repo/ui/fonts";
import type { ReactNode } from "react";

export const meta: MetaFunction = () => [{ title: "Paper Setter · Exam Portal" }];

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: ReactNode }) {
  return <Document>{children}</Document>;
}

export default function App() {
  return <Outlet />;
}

/** Errors outside the signed-in frame (the frame has its own boundary). */
export function ErrorBoundary() {
  const error = useRouteError();
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Something went wrong";
  return (
    <Centered>
      <Card
        title={title}
        actions={
          <Button asChild>
            <Link to="/" reloadDocument>
              Go to my home page
            </Link>
          </Button>
        }
      >
        We could not show this page. Please go back and try again.
      </Card>
    </Centered>
  );
}
