import { readFile } from "node:fs/promises";
import { type Download, expect, type Locator, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { expectAccessible, hydrated, lettersOf, pageUrl, registerSchoolByApi, settled, signInTo } from "./support";

const SCREENS = "e2e/artifacts/screens";
const PHONE = { width: 390, height: 844 };
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

// Registration, mail delivery, four imports and two exports.
test.setTimeout(180_000);

/**
 * The screen at desktop width, then at a phone's. Whole pages by default; `menu` takes the
 * viewport instead (a full-page shot resizes the page, which closes a menu) and reopens it after
 * each resize.
 */
async function shots(page: Page, name: string, menu?: () => Promise<void>) {
  const shoot = async (file: string) => {
    // The shell settles into the layout of the new width (and a menu opens) before the shot.
    await settled(page);
    if (menu) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await menu();
    }
    await page.screenshot({ path: `${SCREENS}/student-import-${file}.png`, fullPage: !menu });
  };
  const desktop = page.viewportSize();
  await shoot(name);
  await page.setViewportSize(PHONE);
  await shoot(`${name}-phone`);
  if (desktop) await page.setViewportSize(desktop);
  await settled(page);
  await menu?.();
}

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
  /** The 1-based column of a header. */
  const column = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`no column "${name}" in ${header.join(", ")}`);
    return index + 1;
  };
  const rows: Record<string, string | null>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    rows.push(
      Object.fromEntries(
        header.map((name, i) => [name, row.getCell(i + 1).text === "" ? null : row.getCell(i + 1).text]),
      ),
    );
  });
  return { workbook, sheet, header, column, rows };
}

const buffer = async (workbook: ExcelJS.Workbook) => Buffer.from(await workbook.xlsx.writeBuffer());

