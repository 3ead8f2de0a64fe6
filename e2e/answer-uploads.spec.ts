import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { deletedUploadMessage, NO_ANSWER_FILE, RESULT_SHEET_FORMATS } from "@repo/contracts/results-constants";
import {
  API,
  appOrigin,
  DEMO_PASSWORD,
  expectAccessible,
  hydrated,
  pageUrl,
  schoolWithStudents,
  settled,
  signIn,
  signInTo,
} from "./support";

const SCREENS = "e2e/artifacts/screens";

test.setTimeout(120_000);

async function tokenOf(username: string) {
  const login = await fetch(`${API}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password: DEMO_PASSWORD, app: "coordinator" }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/**
 * Three class VIII students of a school registered by this run, marked paid by hand (so they get
 * roll numbers). Their sheets score nothing and are deleted at the end: no demo student's result
 * or rank changes.
 */
async function paidStudents(): Promise<string[]> {
  const { ids } = await schoolWithStudents(
    "Results",
    ["Ira", "Veer", "Tara"],
    40_000_000 + Math.floor(Math.random() * 10_000_000),
  );
  const token = await tokenOf("admin");
  const rolls: string[] = [];
  for (const id of ids) {
    const paid = await fetch(`${API}/api/admin/students/${id}/update-payment-status`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ payment_status: "paid", reference: "CHQ-E2E-RESULTS", reason: "Cheque received" }),
    });
    expect(paid.status, await paid.clone().text()).toBe(200);
    rolls.push(((await paid.json()) as { data: { roll_number: string } }).data.roll_number);
  }
  return rolls;
}

/**
 * The vendor's file from e2e/fixtures/answer-sheets.txt: `{roll:n}` is the n-th student's roll
 * number, `{answers:n}` n answers that score nothing (blanks and double marks; Level 1 has no
 * negative marks). The demo's Level 1 paper for class VIII is L1-VIII-R.
 */
function vendorFile(rolls: string[]): Buffer {
  const answers = (n: number) => Array.from({ length: n }, (_, i) => (i % 3 === 0 ? "*" : "")).join(",");
  const text = readFileSync("e2e/fixtures/answer-sheets.txt", "utf8")
    .replace(/\{roll:(\d)\}/g, (_, n) => rolls[Number(n) - 1] ?? "")
    .replace(/\{answers:(\d+)\}/g, (_, n) => answers(Number(n)));
  return Buffer.from(text);
}

async function onPhone(page: Page, shot: string) {
  // expectAccessible lets the shell settle into its phone layout first.
  await page.setViewportSize({ width: 360, height: 800 });
  await expectAccessible(page, `${shot} on a phone`);
  await page.screenshot({ path: `${SCREENS}/${shot}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 860 });
  await settled(page);
}

