import { isRouteErrorResponse, Link, useLocation, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { SERVICE_UNAVAILABLE_MESSAGE } from "@repo/contracts/unavailable";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Centered } from "@repo/ui/centered";

// A module apart from PageStates.tsx: every app's root imports it, so what it imports is in the
// first view of every page, the sign-in page's budget included (scripts/size.test.ts).

/**
 * The page of a 503: the API could not serve this page (its database restarts, its process is
 * down). The session is kept (docs/decisions/045-sessions-survive-api-outages.md), so "Try again"
 * is a plain link to this same address: it works without JavaScript and reloads the whole page.
 */
export function BackInAMoment() {
  const { pathname, search } = useLocation();
  const card = (
    <Card
      title="Back in a moment"
      actions={
        <Button asChild>
          <Link to={`${pathname}${search}`} reloadDocument>
            Try again
          </Link>
        </Button>
      }
    >
      <div role="alert">
        <p>
          <strong>The portal is briefly unavailable.</strong>
        </p>
        <p>{`${SERVICE_UNAVAILABLE_MESSAGE} If you were signed in, you still are.`}</p>
      </div>
    </Card>
  );
  // Inside the signed-in frame (the shell loaded, a page's loader did not) the card takes the
  // page's place; without the frame it is a page of its own.
  return useRouteLoaderData("routes/_app") ? card : <Centered>{card}</Centered>;
}

export const isUnavailable = (error: unknown) => isRouteErrorResponse(error) && error.status === 503;

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
