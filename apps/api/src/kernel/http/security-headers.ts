import { API_CSP, baseSecurityHeaders } from "@repo/contracts/security-headers";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../context";

/**
 * Every API response (JSON, files, errors, the docs page) gets nosniff, no framing, the
 * referrer and permissions policies, HSTS in production behind https, and a Content-Security-Policy
 * that lets nothing run unless its route chose one (a served file's sandbox, the docs page).
 * docs/decisions/031-security-headers.md.
 */
export function securityHeaders(options: { hsts: boolean }): MiddlewareHandler<AppEnv> {
  const wanted = { ...baseSecurityHeaders(options), "Content-Security-Policy": API_CSP };
  return async (c, next) => {
    await next();
    try {
      c.res.headers.set("X-Content-Type-Options", "nosniff");
    } catch {
      // A response passed on from a fetch has read-only headers: answer a copy.
      c.res = new Response(c.res.body, c.res);
    }
    for (const [name, value] of Object.entries(wanted)) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  };
}
