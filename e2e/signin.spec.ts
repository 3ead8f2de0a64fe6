import { expect, test } from "@playwright/test";
import { landingFor, ROLES } from "@repo/auth/roles";
import { APP_IDS, appOf, appOrigin, expectAccessible, pageUrl, signInWithForm } from "./support";

// Every role signs in at its own app and lands on its own landing page, checked with axe.
for (const role of ROLES) {
  test(`role ${role.id} (${role.demoUsername}) signs in at the ${role.app} app and lands on ${role.landingPath}`, async ({
    page,
  }) => {
    await signInWithForm(page, role.app, role.demoUsername);
    const landing = landingFor(role.id);
    expect(appOf(page.url())).toBe(landing.app);
    expect(new URL(page.url()).pathname).toBe(landing.path);
    // A user with an unverified mobile gets its dialog a moment after landing (a lazy chunk): let it
    // arrive before axe looks, or axe may catch it fading in.
    await page.waitForLoadState("networkidle");
    await expectAccessible(page, `${role.app}${landing.path} as ${role.demoUsername}`);
    await page.screenshot({
      path: `e2e/artifacts/screens/landing-${role.app}-role${role.id}-${role.demoUsername}.png`,
    });
  });
}

// Signing in at another audience's app hands the user over to their own app. The handoff depends
// on the pair of apps, not on the role (landingFor is unit-tested for every role), so each pair of
// apps is crossed once, by the first role of the target app.
for (const from of APP_IDS) {
  for (const role of APP_IDS.filter((to) => to !== from).map((to) => ROLES.find((r) => r.app === to))) {
    if (!role) continue;
    test(`signing in at the ${from} app as ${role.demoUsername} hands over to ${role.app} ${role.landingPath}`, async ({
      page,
    }) => {
      await signInWithForm(page, from, role.demoUsername);
      const landing = landingFor(role.id);
      expect(appOf(page.url())).toBe(landing.app);
      expect(new URL(page.url()).pathname).toBe(landing.path);
    });
  }
}

test("a wrong password shows 'Login failed' and keeps the visitor on the form", async ({ page }) => {
  await page.goto(`${appOrigin("coordinator")}/login`);
  await page.getByLabel("Username").fill("admin");
  await page.locator(`input[name="password"]`).fill("Wrong@12345");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Login failed");
  expect(new URL(page.url()).pathname).toBe("/login");
});

test("signed-out visitors of any page go to login and come back after signing in", async ({ page }) => {
  await page.goto(pageUrl("coordinator", "states", { page: "2" }));
  expect(new URL(page.url()).pathname).toBe("/login");
  expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/regions/states?page=2");
  await page.getByLabel("Username").fill("subadmin");
  await page.locator(`input[name="password"]`).fill("Demo@12345");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/regions\/states\?page=2$/);
  await page.goto(`${appOrigin("coordinator")}/no/such/page`);
  await expect(page.getByText("There is no page at this address")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to my home page" })).toBeVisible();
});

test("unknown paths send signed-out visitors to login", async ({ page }) => {
  await page.goto(`${appOrigin("papersetter")}/no/such/page`);
  expect(new URL(page.url()).pathname).toBe("/login");
});

test("a replayed handoff code fails and leads back to login", async ({ page }) => {
  const handoffs: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/auth/handoff?")) handoffs.push(request.url());
  });
  await signInWithForm(page, "school", "admin");
  expect(appOf(page.url())).toBe("coordinator");
  expect(handoffs).toHaveLength(1);
  const replay = await page.context().browser()?.newContext();
  const fresh = await replay?.newPage();
  await fresh?.goto(handoffs[0] ?? "");
  expect(new URL(fresh?.url() ?? "").pathname).toBe("/login");
  await expect(
    fresh?.getByText("That sign-in link has expired or was already used.") ?? page.locator("none"),
  ).toBeVisible();
  await replay?.close();
});

test("the helper pages exist: /_refresh, /error and /verify-school-email", async ({ page }) => {
  await page.goto(`${appOrigin("school")}/_refresh?to=/login`);
  await expect(page.getByText("Refreshing…")).toBeVisible();
  await page.waitForURL(/\/login$/, { timeout: 10_000 });
  await page.goto(`${appOrigin("school")}/_refresh?to=https://evil.example/`);
  await page.waitForURL((url) => url.origin === appOrigin("school") && url.pathname === "/login", { timeout: 10_000 });
  await page.goto(`${appOrigin("coordinator")}/error`);
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await page.goto(`${appOrigin("school")}/verify-school-email`);
  await expect(page.getByText("This verification link is incomplete.")).toBeVisible();
  await expectAccessible(page);
});
