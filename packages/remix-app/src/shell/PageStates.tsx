import { isRouteErrorResponse, Link, useLocation, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { SERVICE_UNAVAILABLE_MESSAGE } from "@repo/contracts/app-requests";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Centered } from "@repo/ui/centered";
import { EmptyState } from "@repo/ui/empty-state";

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

/**
 * The page of a 503: the API could not serve this page (its database restarts, its process is
 * down). The session is kept (docs/decisions/045-sessions-survive-api-outages.md), so "Try again"
 * is a plain link to this same address: it works without JavaScript and reloads the whole page.
 */
export function BackInAMoment() {
  const { pathname, search } = useLocation();
  const card = (
    <Card title="Back in a moment">
      <EmptyState
        icon="refresh"
        tone="primary"
        role="alert"
        title="The portal is briefly unavailable"
        description={`${SERVICE_UNAVAILABLE_MESSAGE} If you were signed in, you still are.`}
        action={
          <Button asChild>
            <Link to={`${pathname}${search}`} reloadDocument>
              Try again
            </Link>
          </Button>
        }
      />
    </Card>
  );
  // Inside the signed-in frame (the shell loaded, a page's loader did not) the card takes the
  // page's place; without the frame it is a page of its own.
  return useRouteLoaderData("routes/_app") ? card : <Centered>{card}</Centered>;
}

const isUnavailable = (error: unknown) => isRouteErrorResponse(error) && error.status === 503;

/** Errors outside the signed-in frame, in every app's root (the frame has its own boundary). */
export function RootErrorBoundary() {
  const error = useRouteError();
  if (isUnavailable(error)) return <BackInAMoment />;
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
