import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import type { AppId } from "@repo/auth/apps";
import { DOCUMENT_CACHE_CONTROL, PERMISSIONS_POLICY, REFERRER_POLICY } from "@repo/contracts/security-headers";
import { API, APP_IDS, appOrigin, hydrated, pageUrl, signIn, signInTo } from "./support";

// Security headers read from the real responses of the built apps and API, and the browser's own
// word that the Content-Security-Policy blocks nothing the portal does (docs/decisions/031).

const PNG = readFileSync(new URL("./fixtures/photo.png", import.meta.url));

/** A Content-Security-Policy as directive → sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = "", ...sources]) => [name, sources]),
  );
}

function expectCommonHeaders(headers: Record<string, string>, what: string) {
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["referrer-policy"], what).toBe(REFERRER_POLICY);
  expect(headers["permissions-policy"], what).toBe(PERMISSIONS_POLICY);
  // The e2e portal runs on http: HSTS only goes out in production behind https.
  expect(headers["strict-transport-security"], what).toBeUndefined();
}

/** Every message the browser logs about a blocked resource or script, on any page of `page`. */
function watchPolicy(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Permissions.Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on("pageerror", (error) => violations.push(`page error: ${error.message}`));
  return violations;
}

for (const app of APP_IDS) {
  test(`${app}: every document has a fresh nonce its inline scripts carry, and no inline script runs without it`, async ({
    page,
  }) => {
    const first = await page.request.get(`${appOrigin(app)}/login`);
    const second = await page.request.get(`${appOrigin(app)}/login`);
    expect(first.status()).toBe(200);
    const headers = first.headers();
    expectCommonHeaders(headers, `${app} /login`);
    const policy = directives(headers["content-security-policy"] ?? "");
    const scripts = policy.get("script-src") ?? [];
    const nonce = /^'nonce-([A-Za-z0-9+/=]{20,})'$/.exec(scripts.find((s) => s.startsWith("'nonce-")) ?? "")?.[1];
    expect(nonce, "a nonce in script-src").toBeTruthy();
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    // Every inline script of the page carries the nonce of its own response, and it is new each time.
    const html = await first.text();
    const inline = [...html.matchAll(/<script\b([^>]*)>(?!<\/script>)/g)].filter((m) => !/\bsrc=/.test(m[1] ?? ""));
    expect(inline.length).toBeGreaterThanOrEqual(2);
    for (const match of inline) expect(match[1]).toContain(`nonce="${nonce}"`);
    expect(second.headers()["content-security-policy"]).not.toContain(nonce);

    // Static assets and resource routes have the common headers too.
    const asset = /<link rel="modulepreload" href="([^"]+)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    expectCommonHeaders((await page.request.get(`${appOrigin(app)}${asset}`)).headers(), `${app} ${asset}`);
    expectCommonHeaders((await page.request.get(`${appOrigin(app)}/healthz`)).headers(), `${app} /healthz`);

    // The policy is enforced: the page hydrates, and a script injected without the nonce is refused.
    const violations = watchPolicy(page);
    await page.goto(`${appOrigin(app)}/login`);
    await hydrated(page);
    expect(violations).toEqual([]);
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.head.append(script);
    });
    expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
    await expect.poll(() => violations.join("\n")).toMatch(/Content Security Policy/);
  });
}

test("the API: nosniff and no framing on JSON, and a reference page that works under its policy", async ({ page }) => {
  const health = await page.request.get(`${API}/api/health`);
  expectCommonHeaders(health.headers(), "/api/health");
  expect(directives(health.headers()["content-security-policy"] ?? "").get("default-src")).toEqual(["'none'"]);
  const missing = await page.request.get(`${API}/api/no-such-thing`);
  expect(missing.status()).toBe(404);
  expectCommonHeaders(missing.headers(), "404");

  const violations = watchPolicy(page);
  const docs = await page.goto(`${API}/api/docs`);
  expectCommonHeaders(docs?.headers() ?? {}, "/api/docs");
  expect(directives(docs?.headers()["content-security-policy"] ?? "").get("frame-ancestors")).toEqual(["'none'"]);
  // Swagger UI ran (its script) and read the document (connect-src); it is slow on a busy machine.
  await expect(page.getByRole("heading", { name: /Exam Portal API/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("/api/login").first()).toBeVisible();
  expect(violations).toEqual([]);
});

/** Opens My Profile's edit dialog, picks a photo (its preview is a blob: picture) and closes it again. */
async function profileDialog(page: Page, app: AppId, save = false) {
  await page.goto(pageUrl(app, "view-profile"));
  await hydrated(page);
  await page.getByRole("button", { name: "Edit profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Update Profile" });
  await dialog.locator('input[type="file"]').setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: PNG });
  await expect(dialog.locator('img[src^="blob:"]')).toBeVisible();
  if (save) {
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("Profile updated successfully")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.locator('img[src^="/avatar/"]').first()).toBeVisible();
  } else {
    await dialog.getByRole("button", { name: "Back" }).click();
  }
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

/** A chart: nivo draws it lazily into the figure's picture. */
async function chartDrawn(page: Page) {
  await expect(page.locator("figure [role=img] svg").first()).toBeVisible();
}

test("school: the signed-in pages (dashboard, a chart, a dialog with a file) break no policy", async ({ page }) => {
  const violations = watchPolicy(page);
  await signIn(page, "school", "school");
  const document = await page.request.get(pageUrl("school", "statistics"));
  expect(document.headers()["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
  // A signed-in page is kept in no cache (what Back after signing out shows: e2e/account.spec.ts).
  expect(document.headers()["cache-control"]).toBe(DOCUMENT_CACHE_CONTROL);
  await page.goto(pageUrl("school", "statistics"));
  await hydrated(page);
  await chartDrawn(page);
  await profileDialog(page, "school");
  // A client-side navigation loads its route's code under the first document's policy.
  await page.getByRole("navigation", { name: "Main" }).locator("a[href]").first().click();
  await hydrated(page);
  expect(violations).toEqual([]);
});

test("coordinator: the admin's dashboard charts and a dialog with a file break no policy", async ({ page }) => {
  const violations = watchPolicy(page);
  await signInTo(page, pageUrl("coordinator", "dashboard"), "admin");
  await chartDrawn(page);
  await profileDialog(page, "coordinator");
  expect(violations).toEqual([]);
});

test("papersetter and outbox: pages, a dialog and an upload break no policy", async ({ page }) => {
  const violations = watchPolicy(page);
  await signIn(page, "papersetter", "psadmin");
  await profileDialog(page, "papersetter");
  await signInTo(page, pageUrl("outbox", "templates"), "outbox");
  await profileDialog(page, "outbox", true);
  expect(violations).toEqual([]);
});
