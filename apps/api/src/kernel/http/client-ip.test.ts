import { isAddressOrRange } from "@repo/auth/proxies";
import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-ip";

describe("client address", () => {
  const trusted = ["127.0.0.1", "10.0.0.5"];

  it("uses the socket address when the peer is not a trusted proxy, ignoring spoofed headers", () => {
    expect(clientAddress("203.0.113.9", "1.2.3.4", trusted)).toBe("203.0.113.9");
  });

  it("believes X-Forwarded-For from a trusted proxy, taking the right-most untrusted hop", () => {
    expect(clientAddress("127.0.0.1", "198.51.100.7", trusted)).toBe("198.51.100.7");
    expect(clientAddress("::ffff:127.0.0.1", "6.6.6.6, 198.51.100.7, 10.0.0.5", trusted)).toBe("198.51.100.7");
  });

  it("trusts whole CIDR ranges (IPv4 and IPv6), and only them", () => {
    const ranges = ["172.30.10.0/24", "fd00:ab::/64"];
    expect(clientAddress("172.30.10.9", "198.51.100.7", ranges)).toBe("198.51.100.7");
    expect(clientAddress("::ffff:172.30.10.200", "198.51.100.7, 172.30.10.3", ranges)).toBe("198.51.100.7");
    expect(clientAddress("fd00:ab::17", "2001:db8::5", ranges)).toBe("2001:db8::5");
    expect(clientAddress("172.30.11.9", "198.51.100.7", ranges)).toBe("172.30.11.9");
    expect(clientAddress("fd00:ac::17", "2001:db8::5", ranges)).toBe("fd00:ac::17");
  });

  it("accepts addresses and ranges as TRUSTED_PROXIES entries, nothing else", () => {
    for (const good of ["10.0.0.5", "::1", "172.30.10.0/24", "fd00::/8", "0.0.0.0/0"]) {
      expect(isAddressOrRange(good), good).toBe(true);
    }
    for (const bad of ["localhost", "10.0.0.0/33", "10.0.0/8", "::1/129", "10.0.0.0/8/1", "10.0.0.0/x"]) {
      expect(isAddressOrRange(bad), bad).toBe(false);
    }
  });

  it("falls back to the peer when every hop is trusted or the header is empty", () => {
    expect(clientAddress("127.0.0.1", "10.0.0.5", trusted)).toBe("127.0.0.1");
    expect(clientAddress("127.0.0.1", undefined, trusted)).toBe("127.0.0.1");
    expect(clientAddress(undefined, undefined, trusted)).toBe("unknown");
  });
});
