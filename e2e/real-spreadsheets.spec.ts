import { execFileSync } from "node:child_process";
import { expect, type Page, test } from "@playwright/test";
import { HEADERS } from "../apps/api/test/fixtures/spreadsheets/fixtures";
import {
  addStudents,
  expectAccessible,
  formHydrated,
  lettersOf,
  pageUrl,
  registerSchoolByApi,
  settled,
  signInTo,
} from "./support";

/*
 * Spreadsheets as schools really have them, and the duplicate message (issue 35 items 4 and 5,
 * decision 055): a school uploads Excel's "Unicode Text" (UTF-16, tab-separated) and a plain
 * Windows-1252 CSV through its page, with values as people type them; a student another school
 * registered is refused without that school's name.
 */

const SCREENS = "e2e/artifacts/screens";
const PHONE = { width: 390, height: 844 };
test.setTimeout(180_000);

/** The text in an encoding, made by iconv as a spreadsheet program's "Save as" would. */
const iconv = (text: string, to: string) => execFileSync("iconv", ["-f", "UTF-8", "-t", to], { input: text });
const HEADER = [...HEADERS];

async function shots(page: Page, name: string) {
  await settled(page);
  await page.screenshot({ path: `${SCREENS}/real-spreadsheets-${name}.png`, fullPage: true });
  const desktop = page.viewportSize();
  await page.setViewportSize(PHONE);
  await settled(page);
  await page.screenshot({ path: `${SCREENS}/real-spreadsheets-${name}-phone.png`, fullPage: true });
  if (desktop) await page.setViewportSize(desktop);
  await settled(page);
}

test("a school imports Unicode Text and Windows-1252 files typed as people type, and sees every mistake", async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const suffix = lettersOf(stamp);
  const phoneBase = 60_000_000 + Math.floor(Math.random() * 30_000_000);
  const phone = (n: number) => `98${phoneBase + n}`;
  const account = await registerSchoolByApi(
    `e2ereal${stamp}`,
    `real-${stamp}@e2e.example.org`,
    `E2E Real Sheets ${stamp}`,
  );
  await signInTo(page, pageUrl("school", "add-students"), account.username, account.password);
  await page.getByRole("tab", { name: "From a spreadsheet" }).click();
  const fileInput = page.getByLabel("Spreadsheet to import");

  // Excel's "Unicode Text": UTF-16LE with a BOM, tab-separated. Three rows typed as people do,
  // and 23 with a class the programme has not (more than one page of mistakes).
  const typed = [
    [`Anaya${suffix}`, "Kulkarni", "8", "हिंदी", "M", "15 Aug 2012", "Meera", phone(1), ""],
    [`Bela${suffix}`, "Kulkarni", "Class 8", "मराठी", "पुरुष", "2012/08/15", "Meera", phone(2), ""],
    [`Chitra${suffix}`, "Kulkarni", "VIII", "English", "F", "41136", "Meera", phone(3), ""],
  ];
  const bad = Array.from({ length: 23 }, (_, n) => [
    `Dev${suffix}${"abcdefghijklmnopqrstuvwxyz"[n]}`,
    "Kulkarni",
    "XII",
    "हिंदी",
    "पुरुष",
    "15 Aug 2012",
    "Meera",
    phone(10 + n),
    "",
  ]);
  const unicodeText = Buffer.concat([
    Buffer.from([0xff, 0xfe]),
    iconv(`${[HEADER, ...typed, ...bad].map((row) => row.join("\t")).join("\r\n")}\r\n`, "UTF-16LE"),
  ]);
  await fileInput.setInputFiles({ name: "students.txt", mimeType: "text/plain", buffer: unicodeText });
  await expect(page.getByText("26 students in students.txt")).toBeVisible();
  await expect(page.getByText("23 rows have mistakes", { exact: true })).toBeVisible();
  await expect(page.getByText(/CSV \(UTF-16 \(Unicode Text\), tab-separated\), header on row 1/)).toBeVisible();
  const mistakes = page.getByRole("table", { name: "Rows with mistakes" });
  // A page of 20, then the last 3.
  await expect(mistakes.getByRole("row")).toHaveCount(21);
  await expect(mistakes.getByRole("row").nth(1)).toHaveText("5Class: Choose a class from VI to XI");
  await expectAccessible(page, "import preview with mistakes");
  await shots(page, "preview-errors");
  await page.getByRole("button", { name: /next/i }).first().click();
  await expect(mistakes.getByRole("row")).toHaveCount(4);
  await expect(mistakes.getByRole("row").last()).toHaveText("27Class: Choose a class from VI to XI");

  // The good rows only: the three typed rows are saved as the programme's values.
  await page.getByLabel("Save the good rows and give me the others").check();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText(/3 students added, 23 rows not saved/)).toBeVisible({ timeout: 60_000 });

  // A plain CSV from Excel on an English Windows: Windows-1252, semicolons, a name with é.
  await page.goto(pageUrl("school", "add-students"));
  await page.getByRole("tab", { name: "From a spreadsheet" }).click();
  const legacy = iconv(
    `${[HEADER, [`Eva${suffix}`, "José", "8th", "Hindi", "Female", "15/08/2012", "Renée", phone(50), ""]]
      .map((row) => row.join(";"))
      .join("\r\n")}\r\n`,
    "WINDOWS-1252",
  );
  await page
    .getByLabel("Spreadsheet to import")
    .setInputFiles({ name: "legacy.csv", mimeType: "text/csv", buffer: legacy });
  await expect(page.getByText("1 student in legacy.csv")).toBeVisible();
  await expect(page.getByText(/CSV \(Windows-1252, semicolon-separated\)/)).toBeVisible();
  await expect(page.getByRole("table", { name: "Rows of the file" })).toContainText("José");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText(/1 student added/)).toBeVisible({ timeout: 60_000 });
});

