// A module of its own: every app's root error boundary imports it, so whatever it imports is in the
// first view of every page (app-requests.ts pulls in the results' limits).

/**
 * Seconds the apps ask a browser to wait (Retry-After) when the API cannot serve a page: its
 * database restarts (it answers 503) or its process is down (docs/decisions/045-sessions-survive-api-outages.md).
 */
export const APP_RETRY_AFTER_SECONDS = 5;

/** What the apps say then, on the "back in a moment" page and the sign-in form. */
export const SERVICE_UNAVAILABLE_MESSAGE =
  "The portal cannot reach its service right now, usually for a few seconds while it restarts. Please try again in a moment.";
