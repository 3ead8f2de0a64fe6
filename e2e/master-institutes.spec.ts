import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import {
  API,
  DEMO_PASSWORD,
  expectAccessible,
  fillSchoolDetails,
  formHydrated,
  mailsTo,
  pageUrl,
  settled,
  signIn,
  signInTo,
} from "./support";

const SCREENS = "e2e/artifacts/screens";
const PHONE = { width: 390, height: 844 };
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

// A school with its account and mail, a 20-student import job, and LMS's create and disable.
test.setTimeout(180_000);

async function shots(page: Page, name: string) {
  await settled(page);
  await page.screenshot({ path: `${SCREENS}/master-institutes-${name}.png`, fullPage: true });
  const desktop = page.viewportSize();
  await page.setViewportSize(PHONE);
  await settled(page);
  await page.screenshot({ path: `${SCREENS}/master-institutes-${name}-phone.png`, fullPage: true });
  if (desktop) await page.setViewportSize(desktop);
  await settled(page);
}

/** 0 → "a", 27 → "bb": names without digits. */
const letters = (n: number) => {
  let s = "";
  let x = n;
  do {
    s = String.fromCharCode(97 + (x % 26)) + s;
    x = Math.floor(x / 26);
  } while (x > 0);
  return s;
};

/** The students template filled with `count` students, unique to this run. */
async function studentsFile(count: number, stamp: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Students");
  sheet.addRow(["First name", "Last name", "Class", "Language", "Gender", "Date of birth", "Parent's name", "Phone"]);
  const digits = stamp.slice(-4);
  for (let i = 0; i < count; i++) {
    sheet.addRow([
      `Ira${letters(i)}`,
      "Kale",
      "VIII",
      "Marathi",
      "Female",
      "02/04/2013",
      "Sunita Kale",
      `97${digits}${String(i).padStart(4, "0")}`,
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const signInStatus = async (username: string, password: string) =>
  (
    await fetch(`${API}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username, password, app: "school" }),
    })
  ).status;

test("a master institute adds a school, imports 20 students into it and sees them in its schools", async ({ page }) => {
  const stamp = String(Date.now()).slice(-7);
  const name = `E2E Institute School ${stamp}`;
  const email = `mi-school-${stamp}@e2e.example.org`;
  const username = `e2emischool${stamp}`;
  await signIn(page, "school", "masterinstitute");

  // Add School: the registration form, the password left to the portal.
  await page.goto(pageUrl("school", "add-school"));
  await expect(page.getByRole("form", { name: "New school" })).toBeVisible();
  await formHydrated(page, "Add school");
  await fillSchoolDetails(page, { name, email });
  await page.getByLabel("Username").fill(username);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Add school" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("School added");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(page.getByRole("status").filter({ hasText: email })).toBeVisible();

  // The school's sign-in details arrive by mail, and they work.
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const mail = (await mailsTo(email)).at(-1);
  expect(mail?.subject).toContain(name);
  const password = mail?.text.match(/Password: (\S+)/)?.[1] ?? "";
  expect(mail?.text).toContain(`Username: ${username}`);
  expect(await signInStatus(username, password)).toBe(200);
  await page.getByRole("tab", { name: "From a spreadsheet" }).click();
  await expect(page.getByRole("link", { name: "Download the template" })).toBeVisible();
  await shots(page, "add-school");

  // Add Students: pick the new school, then import 20 students from a spreadsheet.
  await page.goto(pageUrl("school", "add-students"));
  await page.getByRole("combobox", { name: /^School/ }).selectOption({ label: name });
  await page.getByRole("tab", { name: "From a spreadsheet" }).click();
  await page
    .getByLabel("Spreadsheet to import")
    .setInputFiles({ name: "students.xlsx", mimeType: XLSX, buffer: await studentsFile(20, stamp) });
  await expect(page.getByText("20 students in students.xlsx")).toBeVisible();
  await expect(page.getByText("No mistakes found")).toBeVisible();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("20 students added.")).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page);
  await shots(page, "import-students");

  // View Schools: the new school with its 20 unpaid students; its students in a dialog.
  await page.goto(pageUrl("school", "view-school", { search: name }));
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").nth(1)).toHaveText("20");
  await expect(row.getByRole("cell").nth(3)).toHaveText("20");
  await expectAccessible(page);
  await row.getByRole("button", { name: `Students of ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Students of ${name}` });
  await expect(dialog).toContainText("20 students this exam year");
  await expect(dialog.getByRole("row")).toHaveCount(11);
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await page.goto(pageUrl("school", "view-school"));
  await shots(page, "view-school");

  // The dashboard lists its schools.
  await page.goto(pageUrl("school", "dashboard"));
  await expect(page.getByRole("list", { name: "Your schools" }).getByRole("listitem")).toHaveCount(5);
  await expectAccessible(page);
  await shots(page, "dashboard");
});

test("LMS creates a master institute and disables it, which stops its sign-in", async ({ page }) => {
  const stamp = String(Date.now()).slice(-7);
  const name = `E2E Education Trust ${stamp}`;
  const username = `e2etrust${stamp}`;
  const email = `trust-${stamp}@e2e.example.org`;
  await signInTo(page, pageUrl("coordinator", "master-institutes"), "lms");
  await expect(page.getByRole("row", { name: /Vidya Bharati Institute Group/ })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Create institute" }).click();
  const dialog = page.getByRole("dialog", { name: "Create master institute" });
  await dialog.getByLabel("Institute name").fill(name);
  await dialog.getByLabel("Contact person").fill("M. Gokhale");
  await dialog.getByLabel("Phone").fill("9822011111");
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Username").fill(username);
  await dialog.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await expectAccessible(page);
  await shots(page, "create-institute");
  await dialog.getByRole("button", { name: "Create institute" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Master institute created");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 20_000 }).toBeGreaterThan(0);
  expect(await signInStatus(username, DEMO_PASSWORD)).toBe(200);

  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Active");
  await row.getByRole("button", { name: `Disable ${name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Disable" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("it can no longer sign in");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(row).toContainText("Disabled");
  expect(await signInStatus(username, DEMO_PASSWORD)).toBe(401);
  await shots(page, "list");

  // The GCC zone's schools.
  await page.goto(pageUrl("coordinator", "gcc-schools"));
  await expect(page.getByRole("row", { name: /Dubai/ }).first()).toBeVisible();
  await expectAccessible(page);
  await shots(page, "gcc-schools");
});
