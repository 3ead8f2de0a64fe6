import { expect, test } from "@playwright/test";
import { expectAccessible, hydrated, pageUrl, signInTo } from "./support";

test.describe.configure({ mode: "serial" });

test("regions: list, search, filter and page through districts", async ({ page }) => {
  // Six list states, each with an axe check: 37 s alone on a busy 2-core machine, past 60 s once
  // while the whole suite ran beside a build.
  test.slow();
  await signInTo(page, pageUrl("coordinator", "districts"), "admin");
  const table = page.getByRole("table", { name: "Districts" });
  await expect(table.getByRole("row")).toHaveCount(11); // header + 10 rows (page size 10)
  await expectAccessible(page);
  await page.getByRole("searchbox").fill("pune");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("cell", { name: "Pune", exact: true })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("search")).toBe("pune");
  for (const level of ["zones", "states", "prants", "cities"] as const) {
    await page.goto(pageUrl("coordinator", level));
    await expect(page.getByRole("table")).toBeVisible();
    await expectAccessible(page, level);
  }
});

test("regions: create, edit and delete a prant; field messages; the 409 message", async ({ page }) => {
  await signInTo(page, pageUrl("coordinator", "prants"), "orgteam");
  await page.getByRole("button", { name: "Create" }).click();
  const dialog = page.getByRole("dialog", { name: "Create prant" });
  await dialog.getByLabel("Prant name").fill("K");
  await expect(dialog.getByText("The prant name must be at least 2 characters")).toBeVisible();
  await dialog.getByLabel("Prant name").fill("Saurashtra");
  await dialog.getByLabel("State").selectOption({ label: "Gujarat" });
  await expectAccessible(page, "create prant dialog");
  await dialog.getByRole("button", { name: "Create prant" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Prant created successfully");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();

  // The same name again in the same state: the API's 409 lands on the name field.
  await page.getByRole("button", { name: "Create" }).click();
  const again = page.getByRole("dialog", { name: "Create prant" });
  await again.getByLabel("Prant name").fill("saurashtra");
  await again.getByLabel("State").selectOption({ label: "Gujarat" });
  await again.getByRole("button", { name: "Create prant" }).click();
  await expect(again.getByText("Choose a name not used by another prant in this state")).toBeVisible();
  await again.getByRole("button", { name: "Cancel" }).click();

  // Typing in the search box is covered above; here the list is opened already searched.
  await page.goto(pageUrl("coordinator", "prants", { search: "Saurashtra" }));
  await hydrated(page);
  await page.getByRole("button", { name: "Edit Saurashtra" }).click();
  const edit = page.getByRole("dialog", { name: "Edit prant: Saurashtra" });
  await edit.getByLabel("Prant name").fill("Saurashtra Kutch");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Prant updated successfully");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();

  await page.goto(pageUrl("coordinator", "prants", { search: "Saurashtra Kutch" }));
  await hydrated(page);
  await page.getByRole("button", { name: "Delete Saurashtra Kutch" }).click();
  await expect(page.getByRole("alertdialog")).toContainText(
    'Are you sure you want to delete the prant "Saurashtra Kutch"?',
  );
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Prant deleted successfully");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();

  // A prant with districts and schools cannot go: the API's 409 message is shown.
  await page.goto(pageUrl("coordinator", "prants", { search: "Paschim" }));
  await hydrated(page);
  await page.getByRole("button", { name: "Delete Paschim Maharashtra" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes, delete" }).click();
  const refused = page.getByRole("alertdialog");
  await expect(refused).toContainText("Error!");
  await expect(refused).toContainText('The prant "Paschim Maharashtra" cannot be deleted:');
  await expect(refused).toContainText("Move or delete them first.");
});
