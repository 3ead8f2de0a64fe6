import { type Download, expect, type Locator, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { expectAccessible, hydrated, lettersOf, pageUrl, settled, signInTo } from "./support";

const SCREENS = "e2e/artifacts/screens";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

test.setTimeout(120_000);

/** Clicks `link` and answers the file it downloads. */
async function download(page: Page, link: Locator): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(await file.failure()).toBeNull();
  return file;
}

async function workbookOf(file: Download) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error(`${file.suggestedFilename()} has no sheet`);
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map((cell) => String(cell ?? ""));
  const rows: Record<string, string | null>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    rows.push(
      Object.fromEntries(
        header.map((name, i) => [name, row.getCell(i + 1).text === "" ? null : row.getCell(i + 1).text]),
      ),
    );
  });
  return { workbook, sheet, header, rows };
}

test("a GCC state coordinator imports students into its region's schools from the template", async ({ page }) => {
  const stamp = Date.now().toString(36);
  // Names and phones of this run only: the same student is refused across schools.
  const suffix = lettersOf(stamp);
  const phoneBase = 60_000_000 + Math.floor(Math.random() * 30_000_000);
  const names = ["Aisha", "Rehan", "Zoya"].map((name) => `${name}${suffix}`);

  await signInTo(page, pageUrl("coordinator", "student-import"), "gccstate");
  await expect(page.getByRole("heading", { level: 1, name: "Bulk Student Import" })).toBeVisible();
  await expect(page).toHaveTitle(/^Bulk Student Import · /);
  await expect(page.getByRole("heading", { name: "Import students from a spreadsheet" })).toBeVisible();
  await expect(
    page.getByText(/Register the students of the \d+ schools? of United Arab Emirates from one spreadsheet/),
  ).toBeVisible();
  await expect(page.getByRole("list", { name: "How to import" }).getByRole("listitem")).toHaveCount(4);
  await expect(page.getByText("No imports yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "See the students of your region" })).toHaveAttribute(
    "href",
    new URL(pageUrl("coordinator", "total-students")).pathname,
  );
  await expectAccessible(page, "bulk student import");

  // The template: School code first, then the schools' student columns; the region's schools listed.
  const template = await workbookOf(await download(page, page.getByRole("link", { name: "Download the template" })));
  expect(template.header).toEqual([
    "School code",
    "First name",
    "Last name",
    "Class",
    "Language",
    "Gender",
    "Date of birth",
    "Parent's name",
    "Phone",
    "E-mail",
  ]);
  const schools: string[] = [];
  template.workbook.getWorksheet("Your schools")?.eachRow((row, n) => {
    if (n > 1) schools.push(`${row.getCell(1).text} ${row.getCell(2).text}`);
  });
  expect(schools).toContain("VVM1003 Indian High School, Dubai");
  expect(schools.some((school) => school.startsWith("VVM1001 "))).toBe(false);

  // Two students of the Dubai school, one for Pune's school (outside the region).
  const row = (n: number, code: string) => {
    const values: Record<string, string> = {
      "School code": code,
      "First name": names[n] ?? "",
      "Last name": "Khan",
      Class: "IX",
      Language: "English",
      Gender: n % 2 ? "Male" : "Female",
      "Date of birth": `0${n + 1}/03/2012`,
      "Parent's name": "Farida Khan",
      Phone: `97${phoneBase + n}`,
      "E-mail": "",
    };
    return template.header.map((name) => values[name] ?? "");
  };
  template.sheet.addRow(row(0, "VVM1003"));
  template.sheet.addRow(row(1, "VVM1001"));
  template.sheet.addRow(row(2, "vvm1003"));
  const filled = Buffer.from(await template.workbook.xlsx.writeBuffer());

  await page.getByRole("button", { name: "Import students" }).click();
  const dialog = page.getByRole("dialog", { name: "Import students" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Import", exact: true })).toBeDisabled();
  await expectAccessible(page, "bulk import dialog");

  await dialog.getByLabel("Spreadsheet to import").setInputFiles({ name: "uae.xlsx", mimeType: XLSX, buffer: filled });
  await expect(dialog.getByText("3 students in uae.xlsx")).toBeVisible();
  await expect(dialog.getByText("1 row has mistakes", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("table", { name: "Rows with mistakes" })).toContainText(
    /3\s*School code: No school with the code VVM1001 in your region/,
  );
  await expect(dialog.getByText(/With this choice nothing will be saved/)).toBeVisible();
  await dialog.getByLabel("Save the good rows and give me the others").check();
  await expect(dialog.getByText(/With this choice nothing will be saved/)).toHaveCount(0);
  await expectAccessible(page, "bulk import preview");
  await page.screenshot({ path: `${SCREENS}/gcc-student-import-preview.png` });

  await dialog.getByRole("button", { name: "Import", exact: true }).click();
  await expect(dialog.getByRole("status")).toContainText(
    "2 students added to 1 school, 1 row not saved (see the errors file).",
  );
  await expect(dialog.getByRole("list", { name: "The first problems" })).toContainText(
    "School code: No school with the code VVM1001 in your region",
  );
  await expectAccessible(page, "bulk import result");
  await page.screenshot({ path: `${SCREENS}/gcc-student-import-result.png` });

  const errors = await workbookOf(await download(page, dialog.getByRole("link", { name: "Download the errors file" })));
  expect(errors.header).toEqual([...template.header, "Errors"]);
  expect(errors.rows.map((r) => [r["School code"], r["First name"], r.Errors])).toEqual([
    [
      "VVM1001",
      names[1],
      'School code: No school with the code VVM1001 in your region: check the code in the "Your schools" sheet of the template',
    ],
  ]);

  // Closed: the page lists the import with its outcome and its errors file.
  await dialog.getByRole("button", { name: "Close", exact: true }).first().click();
  await expect(dialog).toHaveCount(0);
  const imports = page.getByRole("table", { name: "Your last imports" });
  await expect(imports.getByRole("row")).toHaveCount(2);
  await expect(imports.getByRole("row").nth(1)).toContainText("uae.xlsx");
  await expect(imports.getByRole("row").nth(1)).toContainText("Partly imported");
  await expect(imports.getByRole("row").nth(1)).toContainText("2 students added to 1 school");
  await expect(imports.getByRole("link", { name: "Download the errors file of uae.xlsx" })).toBeVisible();
  await expectAccessible(page, "bulk student import with an import");
  await page.screenshot({ path: `${SCREENS}/gcc-student-import-page.png`, fullPage: true });
  // On a phone too, once the shell has settled into its phone layout.
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await expect(imports).toContainText("uae.xlsx");
  await page.screenshot({ path: `${SCREENS}/gcc-student-import-page-phone.png`, fullPage: true });
});

test("a state coordinator outside GCC does not get the bulk import", async ({ page }) => {
  const response = await signInTo(page, pageUrl("coordinator", "student-import"), "state");
  expect(response?.status()).toBe(403);
  await hydrated(page);
  await expect(page.getByText("You do not have permission to open this page")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Import students from a spreadsheet" })).toHaveCount(0);
});
