import { expect, test } from "@playwright/test";
import { expectAccessible, formHydrated, hydrated, pageUrl, signInTo } from "./support";

test("a school adds a student, finds, edits and deletes it, and cannot delete a paid one", async ({ page }) => {
  await signInTo(page, pageUrl("school", "add-students"), "school");
  const add = page.getByRole("button", { name: "Add student" });
  await formHydrated(page, "Add student");
  await page.getByLabel("First name").fill("Zeenat");
  await page.getByLabel("Last name").fill("Qureshi");
  await page.getByLabel("Class").selectOption("9");
  await page.getByLabel("Exam language").selectOption("ur");
  await page.getByLabel("Gender").selectOption("female");
  await page.getByLabel("Date of birth").fill("2012-03-04");
  await page.getByLabel("Parent's name").fill("Imran Qureshi");
  await page.getByLabel("Phone").fill("12");
  await page.getByLabel("Phone").blur();
  await expect(page.getByText("Enter a phone number of 10 to 15 digits, e.g. 9876543210")).toBeVisible();
  await page.getByLabel("Phone").fill("9988776655");
  await expectAccessible(page, "add student");
  await page.screenshot({ path: "e2e/artifacts/screens/students-add.png", fullPage: true });
  await add.click();
  await expect(page.getByRole("alertdialog")).toContainText("Student added");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(page.getByLabel("First name")).toHaveValue("");

  await page.goto(pageUrl("school", "view-students", { search: "zeenat" }));
  await hydrated(page);
  const table = page.getByRole("table", { name: "Students" });
  await expect(table.getByRole("row", { name: /Zeenat Qureshi/ })).toContainText("Unpaid");
  await expectAccessible(page, "students list");
  await page.screenshot({ path: "e2e/artifacts/screens/students-list.png", fullPage: true });

  await page.getByRole("button", { name: "Edit Zeenat Qureshi" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Zeenat Qureshi" });
  await dialog.getByLabel("Parent's name").fill("Ayesha Qureshi");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Student updated");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(table.getByRole("row", { name: /Zeenat Qureshi/ })).toContainText("Ayesha Qureshi");

  await page.getByRole("button", { name: "Delete Zeenat Qureshi" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("1 student deleted");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(page.getByText("No students match")).toBeVisible();

  await page.goto(pageUrl("school", "paid-school-students"));
  await hydrated(page);
  const paidTable = page.getByRole("table", { name: "Paid students" });
  const firstPaid = paidTable.getByRole("button", { name: /^Delete / }).first();
  await firstPaid.click();
  await expect(page.getByRole("alertdialog")).toContainText("Paid students cannot be deleted");
});