test("a school adding a student another school registered is told how to resolve it, not which school", async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const suffix = lettersOf(stamp);
  const phoneBase = 10_000_000 + Math.floor(Math.random() * 50_000_000);
  const first = await registerSchoolByApi(
    `e2edupa${stamp}`,
    `dupa-${stamp}@e2e.example.org`,
    `Shri Saraswati Vidya Mandir ${stamp}`,
  );
  await addStudents(first.username, first.password, [`Gita${suffix}`], phoneBase);
  const second = await registerSchoolByApi(
    `e2edupb${stamp}`,
    `dupb-${stamp}@e2e.example.org`,
    `E2E New School ${stamp}`,
  );

  await signInTo(page, pageUrl("school", "add-students"), second.username, second.password);
  await formHydrated(page, "Add student");
  await page.getByLabel("First name").fill(`Gita${suffix}`);
  await page.getByLabel("Last name").fill("Pay");
  await page.getByLabel("Class").selectOption("8");
  await page.getByLabel("Exam language").selectOption("en");
  await page.getByLabel("Gender").selectOption("female");
  await page.getByLabel("Date of birth").fill("2013-05-01");
  await page.getByLabel("Parent's name").fill("Parent Pay");
  await page.getByLabel("Phone").fill(`97${phoneBase}`);
  await page.getByRole("button", { name: "Add student" }).click();
  const message = page.getByText(/already registered this year with another school/).first();
  await expect(message).toBeVisible();
  await expect(message).toContainText(/quote the reference REG-\d{6}/);
  await expect(page.getByText(/Saraswati/)).toHaveCount(0);
  await shots(page, "duplicate");

  // Pay support resolves the reference the school quotes.
  const reference = /REG-\d{6}/.exec((await message.textContent()) ?? "")?.[0] ?? "";
  await page.context().clearCookies();
  await signInTo(page, pageUrl("coordinator", "student-pay-support", { search: reference }), "paysupport");
  const found = page.getByLabel(`Registration ${reference}`).first();
  await expect(found).toContainText(`Shri Saraswati Vidya Mandir ${stamp}`);
  await expect(found).toContainText(`Gita${suffix} Pay, class VIII`);
  await shots(page, "support-resolves");
});
