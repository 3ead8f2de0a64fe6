import { timingSafeEqual } from "node:crypto";

/**
 * Checks that a non-GET request comes from the app's own pages (docs/domain.md, Sign-in and sessions): the Origin header
 * must be the app's origin; without Origin, Sec-Fetch-Site must say same-origin. Subdomains of one
 * site share SameSite cookies, so the cookie alone does not prove where a request came from.
 */
export function isSameOrigin(request: Request, appOrigin: string): boolean {
  return originAllowed(request.headers.get("origin"), request.headers.get("sec-fetch-site"), appOrigin);
}

/** The same check on the two header values (the app server's request gate has no Request object). */
export function originAllowed(origin: string | null, secFetchSite: string | null, appOrigin: string): boolean {
  if (origin) return origin === appOrigin;
  return secFetchSite === "same-origin";
}

export function csrfMatches(expected: string | undefined, given: unknown): boolean {
  if (!expected || typeof given !== "string") return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export { safeRedirect } from "../redirect";
