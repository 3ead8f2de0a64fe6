import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { EmptyState } from "@repo/ui/empty-state";
import { BackInAMoment, isUnavailable } from "./RootErrorBoundary";

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
  if (isUnavailable(error)) return <BackInAMoment />;
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
