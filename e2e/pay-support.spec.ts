import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { expectAccessible, hydrated, pageUrl, signIn } from "./support";

test("pay support finds the students who cannot sign in, exports them, and lets one sign in again", async ({
  page,
  browser,
}) => {
  await signIn(page, "coordinator", "paysupport");
  await page.goto(pageUrl("coordinator", "student-inactive-list"));
  await hydrated(page);
  // The demo pay-support user's mobile is unverified: the optional step is put off (e2e/account covers it).
  await page.getByRole("dialog", { name: "Verify your mobile number" }).getByRole("button", { name: "Later" }).click();
  const table = page.getByRole("table", { name: "Inactive students" });
  const row = table.getByRole("row", { name: /inactivestudent/ });
  await expect(row).toContainText("Registered twice: the school paid for the other registration");
  await expect(row).toContainText("Sign-in switched off");
  await expectAccessible(page, "inactive students");
  await page.screenshot({ path: "e2e/artifacts/screens/pay-support-inactive.png", fullPage: true });

  // The export holds what the list shows.
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menu", { name: "Export the list" }).getByRole("menuitem", { name: "Export CSV" }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^inactive-students-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await csv.path(), "utf8");
  expect(text).toContain("inactivestudent");

  // Switched on again, the student signs in and lands on its own page.
  await row.getByRole("button", { name: /^Switch on sign-in for / }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Switch on" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("The student can sign in again.");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(table.getByRole("row", { name: /inactivestudent/ })).toHaveCount(0);

  const student = await (await browser.newContext()).newPage();
  await signIn(student, "school", "inactivestudent");
  expect(new URL(student.url()).pathname).toBe("/student");
});

test("pay support's pages are refused to a coordinator", async ({ page }) => {
  await signIn(page, "coordinator", "zonal");
  const response = await page.goto(pageUrl("coordinator", "student-inactive-list"));
  expect(response?.status()).toBe(403);
});
