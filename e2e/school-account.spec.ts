import { expect, type Page, test } from "@playwright/test";
import {
  appOrigin,
  DEMO_PASSWORD,
  expectAccessible,
  fillSchoolDetails,
  hydrated,
  pageUrl,
  signIn,
  signInTo,
  verificationLink,
} from "./support";

const SCREENS = "e2e/artifacts/screens";
/** Public pages whole; pages in the shell as the viewport shows them (its header and sidebar stick). */
const shot = async (page: Page, name: string, fullPage = true) => {
  if (!fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENS}/school-account-${name}.png`, fullPage });
};

test("a school registers, verifies its e-mail from the mail, signs in and keeps its profile", async ({ page }) => {
  // A whole journey (registration, two mails, verification, profile) with an axe check per page.
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const username = `e2eschool${stamp}`;
  const email = `office-${stamp}@e2e.example.org`;
  const password = "Vidya@2026";

  await page.goto(`${appOrigin("school")}/login`);
  await hydrated(page);
  await page.getByRole("link", { name: "Register your school" }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole("heading", { name: "Register your school" })).toBeVisible();
  await expect(page.getByLabel("School name")).toBeVisible();

  // Messages show once a field is touched.
  await page.getByLabel("School name").focus();
  await page.getByLabel("School name").blur();
  await expect(page.getByText("Enter the school name")).toBeVisible();

  await expect(page.getByLabel("Country")).toHaveValue("1");
  await fillSchoolDetails(page, { name: `E2E Vidyalaya ${stamp}`, email });
  // A taken username is refused as it is typed.
  await page.getByLabel("Username").fill("school");
  await expect(page.getByText("This username is already taken")).toBeVisible();
  await page.getByLabel("Username").fill(username);
  await expect(page.getByText("This username is available")).toBeVisible();
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="confirm_password"]').fill("Vidya@2025");
  await page.locator('input[name="confirm_password"]').blur();
  await expect(page.getByText("Password do not match")).toBeVisible();
  await page.locator('input[name="confirm_password"]').fill(password);
  await expectAccessible(page, "/register");
  await shot(page, "register");

  // An Indian school's PIN code has six digits (issue 35 item 9): the field says so, nothing typed is lost.
  await page.getByLabel("PIN or postal code").fill("4110");
  await page.getByRole("button", { name: "Register school" }).click();
  await expect(page.getByText("Enter the 6-digit PIN code, e.g. 110001")).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveValue(username);
  await page.getByLabel("PIN or postal code").fill("411001");
  await page.getByRole("button", { name: "Register school" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expectAccessible(page, "/register (done)");
  await shot(page, "register-done");
  const firstLink = await verificationLink(email, 1);
  expect(new URL(firstLink).origin).toBe(appOrigin("school"));

  // Signed in before verifying: the banner offers a new link.
  await signIn(page, "school", username, password);
  const banner = page.getByRole("region", { name: "Please verify your school's e-mail address" });
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Send the link again" }).click();
  await expect(banner.getByText(`We sent a new verification link to ${email}.`)).toBeVisible();
  await expectAccessible(page, "dashboard with the e-mail banner");
  await shot(page, "banner", false);

  // The first link was replaced by the second.
  const secondLink = await verificationLink(email, 2);
  await page.goto(firstLink);
  await expect(page.getByRole("heading", { name: "A newer link was sent" })).toBeVisible();
  await expect(page.getByText("Open the link in the latest e-mail.")).toBeVisible();
  await expect(page.getByText("expired")).toHaveCount(0);
  await shot(page, "verify-replaced");
  // A mail scanner fetches the link without running the page: that uses nothing up.
  expect((await fetch(secondLink)).status).toBe(200);
  await page.goto(secondLink);
  await expect(page.getByRole("heading", { name: "E-mail address verified" })).toBeVisible();
  await expectAccessible(page, "/verify-school-email");
  await shot(page, "verified");
  await page.goto(secondLink);
  await expect(page.getByRole("heading", { name: "This link was already used" })).toBeVisible();

  // Verified: no banner; the profile shows it.
  await page.goto(pageUrl("school", "edit-school-profile"));
  await hydrated(page);
  await expect(page.getByRole("heading", { name: `E2E Vidyalaya ${stamp}` })).toBeVisible();
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();
  await expect(page.getByText("Please verify your school's e-mail address")).toHaveCount(0);
  const contact = page.getByLabel("Principal or contact name");
  await expect(contact).toHaveValue("S. Deshpande");
  await contact.fill("");
  await contact.blur();
  await expect(page.getByText("Enter the principal or contact name")).toBeVisible();
  await contact.fill("A. Joshi");
  await page.getByLabel("Board").selectOption({ label: "State Board" });
  await page.getByRole("button", { name: "Save changes" }).click();
  const saved = page.getByRole("alertdialog");
  await expect(saved).toContainText("School profile updated successfully");
  await expectAccessible(page, "edit-school-profile (saved)");
  await saved.getByRole("button", { name: "OK" }).click();
  await page.reload();
  await expect(page.getByLabel("Principal or contact name")).toHaveValue("A. Joshi");
  await expect(page.getByRole("definition").filter({ hasText: "Maharashtra" })).toBeVisible();
  await shot(page, "profile", false);

  await page.goto(pageUrl("school", "update-school-password"));
  await expect(page.getByLabel("Current password")).toBeVisible();
  await expectAccessible(page, "update-school-password");
  await shot(page, "password", false);

  // A new school has no referred students yet: no bank detail page (docs/domain.md, Who may do what).
  const refused = await page.goto(pageUrl("school", "bank-detail"));
  expect(refused?.status()).toBe(403);
});

test("a school with more than 10 referred students saves its bank details with its password", async ({ page }) => {
  await signInTo(page, pageUrl("school", "bank-detail"), "school", DEMO_PASSWORD);
  await expect(page.getByText("No bank details are saved yet.")).toBeVisible();
  await expect(page.getByLabel("Account holder's name")).toBeVisible();
  await page.getByLabel("Account holder's name").fill("Jnana Prabodhini Trust");
  await page.getByLabel("Account number", { exact: true }).fill("123456789012");
  await page.getByLabel("Account number again").fill("123456789000");
  await page.getByLabel("Account number again").blur();
  await expect(page.getByText("The account numbers do not match")).toBeVisible();
  await page.getByLabel("Account number again").fill("123456789012");
  await page.getByLabel("IFSC").fill("SBIN123");
  await page.getByLabel("IFSC").blur();
  await expect(page.getByText("Enter the 11-character IFSC, e.g. SBIN0001234")).toBeVisible();
  await page.getByLabel("IFSC").fill("SBIN0001234");
  await page.getByLabel("Bank name").fill("State Bank of India");
  await page.getByLabel("Branch").fill("Pune Camp");
  await page.getByLabel("Cancelled cheque (optional)").setInputFiles({
    name: "cheque.png",
    mimeType: "image/png",
    buffer: Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    ),
  });
  await page.getByLabel("Your password").fill("Wrong@12345");
  await page.getByRole("button", { name: "Save bank details" }).click();
  await expect(page.getByText("The password is not correct")).toBeVisible();
  await page.getByLabel("Your password").fill(DEMO_PASSWORD);
  await expectAccessible(page, "bank-detail (form)");
  await page.getByRole("button", { name: "Save bank details" }).click();
  const saved = page.getByRole("alertdialog");
  await expect(saved).toContainText("Bank details saved successfully");
  await saved.getByRole("button", { name: "OK" }).click();
  const list = page.getByRole("definition").filter({ hasText: "XXXXXXXX9012" });
  await expect(list).toBeVisible();
  await expect(page.getByText("123456789012")).toHaveCount(0);
  // The cheque on file downloads as it was uploaded.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the uploaded cheque" }).click();
  expect((await download).suggestedFilename()).toBe("cancelled-cheque.png");
  // The form is empty again, the cheque picker too.
  await expect(page.getByText("cheque.png")).toHaveCount(0);
  await expect(page.getByLabel("Your password")).toHaveValue("");
  await expectAccessible(page, "bank-detail (saved)");
  await shot(page, "bank-details", false);
});
