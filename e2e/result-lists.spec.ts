import { expect, test } from "@playwright/test";
import { expectAccessible, hydrated, pageUrl, signInTo } from "./support";

// The demo's results (apps/api/src/domains/results/demo.ts) are loaded when the portal starts.

test("an admin opens the final results, filters by class and sees each student's ranks", async ({ page }) => {
  await signInTo(page, pageUrl("coordinator", "student-final"), "admin");
  const table = page.getByRole("table", { name: "Student Final Results, Level 1" });
  await expect(table.locator("tbody tr").first()).toBeVisible();
  await expectAccessible(page, "student final results");

  await page.getByRole("button", { name: /^Filter/ }).click();
  await page.getByLabel("Class", { exact: true }).selectOption({ label: "VIII" });
  await expect(page).toHaveURL(/class_level=8/);
  await page.keyboard.press("Escape");
  const rows = table.locator("tbody tr");
  await expect(rows.first()).toContainText("Class VIII");
  for (const student of await rows.locator("td:nth-child(2)").allTextContents())
    expect(student).toContain("Class VIII");
  // By national rank from the first, each row with its state, district and school ranks.
  const ranks = (await rows.locator("td:nth-child(1) strong").allTextContents()).map(Number);
  expect(ranks[0]).toBe(1);
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  await expect(rows.first().locator("td:nth-child(5)")).toHaveText(/State \d+\s*District \d+\s*School \d+/);
  await expect(rows.first().locator("td:nth-child(6)")).toHaveText(
    /National camp|State camp|District winner|School topper/,
  );
  await expectAccessible(page, "student final results of class VIII");
  await page.screenshot({ path: "e2e/artifacts/screens/student-final-results.png", fullPage: true });
});

test("a state of the statewise list opens its students; a school of the school list opens its own", async ({
  page,
}) => {
  await signInTo(page, pageUrl("coordinator", "statewise-student-list"), "admin");
  const states = page.getByRole("table", { name: "States, Level 1" });
  const first = states.locator("tbody tr").first();
  const state = (await first.locator("td").first().textContent())?.trim() ?? "";
  await expectAccessible(page, "statewise student list");
  await first.getByRole("link").click();
  await expect(page).toHaveURL(/\/result-overview\/student-final\?level=level1&state_id=\d+/);
  const students = page.getByRole("table", { name: "Student Final Results, Level 1" });
  await expect(students.locator("tbody tr").first()).toBeVisible();
  for (const school of await students.locator("tbody tr td:nth-child(3)").allTextContents())
    expect(school).toContain(state);

  await page.goto(pageUrl("coordinator", "school-final"));
  await hydrated(page);
  const schools = page.getByRole("table", { name: "School Final Results, Level 1" });
  const name = (await schools.locator("tbody tr").first().getByRole("link").textContent())?.trim() ?? "";
  await schools.locator("tbody tr").first().getByRole("link").click();
  const opened = page.getByRole("table", { name: `Students of ${name}` });
  await expect(opened.locator("tbody tr").first()).toBeVisible();
  await expectAccessible(page, "a school's students");
  await page.screenshot({ path: "e2e/artifacts/screens/school-final-results.png", fullPage: true });
});
