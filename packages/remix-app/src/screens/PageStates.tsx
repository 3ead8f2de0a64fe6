import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { findPage } from "@repo/auth/menus";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { EmptyState } from "@repo/ui/empty-state";
import { APP_ID } from "../app-id";

/** A page of spec §2 whose screen arrives with a later issue: says what will be there. */
export function PlannedPage() {
  const location = useLocation();
  const page = findPage(APP_ID, location.pathname);
  if (!page) return <NotFound />;
  return (
    <Card title={page.title}>
      <EmptyState
        icon="clipboard"
        title={`${page.title} is being built`}
        description={
          page.description ??
          `This page will show the ${page.title.toLowerCase()} of your account. It is not available yet.`
        }
      />
    </Card>
  );
}

export function NotFound() {
  return (
    <Card title="Page not found">
      <EmptyState
        icon="search"
        title="There is no page at this address"
        description="Check the address, or go back to your home page."
        action={
          <Button asChild>
            <Link to="/">Go to my home page</Link>
          </Button>
        }
      />
    </Card>
  );
}

export function Forbidden() {
  return (
    <Card title="Access denied">
      <EmptyState
        icon="lock"
        tone="danger"
        title="You do not have permission to open this page"
        description="Your role does not include this page. If you think it should, contact the programme office."
        action={
          <Button asChild>
            <Link to="/">Go to my home page</Link>
          </Button>
        }
      />
    </Card>
  );
}

/** Errors inside the signed-in frame: 403 and 404 pages keep the shell; others say what to do. */
export function PageErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <Forbidden />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <Card title="Something went wrong">
      <EmptyState
        icon="warning"
        tone="danger"
        title="We could not show this page"
        description="Please try again in a moment. If it keeps happening, contact the programme office."
        action={
          <Button asChild>
            <Link to=".">Try again</Link>
          </Button>
        }
      />
    </Card>
  );
}
