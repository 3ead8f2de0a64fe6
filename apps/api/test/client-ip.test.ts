import { describe, expect, it } from "vitest";
import { canonicalAddress, clientAddress, clientNetwork } from "../src/kernel/http/client-ip";
import { perNetwork } from "../src/kernel/rate-limit";

/** One client, one counter (docs/decisions/048-sign-in-limits-that-spare-honest-people.md). */
describe("client addresses for limits", () => {
  it("spells an IPv4 address one way, however IPv6 maps it", () => {
    for (const spelling of ["198.51.100.9", "::ffff:198.51.100.9", "::FFFF:C633:6409", "[::ffff:198.51.100.9]"]) {
      expect(canonicalAddress(spelling)).toBe("198.51.100.9");
      expect(clientNetwork(spelling)).toBe("198.51.100.9");
    }
  });

  it("counts an IPv6 address by its /64, in one spelling", () => {
    expect(clientNetwork("2001:DB8:0:7:1::5")).toBe("2001:db8:0:7::/64");
    expect(clientNetwork("2001:db8::7:ffff:1:2:3")).toBe("2001:db8:0:7::/64");
    expect(clientNetwork("2001:0db8:0000:0007:abcd::1")).toBe("2001:db8:0:7::/64");
    expect(clientNetwork("::1")).toBe("::/64");
    expect(canonicalAddress("2001:0DB8:0:0:0:0:0:1")).toBe("2001:db8::1");
  });

  it("gives every per-address limit (OTP, username checks, registrations) one key per network", () => {
    expect(perNetwork("otp-fail", "2001:db8:1:2::1")).toBe(perNetwork("otp-fail", "2001:db8:1:2:ffff:ffff:ffff:ffff"));
    expect(perNetwork("otp-fail", "2001:db8:1:3::1")).not.toBe(perNetwork("otp-fail", "2001:db8:1:2::1"));
    expect(perNetwork("otp", "::ffff:198.51.100.9")).toBe("otp:ip:198.51.100.9");
  });

  it("keeps what is not an address as it came", () => {
    expect(clientNetwork("unknown")).toBe("unknown");
  });

  it("reads the client behind a trusted proxy in one spelling", () => {
    expect(clientAddress("::ffff:127.0.0.1", "::FFFF:C633:6409", ["127.0.0.1"])).toBe("198.51.100.9");
  });
});