test("an admin checks a vendor's file, reads the refused lines, stores the good sheets and deletes them again", async ({
  page,
}) => {
  // A school registered, three students paid, a file checked, stored and deleted.
  test.slow();
  const rolls = await paidStudents();
  const fileName = `vendor-e2e-${Date.now().toString(36)}.txt`;

  await signInTo(page, pageUrl("coordinator", "upload-exam-file"), "admin");
  await expect(page.getByRole("heading", { level: 1, name: "Upload Exam File" })).toBeVisible();
  await expect(page).toHaveTitle(/^Upload Exam File · /);
  // The demo's sheets: stored per level and class, and their uploads.
  const stored = page.getByRole("table", { name: "Stored answer sheets per class" });
  await expect(stored.getByRole("row", { name: /Class VIII/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "Uploads" })).toContainText("demo-vendor-level1.txt");
  await expect(page.getByLabel(RESULT_SHEET_FORMATS[0].name)).toBeChecked();
  await expect(page.getByText("KA08000123,L1-VIII-A,A,C,,BD,*")).toBeVisible();
  await expectAccessible(page, "upload exam file");
  await page.screenshot({ path: `${SCREENS}/answer-uploads-page.png`, fullPage: true });

  // Without a file, the form says what is missing.
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByText(NO_ANSWER_FILE)).toBeVisible();

  await page.getByLabel("Exam level").selectOption({ label: "Level 1" });
  await page
    .getByLabel("Answer-sheet file")
    .setInputFiles({ name: fileName, mimeType: "text/plain", buffer: vendorFile(rolls) });
  await page.getByRole("button", { name: "Check file" }).click();
  await page.waitForURL(/\?upload=\d+$/);
  const uploadId = Number(new URL(page.url()).searchParams.get("upload"));

  // The dry run's report: nothing stored yet, every refused line by number and reason.
  await expect(page.getByRole("heading", { name: `Report: ${fileName}` })).toBeVisible();
  await expect(page.getByText("Checked – waiting for your confirmation", { exact: false })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole("group", { name: "Report figures" })).toHaveText(
    /Lines read\s*7\s*Sheets to store\s*2\s*Of which replace stored sheets\s*0\s*Lines refused\s*5/,
  );
  await expect(page.getByRole("list", { name: "Problems by kind" }).getByRole("listitem")).toHaveText([
    /Lines that could not be read\s*1$/,
    /Unknown roll numbers\s*1$/,
    /Students who have not paid\s*0$/,
    /Wrong paper sets: code, class, answer count or options\s*1$/,
    /Earlier lines of a roll number repeated later in the file\s*2$/,
  ]);
  await expect(page.getByRole("list", { name: "Sheets per paper set" })).toHaveText(/L1-VIII-R\s*2 sheets/);
  const problems = page.getByRole("table", { name: "Problems found" }).locator("tbody tr");
  await expect(problems).toHaveCount(5);
  const expected = [
    ["2", "—", "Lines that could not be read"],
    ["3", "ZZ99000001", "No student of this exam year has this roll number"],
    ["4", rolls[1] ?? "", "Replaced by line 6, which has the same roll number"],
    // A refused rescan (decision 057): both lines, and no sheet for the roll number from this file.
    ["5", rolls[2] ?? "", `Replaced by line 7 (refused), so roll ${rolls[2]} has no sheet from this file`],
    ["7", rolls[2] ?? "", "99 answers for the 100 questions of L1-VIII-R"],
  ];
  for (const [i, [line, roll, words]] of expected.entries()) {
    await expect(problems.nth(i).locator("td").first()).toHaveText(line ?? "");
    await expect(problems.nth(i)).toContainText(roll ?? "");
    await expect(problems.nth(i)).toContainText(words ?? "");
  }
  await expectAccessible(page, "dry-run report");
  await page.screenshot({ path: `${SCREENS}/answer-uploads-report.png`, fullPage: true });

  // Every problem as CSV.
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download every problem (CSV)" }).click(),
  ]);
  const text = readFileSync(await csv.path(), "utf8");
  expect(text).toContain('"3","ZZ99000001","unknown_roll","No student of this exam year has this roll number"');
  expect(text.trim().split("\r\n")).toHaveLength(6);

  // Confirmed: the store job scores and stores the two sheets.
  await page.getByRole("button", { name: "Store 2 sheets" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`2 sheets of ${fileName} will be scored and stored for Level 1`);
  await confirm.getByRole("button", { name: "Store 2 sheets" }).click();
  await expect(page.getByText(/^Stored: 2 sheets were stored on /)).toBeVisible({ timeout: 30_000 });
  const uploads = page.getByRole("table", { name: "Uploads" });
  await expect(uploads.getByRole("row", { name: new RegExp(fileName) })).toContainText("Stored");
  await expectAccessible(page, "stored upload");
  await page.screenshot({ path: `${SCREENS}/answer-uploads-stored.png`, fullPage: true });
  await onPhone(page, "answer-uploads-stored");

  // Deleting the upload's sheets: what goes, per class, then gone.
  await page.getByRole("button", { name: "Delete its sheets" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete the sheets of ${fileName}` });
  await expect(dialog.getByLabel("Sheets to delete per class")).toHaveText(/Class VIII\s*2 sheets/);
  await expectAccessible(page, "delete sheets dialog");
  await dialog.getByRole("button", { name: "Delete 2 sheets" }).click();
  await expect(page.getByRole("alertdialog")).toContainText(deletedUploadMessage(2));
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(
    page.getByText(
      /^Deleted on .*: the 2 sheets it stored were taken away or had been replaced by later uploads; none of its sheets is stored now\.$/,
    ),
  ).toBeVisible();
  // What is true now: nothing stored (issue 36 item 5), not the "Sheets stored 2" of the store's report.
  await expect(page.getByRole("group", { name: "Report figures" })).toHaveText(
    /Lines read\s*7\s*Sheets stored, then deleted\s*2\s*Sheets stored now\s*0\s*Lines refused\s*5/,
  );
  await expect(page.getByRole("button", { name: "Delete its sheets" })).toHaveCount(0);

  // The list opens the report again.
  await page.goto(pageUrl("coordinator", "upload-exam-file"));
  await hydrated(page);
  await page.getByRole("link", { name: `${fileName} (report of upload ${uploadId})` }).click();
  await expect(page.getByRole("heading", { name: `Report: ${fileName}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?upload=${uploadId}$`));
});

test("the reset page shows what a level's reset deletes and withdraws, and refuses a wrong name", async ({
  page,
  browser,
}) => {
  await signInTo(page, pageUrl("coordinator", "reset-exam"), "subadmin");
  await expect(page.getByRole("heading", { level: 1, name: "Reset Exam" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What a reset of Level 1 deletes" })).toBeVisible();
  const summary = page.getByLabel("What a reset of Level 1 deletes and keeps");
  await expect(summary).toContainText("Answer sheets to delete");
  await expect(summary).toContainText(/Finalized paper sets\s*\d+ kept/);
  // The demo's Level 1 certificates: counted, and withdrawn only when ticked (decision 060).
  await expect(summary).toContainText(/Certificates\s*[\d,]+ certificates? to withdraw/);
  const reset = page.getByRole("button", { name: "Reset Level 1" });
  await expect(reset).toBeDisabled();
  await page.getByLabel("Type “Level 1” to confirm").fill("Level 1");
  await expect(reset).toBeDisabled();
  const withdraw = page.getByRole("checkbox", { name: /^Withdraw [\d,]+ certificates?/ });
  await withdraw.check();
  await expect(reset).toBeEnabled();
  await page.getByLabel("Type “Level 1” to confirm").fill("Level one");
  await expect(reset).toBeDisabled();
  await expectAccessible(page, "reset exam");
  await page.screenshot({ path: `${SCREENS}/answer-uploads-reset.png`, fullPage: true });
  await onPhone(page, "answer-uploads-reset");

  // The level switcher.
  await page.getByRole("navigation", { name: "Exam level" }).getByRole("link", { name: "Mock" }).click();
  await expect(page).toHaveURL(/level=mock$/);
  await expect(page.getByRole("heading", { name: "What a reset of Mock deletes" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Exam level" }).getByRole("link", { name: "Mock" }),
  ).toHaveAttribute("aria-current", "page");

  // Without script the button is there to press: the API refuses the wrong name on the field.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(`${appOrigin("coordinator")}/login`);
  await plain.getByLabel("Username").fill("subadmin");
  await plain.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await plain.getByRole("button", { name: "Sign in" }).click();
  await plain.waitForURL((url) => !url.pathname.startsWith("/login") && !url.pathname.startsWith("/auth/"));
  await plain.goto(pageUrl("coordinator", "reset-exam"));
  await plain.getByLabel("Type “Level 1” to confirm").fill("Level one");
  await plain.getByRole("checkbox", { name: /^Withdraw [\d,]+ certificates?/ }).check();
  await plain.getByRole("button", { name: "Reset Level 1" }).click();
  await expect(plain.getByText('Type "Level 1" to confirm that every Level 1 result is deleted')).toBeVisible();
  await expect(plain.getByLabel("Type “Level 1” to confirm")).toHaveAttribute("aria-invalid", "true");
  // What was typed and ticked comes back with the refusal, to be corrected rather than typed again (decision 053).
  await expect(plain.getByLabel("Type “Level 1” to confirm")).toHaveValue("Level one");
  await expect(plain.getByRole("checkbox", { name: /^Withdraw [\d,]+ certificates?/ })).toBeChecked();
  await noScript.close();
});

test("a district coordinator gets neither page", async ({ page }) => {
  await signIn(page, "coordinator", "district");
  for (const id of ["upload-exam-file", "reset-exam"] as const) {
    const response = await page.goto(pageUrl("coordinator", id));
    expect(response?.status(), id).toBe(403);
    await hydrated(page);
    await expect(page.getByText("You do not have permission to open this page")).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Upload a vendor's file" })).toHaveCount(0);
});
