import { expect, test } from "@playwright/test";
import { expectAccessible, pageUrl, registerSchoolByApi, signInTo } from "./support";

test("the school deactivates and reactivates itself with the exact dialogs", async ({ page }) => {
  // A school of its own: while the demo school is switched off, other specs running beside this one
  // (its referral code in e2e/sif) would see it gone.
  const stamp = Date.now().toString(36);
  const account = await registerSchoolByApi(
    `e2etoggle${stamp}`,
    `toggle-${stamp}@e2e.example.org`,
    `E2E Toggle School ${stamp}`,
  );
  await signInTo(page, pageUrl("school", "disable-account"), account.username, account.password);
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Deactivate School" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to deactivate the School?");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Deactivate School" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes" }).click();
  const success = page.getByRole("alertdialog");
  await expect(success).toContainText("Success!");
  await expect(success).toContainText("School deactivated successfully!");
  await success.getByRole("button", { name: "OK" }).click();
  await expect(page.getByText("Inactive", { exact: true })).toBeVisible();

  // The signed-in user record follows (a reload reads it from the API again).
  await page.reload();
  await expect(page.getByRole("button", { name: "Activate School" })).toBeVisible();
  await page.getByRole("button", { name: "Activate School" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Are you sure you want to activate the School?");
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("School activated successfully!");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
});

test("only the school account has the toggle: an institute gets 403", async ({ page }) => {
  const response = await signInTo(page, pageUrl("school", "disable-account"), "institute");
  expect(response?.status()).toBe(403);
  await expect(page.getByText("You do not have permission to open this page")).toBeVisible();
});
