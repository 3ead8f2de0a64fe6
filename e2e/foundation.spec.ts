import { expect, test } from "@playwright/test";
import { appUrl } from "../playwright.config";

const apps = [
  { app: "school", port: 3001, title: "School Portal", audience: "Schools, institutes and students" },
  { app: "coordinator", port: 3002, title: "Coordinator Portal", audience: "Administrators and coordinators" },
  { app: "papersetter", port: 3003, title: "Paper Setter", audience: "Paper setters and translators" },
  { app: "outbox", port: 3004, title: "Outbox", audience: "Programme mail" },
] as const;

for (const { app, port, title, audience } of apps) {
  test(`${app} app server-renders a page styled by the design system`, async ({ page }) => {
    // The server's HTML alone (before any script runs) must already carry the Stitches CSS.
    const response = await page.request.get(`${appUrl(port)}/`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<style id="stitches">[^<]*--colors-primary:#50CD89/);

    await page.goto(`${appUrl(port)}/`);
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    const heading = page.getByRole("heading", { name: title });
    await expect(heading).toBeVisible();
    // The badge is a Stitches-styled element whose text takes the primary colour #50CD89.
    const badge = page.getByText(audience, { exact: true });
    await expect(badge).toHaveCSS("color", "rgb(80, 205, 137)");
    await page.screenshot({ path: `e2e/artifacts/screens/${app}-home.png`, fullPage: true });
  });

  test(`${app} app answers /healthz`, async ({ request }) => {
    const response = await request.get(`${appUrl(port)}/healthz`);
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: true, message: "OK", data: { service: app } });
  });
}

test("the API answers /api/health with its database up", async ({ request }) => {
  const response = await request.get(`http://127.0.0.1:${4000 + 100}/api/health`);
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: true, data: { database: { ok: true, driver: "pglite" } } });
});
