import { expect, test } from "@playwright/test";
import { API, APP_IDS, appOrigin, expectAccessible, hydrated } from "./support";

for (const app of APP_IDS) {
  test(`${app} app server-renders its sign-in page styled by the design system`, async ({ page }) => {
    // The server's HTML alone (before any script runs) must already carry the Stitches CSS.
    const response = await page.request.get(`${appOrigin(app)}/login`);
    expect(response.status()).toBe(200);
    expect(await response.text()).toMatch(/<style id="stitches">[^<]*--colors-primary:#50CD89/i);

    await page.goto(`${appOrigin(app)}/login`);
    await hydrated(page);
    // The sign-in button is a Stitches-styled element filled with the primary colour #50CD89.
    await expect(page.getByRole("button", { name: "Sign in" })).toHaveCSS("background-color", "rgb(80, 205, 137)");
    await expectAccessible(page);
  });

  test(`${app} app answers /healthz`, async ({ request }) => {
    const response = await request.get(`${appOrigin(app)}/healthz`);
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: true, message: "OK", data: { service: app } });
  });
}

test("the API answers /api/health with its database up", async ({ request }) => {
  const response = await request.get(`${API}/api/health`);
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: true, data: { database: { ok: true, driver: "pglite" } } });
});
