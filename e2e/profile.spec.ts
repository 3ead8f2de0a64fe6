import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, hydrated, pageUrl, signIn, signInTo } from "./support";

/** The details card, the contact card and the school or region card of /view-profile, by their names. */
const card = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** Signs in as `username` straight to /view-profile. */
async function openProfilePage(page: Page, app: "school" | "coordinator", username: string) {
  await signInTo(page, pageUrl(app, "view-profile"), username);
  await expect(page.getByRole("heading", { name: "My Profile", level: 1 })).toBeVisible();
}

test.describe("a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("a student's own page: its details, its school, and the two dialogs, at 360 px", async ({ page }) => {
    await openProfilePage(page, "school", "student");
    const details = card(page, "Demo Student");
    await expect(details).toContainText("Student");
    await expect(details.getByRole("img", { name: "Demo Student" })).toBeVisible();
    await expect(details.getByRole("definition").filter({ hasText: /^student$/ })).toBeVisible();
    const contact = card(page, "Contact details");
    await expect(contact).toContainText("student@demo.example.org");
    await expect(contact).toContainText("Not added");
    await expect(card(page, "School")).toContainText("Jnana Prabodhini Prashala, Pune");
    // Nothing runs off the side of a 360 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, "the student's profile at 360 px");

    await page.getByRole("button", { name: "Edit profile" }).click();
    const edit = page.getByRole("dialog", { name: "Update Profile" });
    await expect(edit.getByLabel("Full name")).toHaveValue("Demo Student");
    await expectAccessible(page, "Update Profile from the profile page at 360 px");
    // Back leads to the page (the dialog's own profile card would repeat it).
    await edit.getByRole("button", { name: "Back" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.getByRole("button", { name: "Change password" }).click();
    const password = page.getByRole("dialog", { name: "Change Password" });
    await expect(password.getByLabel("Current password")).toBeVisible();
    await expect(password.getByLabel("New password", { exact: true })).toBeVisible();
    await expectAccessible(page, "Change Password from the profile page at 360 px");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(card(page, "Demo Student")).toBeVisible();
  });
});

test("an admin's own page: its details, then an edit saved from the page shows on it", async ({ page }) => {
  await openProfilePage(page, "coordinator", "admin");
  const details = card(page, "Demo Admin");
  await expect(details.getByRole("definition").filter({ hasText: /^admin$/ })).toBeVisible();
  await expect(details.getByRole("definition").filter({ hasText: /^Admin$/ })).toBeVisible();
  await expect(card(page, "Contact details")).toContainText("admin@demo.example.org");
  // An admin looks after no region and belongs to no school.
  await expect(card(page, "Region")).toHaveCount(0);
  await expect(card(page, "School")).toHaveCount(0);
  await expectAccessible(page, "the admin's profile");

  await page.getByRole("button", { name: "Edit profile" }).click();
  const edit = page.getByRole("dialog", { name: "Update Profile" });
  await edit.getByLabel("Designation").fill("Programme office");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByText("Profile updated successfully")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(details.getByRole("definition").filter({ hasText: "Programme office" })).toBeVisible();

  await page.getByRole("button", { name: "Change password" }).click();
  const password = page.getByRole("dialog", { name: "Change Password" });
  await expect(password.getByRole("button", { name: "Change Password" })).toBeDisabled();
  await expectAccessible(page, "Change Password from the profile page");
  await password.getByRole("button", { name: "Back" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a coordinator's page names its region, and every app has the page", async ({ page }) => {
  await openProfilePage(page, "coordinator", "state");
  await expect(card(page, "Region")).toContainText("State");
  await expect(card(page, "Region")).toContainText("Maharashtra");
  for (const [app, username] of [
    ["papersetter", "psadmin"],
    ["outbox", "outbox"],
  ] as const) {
    const other = await page.context().browser()?.newContext();
    const second = await other?.newPage();
    if (!second) throw new Error("no second page");
    await signInTo(second, pageUrl(app, "view-profile"), username);
    await expect(second.getByRole("button", { name: "Edit profile" })).toBeVisible();
    await expect(card(second, "Contact details")).toContainText(`${username}@demo.example.org`);
    await other?.close();
  }
});

test("an unverified mobile number can be verified from the page", async ({ page }) => {
  await signIn(page, "coordinator", "paysupport");
  // The sign-in offers the step once; "Later" puts it off, and the page offers it again.
  await page.getByRole("dialog", { name: "Verify your mobile number" }).getByRole("button", { name: "Later" }).click();
  await page.goto(pageUrl("coordinator", "view-profile"));
  await hydrated(page);
  const contact = card(page, "Contact details");
  await expect(contact).toContainText("+919800000005");
  await expect(contact).toContainText("Not verified");
  await contact.getByRole("button", { name: "Verify now" }).click();
  const dialog = page.getByRole("dialog", { name: "Verify your mobile number" });
  await expect(dialog).toContainText("+919800000005");
  await expect(dialog.getByRole("button", { name: "Send code" })).toBeVisible();
});
