import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support";

describe("GET /api/docs", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi("pglite");
  });
  afterAll(async () => {
    await api?.close();
  });

  it("serves a browsable reference whose scripts and styles come from the API itself", async () => {
    const page = await api.app.request("/api/docs");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Exam Portal API reference");
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? "");
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) {
      expect(asset.startsWith("/api/docs/"), asset).toBe(true); // nothing from a CDN
      const response = await api.app.request(asset);
      expect(response.status, asset).toBe(200);
      expect((await response.arrayBuffer()).byteLength, asset).toBeGreaterThan(50);
    }
    expect((await api.app.request("/api/docs/../../package.json")).status).toBe(404);
    expect((await api.app.request("/api/docs/index.html")).status).toBe(404);
  });
});