test("a new school imports students from the template, fixes the errors file, and exports its list", async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  // Names and phones of this run only: the same student is refused across schools.
  const suffix = lettersOf(stamp);
  const phoneBase = 60_000_000 + Math.floor(Math.random() * 30_000_000);
  const phone = (n: number) => `98${phoneBase + n}`;
  const names = ["Aarav", "Bhavna", "Chetan", "Divya", "Esha"].map((name) => `${name}${suffix}`);

  const account = await registerSchoolByApi(
    `e2eimport${stamp}`,
    `import-${stamp}@e2e.example.org`,
    `E2E Import Vidyalaya ${stamp}`,
  );

  // One student with the form.
  await signInTo(page, pageUrl("school", "add-students"), account.username, account.password);
  await page.getByLabel("First name").fill(`Farah${suffix}`);
  await page.getByLabel("Last name").fill("Shaikh");
  await page.getByLabel("Class").selectOption("7");
  await page.getByLabel("Exam language").selectOption("en");
  await page.getByLabel("Gender").selectOption("female");
  await page.getByLabel("Date of birth").fill("2014-02-11");
  await page.getByLabel("Parent's name").fill("Salim Shaikh");
  await page.getByLabel("Phone").fill(phone(0));
  await page.getByRole("button", { name: "Add student" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Student added");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();

  // The spreadsheet tab and its template.
  await page.getByRole("tab", { name: "From a spreadsheet" }).click();
  const templateLink = page.getByRole("link", { name: "Download the template" });
  await expect(templateLink).toBeVisible();
  await expectAccessible(page, "add students, from a spreadsheet");
  const template = await workbookOf(await download(page, templateLink));
  expect(template.header).toEqual([
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
  expect(template.rows).toEqual([]);

  // Three good rows and two bad ones: a class the programme has not, a phone too short.
  const row = (n: number, changes: Partial<Record<string, string>> = {}) => {
    const values: Record<string, string> = {
      "First name": names[n] ?? "",
      "Last name": "Patil",
      Class: "VIII",
      Language: "Marathi",
      Gender: n % 2 ? "Female" : "Male",
      "Date of birth": `1${n}/06/2013`,
      "Parent's name": "Sunita Patil",
      Phone: phone(n + 1),
      "E-mail": "",
      ...changes,
    };
    return template.header.map((name) => values[name] ?? "");
  };
  template.sheet.addRow(row(0));
  template.sheet.addRow(row(1, { Class: "XII" }));
  template.sheet.addRow(row(2));
  template.sheet.addRow(row(3, { Phone: "12345" }));
  template.sheet.addRow(row(4));
  const filled = await buffer(template.workbook);

  const fileInput = page.getByLabel("Spreadsheet to import");
  await fileInput.setInputFiles({ name: "students.xlsx", mimeType: XLSX, buffer: filled });
  await expect(page.getByText("5 students in students.xlsx")).toBeVisible();
  await expect(page.getByText("2 rows have mistakes", { exact: true })).toBeVisible();
  await expect(page.getByText(/so with this choice nothing will be saved/)).toBeVisible();
  const rows = page.getByRole("table", { name: "Rows of the file" });
  await expect(rows.getByRole("row")).toHaveCount(6);
  await expect(rows.getByRole("row", { name: new RegExp(names[1] ?? "") })).toContainText("1 mistake");
  await expect(page.getByRole("table", { name: "Rows with mistakes" }).getByRole("row")).toHaveText([
    /Row\s*Mistake/i,
    "3Class: Choose a class from VI to XI",
    "5Phone: Enter a phone number of 10 to 15 digits, e.g. 9876543210",
  ]);
  await expect(page.getByRole("list", { name: "How the columns are read" }).getByRole("listitem")).toHaveText([
    "A: First name",
    "B: Last name",
    "C: Class",
    "D: Language",
    "E: Gender",
    "F: Date of birth",
    "G: Parent's name",
    "H: Phone",
    "I: E-mail",
  ]);
  await expect(page.getByLabel("Save only if every row is right")).toBeChecked();
  await expectAccessible(page, "import preview");
  await shots(page, "preview");

  // All or nothing: nothing is saved. The first poll of the job is held for a look at the progress.
  let releasePoll: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    releasePoll = resolve;
  });
  await page.route(/\/jobs\/\d+$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByRole("progressbar", { name: "Waiting for the import to start" })).toBeVisible();
  await expectAccessible(page, "import progress");
  await shots(page, "progress");
  // From here on every poll goes straight through.
  releasePoll();

  const status = page.getByRole("status").filter({ hasText: "Nothing was imported" });
  await expect(status).toContainText("Nothing was saved: 2 rows have mistakes.");
  await expect(page.getByRole("table", { name: "The problems" }).getByRole("row")).toHaveCount(3);
  await expectAccessible(page, "import result with errors");
  await shots(page, "result-errors");
  const errors = await workbookOf(await download(page, page.getByRole("link", { name: "Download the errors file" })));
  expect(errors.header).toEqual([...template.header, "Errors"]);
  expect(errors.rows.map((r) => r.Errors)).toEqual([
    null,
    "Class: Choose a class from VI to XI",
    null,
    "Phone: Enter a phone number of 10 to 15 digits, e.g. 9876543210",
    null,
  ]);

  // Fix the two rows in the errors file and upload it again: five added.
  errors.sheet.getRow(3).getCell(errors.column("Class")).value = "XI";
  errors.sheet.getRow(5).getCell(errors.column("Phone")).value = phone(4);
  const fixed = await buffer(errors.workbook);
  await page.getByRole("button", { name: "Import another file" }).click();
  await page
    .getByLabel("Spreadsheet to import")
    .setInputFiles({ name: "students-fixed.xlsx", mimeType: XLSX, buffer: fixed });
  await expect(page.getByText("No mistakes found")).toBeVisible();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Import finished" })).toContainText("5 students added.");
  await expect(page.getByText("Download the errors file")).toHaveCount(0);
  await expectAccessible(page, "import result");

  // The same file once more changes nothing.
  await page.getByRole("button", { name: "Import another file" }).click();
  await page
    .getByLabel("Spreadsheet to import")
    .setInputFiles({ name: "students-fixed.xlsx", mimeType: XLSX, buffer: fixed });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Import finished" })).toContainText(
    "0 students added, 5 students already registered.",
  );

  // The list holds the six students; both exports too.
  await page.goto(pageUrl("school", "view-students"));
  await hydrated(page);
  await expect(page.getByRole("table", { name: "Students" }).getByRole("row")).toHaveCount(7);
  // Named "Export" exactly once the menu has loaded and while no export runs ("Exporting CSV…").
  const exportButton = page.getByRole("button", { name: "Export", exact: true });
  const menu = page.getByRole("menu", { name: "Export the list" });
  const openMenu = async () => {
    if (await menu.isVisible()) return;
    await exportButton.click();
    await expect(menu).toBeVisible();
  };
  await openMenu();
  await expectAccessible(page, "students list with the export menu");
  await shots(page, "list-export", openMenu);

  const xlsx = await workbookOf(await download(page, menu.getByRole("menuitem", { name: "Export XLSX" })));
  expect(xlsx.header.slice(0, 4)).toEqual(["Student id", "First name", "Last name", "Class"]);
  const expected = [`Farah${suffix}`, ...names].sort();
  expect(xlsx.rows.map((r) => r["First name"]).sort()).toEqual(expected);

  await openMenu();
  const csvFile = await download(page, menu.getByRole("menuitem", { name: "Export CSV" }));
  expect(csvFile.suggestedFilename()).toMatch(/^students-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(await csvFile.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").trim().split("\n");
  expect(lines[0]).toMatch(/^Student id,First name,Last name,Class,/);
  expect(
    lines
      .slice(1)
      .map((line) => line.split(",")[1])
      .sort(),
  ).toEqual(expected);
});
