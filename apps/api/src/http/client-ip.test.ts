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

  it("falls back to the peer when every hop is trusted or the header is empty", () => {
    expect(clientAddress("127.0.0.1", "10.0.0.5", trusted)).toBe("127.0.0.1");
    expect(clientAddress("127.0.0.1", undefined, trusted)).toBe("127.0.0.1");
    expect(clientAddress(undefined, undefined, trusted)).toBe("unknown");
  });
});
