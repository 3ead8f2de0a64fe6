/**
 * The security headers every response of the portal carries, apps and API alike
 * (docs/decisions/031-security-headers.md). The documents' Content-Security-Policy is built per
 * request (it holds a nonce) by packages/remix-app; the API's JSON gets API_CSP.
 */

/** Links to other sites carry no path or query (they may hold ids); the portal's own pages do. */
export const REFERRER_POLICY = "same-origin";

/**
 * Powerful browser features no page of the portal uses, turned off for it and every frame it
 * holds. Fullscreen and media stay at the browser's default (self, and frames it allows): the
 * lecture player needs them.
 */
export const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "usb=()",
  "serial=()",
  "hid=()",
  "midi=()",
  "display-capture=()",
  "browsing-topics=()",
].join(", ");

/** A year; sent only in production behind https (a browser ignores it over http anyway). */
export const HSTS = "max-age=31536000; includeSubDomains";

/** JSON, files and errors: nothing in them may run, load anything or be framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox";

/**
 * Pages: a browser keeps no copy. A page can show what only its signed-in user may see, and Back
 * after signing out reloads a document from the browser's cache when one is kept, so the next
 * person at a shared computer would see it; without a copy the server is asked and sends to login.
 */
export const DOCUMENT_CACHE_CONTROL = "no-store";

/** Whether responses get HSTS: production, served over https. */
export const sendsHsts = (nodeEnv: string, origin: string) => nodeEnv === "production" && origin.startsWith("https:");

/** The headers of every response (documents, assets, files, JSON) besides its Content-Security-Policy. */
export function baseSecurityHeaders(options: { hsts: boolean }): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    // Older browsers that do not read frame-ancestors.
    "X-Frame-Options": "DENY",
    "Referrer-Policy": REFERRER_POLICY,
    "Permissions-Policy": PERMISSIONS_POLICY,
    ...(options.hsts ? { "Strict-Transport-Security": HSTS } : {}),
  };
}
