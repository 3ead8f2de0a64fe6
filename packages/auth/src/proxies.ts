import { isIP } from "node:net";
import { z } from "zod";

/** `10.0.0.5`, `::1` or a range `172.30.10.0/24`: a trusted proxy's address (TRUSTED_PROXIES, TRUST_PROXY). */
export function isAddressOrRange(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** The ranges Express (proxy-addr) knows by name. */
const NAMED_RANGES = ["loopback", "linklocal", "uniquelocal"];

const TRUST_PROXY_FIX =
  "must be a hop count (1: the one proxy in front), or comma-separated addresses, CIDR ranges or loopback, linklocal, uniquelocal (172.30.10.0/24)";

/**
 * An app's TRUST_PROXY as Express's "trust proxy" takes it, parsed once here: a whole number is a
 * hop count and is handed over as a number (Express reads the string "1" as an address, and would
 * then believe nobody); anything else is a list of addresses, CIDR ranges and range names. `true`
 * (believe every hop, so a browser could name any address) is refused (docs/decisions/044).
 */
export const trustProxyVar = z
  .string()
  .default("loopback")
  .transform((value, context): number | string[] => {
    const text = value.trim();
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(",").map((entry) => entry.trim());
    if (entries.length > 0 && entries.every((entry) => NAMED_RANGES.includes(entry) || isAddressOrRange(entry))) {
      return entries;
    }
    context.addIssue({ code: "custom", message: TRUST_PROXY_FIX });
    return z.NEVER;
  });
