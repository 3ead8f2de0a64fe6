import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { appOrigin, expectAccessible, hydrated, signIn } from "./support";

async function openProfile(page: Page) {
  await page
    .getByRole("button", { name: /account menu|user menu|admin|Hi,/i })
    .first()
    .click();
  await page.getByRole("button", { name: "My Profile" }).click();
  await expect(page.getByRole("dialog", { name: "My Profile" })).toBeVisible();
}

test("sign-out shows the overlay for at least 4 s, revokes the sign-in, and Back shows login", async ({ page }) => {
  await signIn(page, "papersetter", "subject");
  await page
    .getByRole("button", { name: /account menu|user menu|subject|Hi,/i })
    .first()
    .click();
  const started = Date.now();
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByText("Signing out…")).toBeVisible();
  await page.waitForURL(/\/login/, { timeout: 15_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(4000);
  await expect(page.getByText("You have signed out.")).toBeVisible();
  await page.goBack();
  await hydrated(page);
  expect(new URL(page.url()).pathname).toBe("/login");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
});

test("change password: every rule's message, the server's answer, and the new password works", async ({ page }) => {
  await signIn(page, "papersetter", "translator");
  await openProfile(page);
  await page.getByRole("button", { name: "Change Password" }).click();
  const dialog = page.getByRole("dialog", { name: "Change Password" });
  const current = dialog.getByLabel("Current password");
  const fresh = dialog.getByLabel("New password", { exact: true });
  const confirm = dialog.getByLabel("Confirm new password");
  const submit = dialog.getByRole("button", { name: "Change Password" });
  await expect(submit).toBeDisabled();

  await current.fill("x");
  await current.fill("");
  await current.blur(); // touched: its error shows now
  await expect(dialog.getByText("Password is required")).toBeVisible();
  await fresh.fill("Ab1!");
  await expect(dialog.getByText("Password should have at least 8 symbols")).toBeVisible();
  await fresh.fill(`Aa1!${"x".repeat(97)}`);
  await expect(dialog.getByText("Password should have maximum 100 symbols")).toBeVisible();
  await fresh.fill("nouppercase1!");
  await expect(
    dialog.getByText("Password should have at least one uppercase, one lowercase, one special character, one number"),
  ).toBeVisible();
  await fresh.fill("Better#2026");
  await confirm.fill("Better#2027");
  await expect(dialog.getByText("Password do not match")).toBeVisible();
  await current.fill("Better#2026");
  await confirm.fill("Better#2026");
  await expect(dialog.getByText("Current password cannot be used as new password.")).toBeVisible();
  await expect(submit).toBeDisabled();

  // A wrong current password passes the form's rules; the server's answer is shown.
  await current.fill("Wrong@12345");
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(dialog.getByText("The current password is not correct")).toBeVisible();

  await current.fill("Demo@12345");
  await submit.click();
  await expect(dialog.getByText("Password changed successfully")).toBeVisible();
  await expectAccessible(page);

  // The new password signs in; put the demo password back for other tests.
  const other = await page.context().browser()?.newContext();
  const second = await other?.newPage();
  if (!second) throw new Error("no second page");
  await signIn(second, "papersetter", "translator", "Better#2026");
  expect(new URL(second.url()).pathname).toBe("/paper-editor-admin/level1-dashboard");
  await openProfile(second);
  await second.getByRole("button", { name: "Change Password" }).click();
  const again = second.getByRole("dialog", { name: "Change Password" });
  await again.getByLabel("Current password").fill("Better#2026");
  await again.getByLabel("New password", { exact: true }).fill("Demo@12345");
  await again.getByLabel("Confirm new password").fill("Demo@12345");
  await again.getByRole("button", { name: "Change Password" }).click();
  await expect(again.getByText("Password changed successfully")).toBeVisible();
  await other?.close();
});

test("update profile with a photo: the preview, then the avatar in the header", async ({ page }) => {
  await signIn(page, "coordinator", "lms");
  await openProfile(page);
  await page.getByRole("button", { name: "Update Profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Update Profile" });
  await dialog.getByLabel("Full name").fill("Leela Menon");
  await dialog.getByLabel("Designation").fill("Content lead");
  await dialog.getByLabel("Team").fill("LMS");
  const png = readFileSync(new URL("./fixtures/photo.png", import.meta.url));
  await dialog.locator('input[type="file"]').setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: png });
  await expect(dialog.locator('img[src^="blob:"]')).toBeVisible(); // the preview of the chosen photo
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Profile updated successfully")).toBeVisible();
  await page.keyboard.press("Escape");
  const avatar = page.locator('img[src^="/avatar/"]').first();
  await expect(avatar).toBeVisible();
  const photo = await page.request.get(`${appOrigin("coordinator")}${await avatar.getAttribute("src")}`);
  expect(photo.status()).toBe(200);
  expect(photo.headers()["content-type"]).toBe("image/png");
  await openProfile(page);
  await expect(page.getByRole("dialog", { name: "My Profile" }).getByText("Leela Menon")).toBeVisible();
});

test("the optional mobile step appears when the API reports an unverified number", async ({ page }) => {
  await signIn(page, "coordinator", "paysupport");
  const dialog = page.getByRole("dialog", { name: "Verify your mobile number" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("+919800000005");
  await expectAccessible(page, "mobile verification dialog");
  await dialog.getByRole("button", { name: "Send code" }).click();
  await expect(dialog.getByText("We sent a code to +919800000005")).toBeVisible();
  const code = dialog.getByLabel("Code");
  await code.fill("12ab");
  await expect(code).toHaveValue("12");
  await code.fill("000000");
  await dialog.getByRole("button", { name: "Verify" }).click();
  // The real code came by SMS; the API's answer to a wrong one is shown on the field.
  await expect(dialog.getByText(/The code is not correct|This code has expired/)).toBeVisible();
  await page.keyboard.press("Escape");
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("dialog", { name: "Verify your mobile number" })).toHaveCount(0);
});

test("the layout chosen in the user menu survives signing out", async ({ page }) => {
  await signIn(page, "coordinator", "zonal");
  const shell = page.locator("[data-layout]").first();
  await expect(shell).toHaveAttribute("data-layout", "light-sidebar");
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("button", { name: "Layout: Light sidebar" }).click();
  await expect(shell).toHaveAttribute("data-layout", "dark-header");
  await page.keyboard.press("Escape"); // close the user menu; the layout switch keeps it open
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("button", { name: "Sign Out" }).click();
  // The sign-out's 4 s overlay is the first test's; here the form it then posts is sent at once.
  await expect(page.getByText("Signing out…")).toBeVisible();
  await page.locator('form[action="/logout"]').evaluate((form: HTMLFormElement) => form.requestSubmit());
  await page.waitForURL(/\/login/, { timeout: 15_000 });
  await signIn(page, "coordinator", "zonal");
  await expect(page.locator("[data-layout]").first()).toHaveAttribute("data-layout", "dark-header");
});
