import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";

/** The trusted proxies as a set of addresses and ranges (built once per list). */
const lists = new WeakMap<readonly string[], BlockList>();
function blockListOf(trusted: readonly string[]): BlockList {
  let list = lists.get(trusted);
  if (!list) {
    list = new BlockList();
    for (const entry of trusted) {
      const [address = "", prefix] = entry.split("/");
      const type = isIP(address) === 6 ? "ipv6" : "ipv4";
      if (prefix === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(prefix), type);
    }
    lists.set(trusted, list);
  }
  return list;
}

function isTrusted(address: string, trusted: readonly string[]): boolean {
  const family = isIP(address);
  return family !== 0 && blockListOf(trusted).check(address, family === 6 ? "ipv6" : "ipv4");
}

/**
 * The caller's address for rate limits and logs. X-Forwarded-For is believed only when the
 * connection comes from a configured trusted proxy (the app servers, a load balancer: addresses
 * or CIDR ranges); then the right-most address that is not itself a trusted proxy is the client.
 */
export function clientAddress(
  remote: string | undefined,
  forwardedFor: string | undefined,
  trusted: readonly string[],
) {
  const peer = normalise(remote ?? "unknown");
  if (!forwardedFor || !isTrusted(peer, trusted)) return peer;
  const hops = forwardedFor
    .split(",")
    .map((hop) => normalise(hop.trim()))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i];
    if (hop && !isTrusted(hop, trusted)) return hop;
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
