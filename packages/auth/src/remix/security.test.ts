import { describe, expect, it } from "vitest";
import { csrfMatches, isSameOrigin, safeRedirect } from "./security.server";

const request = (headers: Record<string, string>) =>
  new Request("http://localhost:3002/login", { method: "POST", headers });

describe("request origin checks", () => {
  it("accepts only the app's own origin", () => {
    expect(isSameOrigin(request({ origin: "http://localhost:3002" }), "http://localhost:3002")).toBe(true);
    expect(isSameOrigin(request({ origin: "http://localhost:3001" }), "http://localhost:3002")).toBe(false);
    expect(isSameOrigin(request({ origin: "https://evil.example" }), "http://localhost:3002")).toBe(false);
  });

  it("falls back to Sec-Fetch-Site when there is no Origin header", () => {
    expect(isSameOrigin(request({ "sec-fetch-site": "same-origin" }), "http://localhost:3002")).toBe(true);
    expect(isSameOrigin(request({ "sec-fetch-site": "same-site" }), "http://localhost:3002")).toBe(false);
    expect(isSameOrigin(request({}), "http://localhost:3002")).toBe(false);
  });

  it("compares CSRF tokens exactly", () => {
    expect(csrfMatches("abc123", "abc123")).toBe(true);
    expect(csrfMatches("abc123", "abc124")).toBe(false);
    expect(csrfMatches("abc123", null)).toBe(false);
    expect(csrfMatches(undefined, "abc123")).toBe(false);
  });
});

describe("safeRedirect", () => {
  it("keeps paths inside the app", () => {
    expect(safeRedirect("/regions/zones?page=2", "/")).toBe("/regions/zones?page=2");
    expect(safeRedirect("/admin-dashboard#top", "/")).toBe("/admin-dashboard#top");
  });

  it("refuses anything that could leave the app", () => {
    for (const bad of [
      "https://evil.example",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "regions",
      "",
      null,
      42,
    ]) {
      expect(safeRedirect(bad, "/home"), String(bad)).toBe("/home");
    }
  });
});
