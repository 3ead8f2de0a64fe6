import { expect, type Page, test } from "@playwright/test";
import { API, apiToken, appOrigin, expectAccessible, hydrated, mailsTo, registerSchoolByApi } from "./support";

const SCREENS = "e2e/artifacts/screens";
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}/forgot-${name}.png`, fullPage: true });
const NEW_PASSWORD = "Fresh@2026pw";

/** The links of the reset mails to `address`, once `count` of them have arrived (oldest first). */
async function resetLinks(address: string, count = 1): Promise<string[]> {
  const links = async () =>
    (await mailsTo(address))
      .map((mail) => mail.html.match(/href="([^"]*\/reset-password\?token=[^"]+)"/)?.[1]?.replace(/&amp;/g, "&"))
      .filter((link): link is string => Boolean(link));
  await expect.poll(async () => (await links()).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  return links();
}

/** From the sign-in page to the "check your e-mail" answer, as a person does it. */
async function askForLink(page: Page, app: "school" | "coordinator", login: string, scripted = true) {
  await page.goto(`${appOrigin(app)}/login`);
  if (scripted) await hydrated(page);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Username or e-mail address").fill(login);
  await page.getByRole("button", { name: "E-mail me a link" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
}

/** The new-password form: a refused password keeps the form, a good one leads to sign in. */
async function chooseNewPassword(page: Page, username: string) {
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expect(page.getByText(`For the account ${username}.`)).toBeVisible();
  await page.locator('input[name="new_password"]').fill("weakpassword");
  await page.locator('input[name="confirm_password"]').fill("weakpassword");
  await page.getByRole("button", { name: "Change the password" }).click();
  await expect(page.locator('input[name="new_password"]')).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert")).toContainText("Check the new password.");
  await page.locator('input[name="new_password"]').fill(NEW_PASSWORD);
  await page.locator('input[name="confirm_password"]').fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change the password" }).click();
  await expect(page).toHaveURL(/\/login\?notice=password-changed/);
  await expect(page.getByRole("status")).toContainText("Your password was changed");
  await expect(page.getByLabel("Username")).toHaveValue(username);
}

async function signInWithNewPassword(page: Page) {
  await page.locator('input[name="password"]').fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login") && !url.pathname.startsWith("/auth/"));
}

test("a school that forgot its password gets a link by mail, chooses a new one and signs in (school app)", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const username = `forgot${stamp}`;
  const email = `forgot-${stamp}@e2e.example.org`;
  const { password } = await registerSchoolByApi(username, email, `Forgot Vidyalaya ${stamp}`);

  await page.goto(`${appOrigin("school")}/login`);
  await hydrated(page);
  await shot(page, "login-link");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await hydrated(page);
  await expectAccessible(page, "/forgot-password");
  await shot(page, "ask");
  // An empty form names its field.
  await page.getByLabel("Username or e-mail address").fill(" ");
  await page.getByRole("button", { name: "E-mail me a link" }).click();
  await expect(page.getByText("Enter your username or e-mail address").last()).toBeVisible();

  // An unknown account gets the same answer as a real one.
  await page.getByLabel("Username or e-mail address").fill(`nobody${stamp}`);
  await page.getByRole("button", { name: "E-mail me a link" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  const unknownAnswer = await page.getByRole("status").textContent();

  await askForLink(page, "school", username);
  expect(await page.getByRole("status").textContent()).toBe(unknownAnswer);
  await expectAccessible(page, "/forgot-password (sent)");
  await shot(page, "sent");

  const [link] = await resetLinks(email);
  expect(link?.startsWith(`${appOrigin("school")}/reset-password?token=`)).toBe(true);
  await page.goto(link ?? "");
  await hydrated(page);
  await expectAccessible(page, "/reset-password");
  await shot(page, "choose");
  await chooseNewPassword(page, username);
  await shot(page, "signed-out-notice");
  // The old password is over; the new one signs in.
  expect(
    (
      await fetch(`${API}/api/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username, password }),
      })
    ).status,
  ).toBe(401);
  await signInWithNewPassword(page);
  await expect
    .poll(async () => (await mailsTo(email)).some((mail) => /password was changed/.test(mail.subject)))
    .toBe(true);

  // The link works once.
  await page.goto(link ?? "");
  await expect(page.getByRole("heading", { name: "This link was already used" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Send a new link" })).toBeVisible();
  await expectAccessible(page, "/reset-password (used)");
  await shot(page, "used");
  await page.goto(`${appOrigin("school")}/reset-password?token=${"x".repeat(43)}`);
  await expect(page.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
  await shot(page, "unknown");
});

test("a coordinator asks twice by e-mail address: the older link says a newer one was sent (coordinator app)", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const username = `forgotco${stamp}`;
  const email = `forgot-co-${stamp}@e2e.example.org`;
  const created = await fetch(`${API}/api/coordinators/add`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${await apiToken("admin", "coordinator")}` },
    body: JSON.stringify({ name: "Forgetful Coordinator", email, role_id: 7, username }),
  });
  expect(created.ok, await created.clone().text()).toBe(true);

  await askForLink(page, "coordinator", email.toUpperCase());
  // The first link is taken before the second is asked for: two mails sent close together may
  // reach the mail sink in either order.
  const [older] = await resetLinks(email, 1);
  await page.getByRole("button", { name: "Send a new link" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  const newer = (await resetLinks(email, 2)).find((link) => link !== older);
  expect(newer?.startsWith(`${appOrigin("coordinator")}/reset-password?token=`)).toBe(true);

  await page.goto(older ?? "");
  await expect(page.getByRole("heading", { name: "A newer link was sent" })).toBeVisible();
  await expect(page.getByText("use the link from the latest e-mail")).toBeVisible();
  await expectAccessible(page, "/reset-password (superseded)");
  await shot(page, "superseded");

  await page.goto(newer ?? "");
  await hydrated(page);
  await chooseNewPassword(page, username);
  await signInWithNewPassword(page);
  await expect(page).toHaveURL(new RegExp(`^${appOrigin("coordinator")}/`));
});

test("a student without e-mail is pointed to the school or a texted code (phone)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${appOrigin("school")}/forgot-password`);
  await hydrated(page);
  await expect(page.getByText("Your school can print you a sign-in slip")).toBeVisible();
  await shot(page, "ask-phone");
  await page.getByLabel("Username or e-mail address").fill(`nostudent${Date.now().toString(36)}`);
  await page.getByRole("button", { name: "Text me a code" }).click();
  await expect(page.getByRole("heading", { name: "Enter the code we texted" })).toBeVisible();
  await expectAccessible(page, "/forgot-password (code)");
  await shot(page, "code-phone");
  await page.getByLabel("6-digit code").fill("123456");
  await page.getByRole("button", { name: "Check the code" }).click();
  await expect(page.getByRole("alert")).toContainText("The code is not correct or has expired");
  await shot(page, "code-wrong-phone");
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the whole forgotten-password journey works as plain HTML forms (school app)", async ({ page }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const username = `forgotnojs${stamp}`;
    const email = `forgot-nojs-${stamp}@e2e.example.org`;
    await registerSchoolByApi(username, email, `No Script Vidyalaya ${stamp}`);

    await askForLink(page, "school", username, false);
    await shot(page, "sent-nojs");
    const [link] = await resetLinks(email);
    await page.goto(link ?? "");
    await shot(page, "choose-nojs");
    // A confirmation that differs is named on its field.
    await page.locator('input[name="new_password"]').fill(NEW_PASSWORD);
    await page.locator('input[name="confirm_password"]').fill("Fresh@2026px");
    await page.getByRole("button", { name: "Change the password" }).click();
    await expect(page.getByText("Password do not match")).toBeVisible();
    await shot(page, "mismatch-nojs");
    await chooseNewPassword(page, username);
    await signInWithNewPassword(page);
    await expect(page).toHaveURL(new RegExp(`^${appOrigin("school")}/`));
  });
});
