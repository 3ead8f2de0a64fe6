import { getConnInfo } from "@hono/node-server/conninfo";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";

/**
 * The caller's address for rate limits and logs. X-Forwarded-For is believed only when the
 * connection comes from a configured trusted proxy (the app servers, a load balancer); then the
 * right-most address that is not itself a trusted proxy is the client.
 */
export function clientAddress(
  remote: string | undefined,
  forwardedFor: string | undefined,
  trusted: readonly string[],
) {
  const peer = normalise(remote ?? "unknown");
  if (!forwardedFor || !trusted.includes(peer)) return peer;
  const hops = forwardedFor
    .split(",")
    .map((hop) => normalise(hop.trim()))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i];
    if (hop && !trusted.includes(hop)) return hop;
  }
  return peer;
}

function normalise(address: string): string {
  return address.startsWith("::ffff:") ? address.slice(7) : address;
}

export const clientIp = createMiddleware<AppEnv>(async (c, next) => {
  let remote: string | undefined;
  try {
    remote = getConnInfo(c).remote.address;
  } catch {
    remote = undefined; // in-process requests (tests) have no socket
  }
  c.set("clientIp", clientAddress(remote, c.req.header("x-forwarded-for"), c.var.services.config.trustedProxies));
  await next();
});
