import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../context";

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
  const peer = canonicalAddress(remote ?? "unknown");
  if (!forwardedFor || !isTrusted(peer, trusted)) return peer;
  const hops = forwardedFor
    .split(",")
    .map((hop) => canonicalAddress(hop))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i];
    if (hop && !isTrusted(hop, trusted)) return hop;
  }
  return peer;
}

/** The 8 groups of an IPv6 address (an embedded IPv4 tail as two), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address;
  const v4 = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (v4?.[1] && v4[2]) {
    const [a = 0, b = 0, c = 0, d = 0] = v4[2].split(".").map(Number);
    text = `${v4[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail, ...more] = text.split("::");
  if (more.length > 0) return undefined;
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...right];
  return groups.map((group) => Number.parseInt(group, 16));
}

/**
 * One spelling per address, so that one client is one counter: IPv4 as is, an IPv4-mapped IPv6
 * address (`::ffff:1.2.3.4`, `::ffff:102:304`) as its IPv4, other IPv6 lower-case and compressed
 * the way URLs print it. Anything else (no address) is kept as it came.
 */
export function canonicalAddress(raw: string): string {
  const address = raw.trim().replace(/^\[(.*)\]$/, "$1");
  const family = isIP(address);
  if (family === 4) return address;
  if (family !== 6) return raw.trim();
  const groups = ipv6Groups(address.replace(/%.*$/, ""));
  if (!groups) return address.toLowerCase();
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
  }
  return new URL(`http://[${groups.map((g) => g.toString(16)).join(":")}]`).hostname.slice(1, -1);
}

/**
 * The network a per-address limit counts (docs/decisions/048-sign-in-limits-that-spare-honest-people.md):
 * an IPv4 address, or an IPv6 address's /64 (`2001:db8:1:2::/64`), which one subscriber holds
 * whole and can hop through at will.
 */
export function clientNetwork(address: string): string {
  const canonical = canonicalAddress(address);
  if (isIP(canonical) !== 6) return canonical;
  const groups = ipv6Groups(canonical) ?? [];
  const prefix = new URL(`http://[${[...groups.slice(0, 4), 0, 0, 0, 0].map((g) => g.toString(16)).join(":")}]`);
  return `${prefix.hostname.slice(1, -1)}/64`;
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
