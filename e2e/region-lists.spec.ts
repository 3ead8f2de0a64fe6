import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { expectAccessible, hydrated, pageUrl, signIn, signInTo } from "./support";

/** The total a list's footer gives: "Showing 1–10 of 1,234". */
async function listTotal(page: Page): Promise<number> {
  const text = (await page.getByText(/^Showing \d/).textContent()) ?? "";
  return Number(/of ([\d,]+)/.exec(text)?.[1]?.replace(/,/g, "") ?? Number.NaN);
}

test("a district coordinator exports its students to XLSX, and the file holds the list's rows", async ({ page }) => {
  // The old portal's address of this list leads to it.
  await signInTo(page, pageUrl("coordinator", "view-students"), "district");
  await expect(page).toHaveURL(/\/total-student$/);
  const table = page.getByRole("table", { name: "Total students" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  const total = await listTotal(page);
  expect(total).toBeGreaterThan(0);
  // Its district only: every row's region is the district's.
  const regions = await table.locator("tbody tr td:nth-child(4)").allTextContents();
  const district = regions[0]?.replace(/Maharashtra.*$/, "") ?? "";
  for (const region of regions) expect(region).toContain(district);
  await expectAccessible(page, "total students");

  await page.getByRole("button", { name: "Export", exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menu", { name: "Export the list" }).getByRole("menuitem", { name: "Export XLSX" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^students-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  expect(sheet?.getRow(1).getCell(2).value).toBe("First name");
  // Other tests register students in this district (the demo's Pune) while this one runs: the file
  // holds the list as it was when exported, so between its total before and its total after.
  const rows = (sheet?.rowCount ?? 0) - 1;
  expect(rows).toBeGreaterThanOrEqual(total);
  // The list's first row (newest first) is in the file, in the coordinator's district.
  const first = (await table.locator("tbody tr").first().locator("td").first().locator("strong").textContent()) ?? "";
  const names: string[] = [];
  sheet?.eachRow((row, index) => {
    if (index > 1) names.push(`${row.getCell(2).value} ${row.getCell(3).value}`.trim());
  });
  expect(names).toContain(first.trim());
  await page.screenshot({ path: "e2e/artifacts/screens/district-total-students.png", fullPage: true });
  await page.reload();
  await hydrated(page);
  expect(rows).toBeLessThanOrEqual(await listTotal(page));
});

test("an admin's dashboard cards open their lists, which have the cards' totals; analytics and statistics agree", async ({
  page,
}) => {
  await signIn(page, "coordinator", "admin");
  const summary = page.getByRole("group", { name: "Summary" });
  const cardTotal = async (name: RegExp) =>
    Number(((await summary.getByRole("link", { name }).textContent()) ?? "").replace(/\D/g, ""));
  await page.goto(pageUrl("coordinator", "dashboard"));
  await hydrated(page);
  expect(await cardTotal(/Students registered/)).toBeGreaterThan(0);
  await expectAccessible(page, "dashboard");
  await page.screenshot({ path: "e2e/artifacts/screens/admin-dashboard.png", fullPage: true });

  // Other tests register and pay for students across the country while this one runs, so a card
  // and its list are compared as one reading, taken again until no registration fell between them.
  await expect(async () => {
    await page.goto(pageUrl("coordinator", "dashboard"));
    await hydrated(page);
    const students = await cardTotal(/Students registered/);
    const unpaid = await cardTotal(/Unpaid/);
    await summary.getByRole("link", { name: /Unpaid/ }).click();
    await expect(page).toHaveURL(/\/total-student\?payment_status=unpaid/);
    await expect(page.getByRole("table", { name: "Total students" }).getByRole("row").nth(1)).toBeVisible();
    expect(await listTotal(page)).toBe(unpaid);
    await page.goto(pageUrl("coordinator", "statistics"));
    await hydrated(page);
    await expect(page.getByRole("table").locator("tfoot td").nth(1)).toHaveText(students.toLocaleString("en-IN"), {
      timeout: 1000,
    });
  }).toPass({ timeout: 60_000 });
  await expectAccessible(page, "statistics");

  await page.goto(pageUrl("coordinator", "total-schools"));
  await hydrated(page);
  await expect(page.getByRole("table", { name: "Total schools" }).getByRole("row").nth(1)).toBeVisible();
  await expectAccessible(page, "total schools");

  await page.goto(pageUrl("coordinator", "analytics"));
  await hydrated(page);
  const byClass = page.getByRole("figure", { name: "Students by class" });
  await byClass.getByRole("button", { name: "Show table" }).click();
  await expect(byClass.getByRole("table")).toBeVisible();
  await expectAccessible(page, "analytics");
  await page.screenshot({ path: "e2e/artifacts/screens/analytics.png", fullPage: true });
});
