import { APP_RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE } from "@repo/contracts/unavailable";

/**
 * The apps' fetch to the API. When nothing answers (connection refused or reset, the API process
 * down) the caller gets the 503 the API itself gives while its database restarts (decision 032),
 * so every loader and action reads both the same way: "not now", never "signed out" and never a
 * 500 (docs/decisions/045-sessions-survive-api-outages.md).
 */
export async function fetchOrUnavailable(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    if (request.signal.aborted) throw error;
    return Response.json(
      { status: false, message: SERVICE_UNAVAILABLE_MESSAGE },
      { status: 503, headers: { "Retry-After": String(APP_RETRY_AFTER_SECONDS) } },
    );
  }
}

/** An API answer that means "not now" (5xx, or no answer at all) rather than "no". */
export const isApiUnavailable = (response: Response) => response.status >= 500;

/**
 * The app's answer when the API could not serve this request: thrown from a loader or action it
 * renders the error boundary's "back in a moment" page with 503 and Retry-After. It carries no
 * Set-Cookie: the session stays as it was, and works again once the API is back.
 */
export const unavailable = () =>
  new Response(SERVICE_UNAVAILABLE_MESSAGE, {
    status: 503,
    statusText: "Service Unavailable",
    headers: { "Retry-After": String(APP_RETRY_AFTER_SECONDS), "Content-Type": "text/plain; charset=utf-8" },
  });
