import { execFileSync } from "node:child_process";
import { expect, type Page, test } from "@playwright/test";
import { demoSeason, expectAccessible, hydrated, pageUrl, seasonDay, signInTo } from "./support";

/**
 * Paper sets, the exam schedule and panel members in the papersetter app. The demo has three
 * reviewed Level 1 class VIII questions: the SI unit of force (Hindi and Urdu done), the value of
 * x² + 2x + 1 (Hindi done) and the cell nucleus (no translation), and a draft set L1-VIII-A.
 */

/** Ticks the question whose text holds `text` in the open "Add questions" picker and adds it. */
async function addQuestion(page: Page, section: "A" | "B", search: string, text: RegExp) {
  await page.getByRole("button", { name: `Add questions to Section ${section}` }).click();
  const picker = page.getByRole("dialog", { name: `Add questions to Section ${section}` });
  await picker.getByRole("searchbox").fill(search);
  const row = picker.getByRole("row", { name: text });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Yes");
  await row.getByRole("checkbox").check();
  await picker.getByRole("button", { name: "Add 1 question" }).click();
  await expect(picker).toHaveCount(0);
  await expect(page.getByRole("list", { name: `Questions of Section ${section}` })).toContainText(text);
}

test("the admin assembles a Level 1 class VIII set in English and Hindi, checks it, finalizes it and downloads the Hindi paper", async ({
  page,
}) => {
  test.slow();
  const stamp = Date.now().toString(36).slice(-6).toUpperCase();
  const code = `E2E-${stamp}`;
  await signInTo(page, pageUrl("papersetter", "level1-papersets"), "psadmin");
  const list = page.getByRole("table", { name: "Level 1 paper sets" });
  await expect(list).toContainText("L1-VIII-A");
  await expectAccessible(page, "level 1 paper sets");

  // A new set: class VIII, English (always) and Hindi (offered by default).
  await page.getByRole("button", { name: "New paper set" }).click();
  const create = page.getByRole("dialog", { name: "New Level 1 paper set" });
  await create.getByLabel("Class").selectOption({ label: "Class VIII" });
  await create.getByLabel("Name", { exact: true }).fill(`E2E set ${stamp}`);
  await create.getByLabel("Code").fill(code);
  await expect(create.getByRole("button", { name: /^Languages besides English/ })).toContainText("Hindi");
  await expectAccessible(page, "new paper set dialog");
  await create.getByRole("button", { name: "Create paper set" }).click();
  await page.waitForURL(/\/paper-editor-admin\/paper-set\?id=\d+/);
  await hydrated(page);
  const header = page.getByRole("region", { name: `${code}: E2E set ${stamp}` });
  await expect(header).toContainText("Draft");
  await expect(header).toContainText("English, Hindi");
  const sectionB = page.getByRole("region", { name: "Section B" });
  await expect(sectionB).toContainText("Section B counts only when Section A reaches 20 marks");

  // One question in each section: refused while B waits for 20 marks that one question cannot hold.
  await header.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: `Edit ${code}` });
  await edit.getByRole("group", { name: "Section A" }).getByLabel("Questions").fill("1");
  await edit.getByRole("group", { name: "Section B" }).getByLabel("Questions").fill("1");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByRole("group", { name: "Section A" })).toContainText(
    "Section B counts only when Section A reaches 20 marks, but Section A has at most 1 mark",
  );
  await edit.getByRole("button", { name: "Cancel" }).click();
  // The rule is the set's own (decision 059): lowered on Section B's card, then the resize saves.
  const rule = sectionB.getByRole("form", { name: "Qualifying rule of Section B" });
  await rule.getByLabel("reaches (marks)").fill("1");
  await rule.getByRole("button", { name: "Save rule" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("The qualifying rule is saved");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(sectionB).toContainText("Section B counts only when Section A reaches 1 mark");
  await header.getByRole("button", { name: "Edit" }).click();
  await edit.getByRole("group", { name: "Section A" }).getByLabel("Questions").fill("1");
  await edit.getByRole("group", { name: "Section B" }).getByLabel("Questions").fill("1");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("The paper set is saved");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(page.getByRole("region", { name: "Section A" })).toContainText("0 of 1 placed");

  // The nucleus question has no Hindi translation: the check says so and links to translating it.
  await addQuestion(page, "A", "genetic material", /genetic material/);
  await addQuestion(page, "B", "value of", /value of/);
  await header.getByRole("link", { name: "Check" }).click();
  const check = page.getByRole("region", { name: "Check before finalizing" });
  await expect(check).toContainText(/Question \d+ \(section A\) has no translation into Hindi/);
  await expect(check.getByRole("link", { name: /^Translate question \d+ into Hindi$/ })).toHaveAttribute(
    "href",
    /\/paper-editor-admin\/translate\?question_id=\d+&language_id=2$/,
  );
  await expect(check.getByRole("listitem")).toHaveCount(1);
  await expectAccessible(page, "paper set with its check");
  await page.screenshot({ path: "e2e/artifacts/screens/paper-set-check.png", fullPage: true });

  // The SI unit question (translated) takes its place: nothing is left to fix.
  const sectionA = page.getByRole("list", { name: "Questions of Section A" });
  await sectionA.getByRole("button", { name: /^Remove question \d+$/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("region", { name: "Section A" })).toContainText("No questions placed yet");
  await addQuestion(page, "A", "SI unit of force", /SI unit of force/);
  await expect(check).toContainText("No problems");

  // Finalized for good: read-only, with its content hash.
  await header.getByRole("button", { name: "Finalize" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("cannot be undone");
  await page.getByRole("alertdialog").getByRole("button", { name: "Finalize" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("The paper set is finalized");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(header).toContainText("Finalized: it never changes");
  await expect(header).toContainText(/Content hash\s*[0-9a-f]{64}/);
  await expect(header.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Add questions/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Remove question/ })).toHaveCount(0);
  await expectAccessible(page, "finalized paper set");
  await page.screenshot({ path: "e2e/artifacts/screens/paper-set-finalized.png", fullPage: true });

  // The Hindi question paper, as a PDF.
  const [pdf] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Question paper PDF in Hindi" }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  // What it prints: the Hindi text, the set's code, the formula drawn (never its TeX source).
  const file = await pdf.path();
  const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
  expect(text.replace(/\s+/g, "")).toContain("मात्रक");
  expect(text).toContain(code);
  expect(text).not.toMatch(/x\^2|\\frac/);
  // A picture of the first page, for a person to look at (e2e/artifacts/screens).
  execFileSync("pdftoppm", ["-r", "60", "-f", "1", "-l", "1", "-png", file, "e2e/artifacts/screens/paper-set-hindi"]);

  // The list shows it finalized, with the start of its hash.
  await page.goto(pageUrl("papersetter", "level1-papersets"));
  await hydrated(page);
  const row = page.getByRole("table", { name: "Level 1 paper sets" }).getByRole("row", { name: new RegExp(code) });
  await expect(row).toContainText("Finalized");
  await expect(row).toContainText(/Hash [0-9a-f]{12}/);
  await expect(row).toContainText("A: 1/1");
});

test("the sub admin assembles but cannot finalize; the subject panel only reads", async ({ page, browser }) => {
  await signInTo(page, pageUrl("papersetter", "level1-papersets"), "pssubadmin");
  await page
    .getByRole("table", { name: "Level 1 paper sets" })
    .getByRole("link", { name: "L1-VIII-A", exact: true })
    .click();
  await page.waitForURL(/paper-set\?id=\d+/);
  await hydrated(page);
  const header = page.getByRole("region", { name: /^L1-VIII-A/ });
  await expect(header.getByRole("button", { name: "Edit" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Check" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Finalize" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Download" })).toBeVisible();

  const panel = await (await browser.newContext()).newPage();
  await signInTo(panel, pageUrl("papersetter", "level1-papersets"), "subject");
  await expect(panel.getByRole("button", { name: "New paper set" })).toHaveCount(0);
  await panel
    .getByRole("table", { name: "Level 1 paper sets" })
    .getByRole("link", { name: "L1-VIII-A", exact: true })
    .click();
  await panel.waitForURL(/paper-set\?id=\d+/);
  await hydrated(panel);
  await expect(panel.getByRole("region", { name: /^L1-VIII-A/ })).toContainText("Draft");
  for (const name of [
    /^Edit$/,
    /^Fill from blueprint$/,
    /^Finalize$/,
    /^Add questions/,
    /^Remove question/,
    /^Move question/,
  ]) {
    await expect(panel.getByRole("button", { name })).toHaveCount(0);
  }
  await expect(panel.getByRole("region", { name: "Download" })).toHaveCount(0);
  await expectAccessible(panel, "paper set, read only");
});

test("the admin sets an exam date in India time and sees it in the schedule", async ({ page }) => {
  const note = `E2E ${Date.now().toString(36)}`;
  await signInTo(page, pageUrl("papersetter", "exam-schedule"), "psadmin");
  await expect(page.getByRole("table", { name: "Level 1 schedule" })).toContainText(
    `${seasonDay(demoSeason().level1At)}, 10:00 am IST`,
  );
  await page.getByRole("button", { name: "Set an exam date" }).click();
  const dialog = page.getByRole("dialog", { name: "Set an exam date" });
  await dialog.getByLabel("Exam").selectOption({ label: "Level 2" });
  await dialog.getByLabel("Class").selectOption({ label: "Class X" });
  await dialog.getByLabel("Starts at").fill("2027-01-31T10:00");
  await dialog.getByLabel("Duration (minutes)").fill("45");
  await dialog.getByLabel("Note").fill(note);
  await expectAccessible(page, "exam schedule dialog");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("The exam schedule is saved");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  const row = page
    .getByRole("table", { name: "Level 2 schedule" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: "Class X", exact: true }) });
  await expect(row).toContainText("31 Jan 2027, 10:00 am IST");
  await expect(row).toContainText("45 min");
  await expect(row).toContainText(note);
  await expectAccessible(page, "exam schedule");

  // The admin's panel: who writes in which subjects, who translates into which languages.
  await page.goto(pageUrl("papersetter", "panel-members"));
  await hydrated(page);
  await expect(page.getByRole("table", { name: "Subject panel" })).toContainText("Physics, Mathematics");
  await expect(page.getByRole("table", { name: "Translators" })).toContainText("Hindi, Urdu");
  await expectAccessible(page, "panel members");
});
