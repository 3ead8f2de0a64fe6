import { timingSafeEqual } from "node:crypto";

/**
 * Checks that a non-GET request comes from the app's own pages (docs/domain.md, Sign-in and sessions): the Origin header
 * must be the app's origin; without Origin, Sec-Fetch-Site must say same-origin. Subdomains of one
 * site share SameSite cookies, so the cookie alone does not prove where a request came from.
 */
export function isSameOrigin(request: Request, appOrigin: string): boolean {
  const origin = request.headers.get("origin");
  if (origin) return origin === appOrigin;
  const site = request.headers.get("sec-fetch-site");
  return site === "same-origin";
}

export function csrfMatches(expected: string | undefined, given: unknown): boolean {
  if (!expected || typeof given !== "string") return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export { safeRedirect } from "../redirect";
