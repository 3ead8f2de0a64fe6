import { API_CSP, HSTS, PERMISSIONS_POLICY, REFERRER_POLICY, sendsHsts } from "@repo/contracts/security-headers";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { startTestApi, type TestApi } from "./support";

/** The headers every API response carries (docs/decisions/031-security-headers.md). */
function expectHardened(headers: Headers, what: string) {
  expect(headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(headers.get("x-frame-options"), what).toBe("DENY");
  expect(headers.get("referrer-policy"), what).toBe(REFERRER_POLICY);
  expect(headers.get("permissions-policy"), what).toBe(PERMISSIONS_POLICY);
  expect(headers.get("content-security-policy"), what).toMatch(/frame-ancestors 'none'|sandbox/);
}

describe("security headers of the API", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi("pglite");
  });
  afterAll(async () => {
    await api?.close();
  });

  it("sends them with JSON, errors and unknown addresses, letting nothing run", async () => {
    const token = await api.login("school");
    const answers = [
      await api.call("GET", "/api/health"),
      await api.call("GET", "/api/user", { token }),
      await api.call("GET", "/api/user"),
      await api.call("GET", "/api/no-such-thing"),
      await api.call("POST", "/api/login", { json: { username: "school" } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 401, 404, 400]);
    for (const answer of answers) {
      expectHardened(answer.headers, `${answer.status}`);
      expect(answer.headers.get("content-security-policy")).toBe(API_CSP);
      expect(answer.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("keeps the reference page working: its own script and styles only, no inline script", async () => {
    const page = await api.app.request("/api/docs");
    expectHardened(page.headers, "/api/docs");
    const policy = page.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(await page.text()).not.toMatch(/<script>/);
  });

  it("serves a stored file in a sandbox, as what it is, never sniffed", async () => {
    const token = await api.login("subject", "papersetter");
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    const form = new FormData();
    form.set("full_name", "Subject Expert");
    form.set("profile_photo", new File([png], "me.png"));
    expect((await api.call("POST", "/api/update-profile", { token, body: form })).status).toBe(200);
    const photo = await api.call("GET", "/api/user/photo", { token });
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/png");
    expectHardened(photo.headers, "photo");
    expect(photo.headers.get("content-security-policy")).toContain("sandbox");
  });

  it("adds HSTS only in production behind https", async () => {
    expect(sendsHsts("production", "https://school.example.org")).toBe(true);
    expect(sendsHsts("production", "http://localhost:3001")).toBe(false);
    expect(sendsHsts("development", "https://school.example.org")).toBe(false);
    const services = { ...api.services, config: { ...api.services.config, hsts: true } };
    const app = createApp({ services, logger: pino({ level: "silent" }), version: "test" });
    const answer = await app.request("/api/health");
    expect(answer.headers.get("strict-transport-security")).toBe(HSTS);
    expectHardened(answer.headers, "production");
  });
});
