import type { AppId } from "@repo/auth/apps";

/**
 * `/healthz` resource route: answers 200 while the app's server can serve requests. It does not
 * call the API, so one unhealthy service does not take every app out of a load balancer.
 */
export function healthzLoader(app: AppId) {
  return () =>
    new Response(JSON.stringify({ status: true, message: "OK", data: { service: app } }), {
      headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
    });
}
