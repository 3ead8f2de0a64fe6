import { expect, test } from "@playwright/test";
import { editor, insertFormula } from "./papers-support";
import { expectAccessible, hydrated, pageUrl, signInTo } from "./support";

test.describe.configure({ mode: "serial" });

// Unique per run, so a re-run against the same database finds its own question.
const stamp = `qb${Date.now().toString(36)}`;
const original = `Kinetic energy ${stamp}: a body of mass m moving at speed v has`;
const addition = "(in joules)";
let questionId = "";

test("the subject panel writes a question with a formula and edits it; the sub admin reads its history and restores version 1", async ({
  page,
  browser,
}) => {
  test.slow();
  await signInTo(page, pageUrl("papersetter", "level1-questions"), "subject");
  await expect(page.getByRole("table", { name: "Level 1 questions" })).toBeVisible();
  await expectAccessible(page, "level 1 questions");

  // A new question of the list's level, with a formula written through the editor.
  await page.getByRole("link", { name: "New question" }).click();
  await expect(page).toHaveURL(/\/paper-editor-admin\/question\?level=level1$/);
  await hydrated(page);
  await page.getByRole("combobox", { name: "Class", exact: true }).selectOption({ label: "Class VIII" });
  await page.getByRole("combobox", { name: "Subject", exact: true }).selectOption({ label: "Physics" });
  await editor(page, "Question text").click();
  await page.keyboard.type(`${original} `);
  await insertFormula(page, "Question text", "\\frac{1}{2}mv^2");
  for (const [key, answer] of [
    ["A", "mv"],
    ["B", "half of m times v squared"],
    ["C", "mgh"],
    ["D", "zero"],
  ]) {
    await editor(page, `Option ${key}`).click();
    await page.keyboard.type(answer as string);
  }
  await page.getByRole("radio", { name: "Option B" }).check();
  // The preview shows what will be saved: the rendered formula and the marked answer.
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.locator(".katex").first()).toBeVisible();
  await expect(preview.getByRole("listitem").filter({ hasText: "Correct" })).toContainText("half of m times v squared");
  await expectAccessible(page, "new question");
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The question is saved as version 1." })).toBeVisible();
  await expect(page).toHaveURL(/\/paper-editor-admin\/question\?id=\d+$/);
  questionId = new URL(page.url()).searchParams.get("id") ?? "";
  expect(Number(questionId)).toBeGreaterThan(0);

  // It is in the Level 1 list, found by its words, with its formula rendered.
  await page.goto(pageUrl("papersetter", "level1-questions"));
  await hydrated(page);
  await page.getByRole("searchbox").fill(stamp);
  await expect(page).toHaveURL(new RegExp(`search=${stamp}`));
  const table = page.getByRole("table", { name: "Level 1 questions" });
  await expect(table.locator("tbody tr")).toHaveCount(1);
  const row = table.getByRole("row", { name: new RegExp(stamp) });
  await expect(row).toContainText("Physics");
  await expect(row).toContainText("Draft");
  await expect(row).toContainText("Version 1");
  await expect(row.locator(".katex")).toBeVisible();
  // The subject panel writes; it does not review.
  await expect(row.getByRole("button", { name: `Review question ${questionId}` })).toHaveCount(0);

  // An edit is version 2.
  await row.getByRole("link", { name: `Edit question ${questionId}` }).click();
  await expect(page).toHaveURL(new RegExp(`question\\?id=${questionId}$`));
  await hydrated(page);
  await expect(editor(page, "Question text").locator(".ql-formula")).toBeVisible();
  await editor(page, "Question text").click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(` ${addition}`);
  await page.getByRole("button", { name: "Save as a new version" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved as version 2." })).toBeVisible();
  await expect(editor(page, "Question text")).toContainText(addition);

  // The sub admin reads the history: what changed, and the words added.
  const admin = await (await browser.newContext()).newPage();
  await signInTo(admin, pageUrl("papersetter", "question", { id: questionId }), "pssubadmin");
  await admin.getByRole("button", { name: "History" }).click();
  const history = admin.getByRole("dialog", { name: `History of question ${questionId}` });
  const versions = history.getByRole("list", { name: "Versions, newest first" });
  await expect(versions.getByRole("listitem")).toHaveCount(2);
  await expect(versions.getByRole("button", { name: /^Version 2 \(current\)/ })).toContainText(
    "Changed: question text",
  );
  await expect(history.getByRole("heading", { name: "Version 2 beside version 1" })).toBeVisible();
  await expect(history.locator("ins", { hasText: addition })).toBeVisible();
  await expectAccessible(admin, "question history");

  // Version 1 restored is version 3, with the original text.
  await versions.getByRole("button", { name: /^Version 1/ }).click();
  await expect(history.getByRole("heading", { name: "Version 1, the first" })).toBeVisible();
  await history.getByRole("button", { name: "Restore this version" }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Restore", exact: true }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Version 1 is restored as version 3." })).toBeAttached();
  await expect(versions.getByRole("listitem")).toHaveCount(3);
  const restored = versions.getByRole("button", { name: /^Version 3 \(current\)/ });
  await expect(restored).toContainText("Restored from version 1");
  await expect(restored).toHaveAttribute("aria-pressed", "true");
  await expect(history.locator("del", { hasText: addition })).toBeVisible();
  await admin.keyboard.press("Escape");
  await expect(history).toBeHidden();
  const text = editor(admin, "Question text");
  await expect(text).toContainText(original);
  await expect(text).not.toContainText(addition);
  await expect(text.locator(".ql-formula")).toBeVisible();
  await expectAccessible(admin, "question screen");
  await admin.screenshot({ path: "e2e/artifacts/screens/papers-question.png", fullPage: true });
});

test("a translator reads a question and links only into its own languages", async ({ page }) => {
  await signInTo(page, pageUrl("papersetter", "level1-questions"), "translator");
  await page.getByRole("searchbox").fill("SI unit of force");
  await expect(page).toHaveURL(/search=SI/);
  const row = page.getByRole("table", { name: "Level 1 questions" }).getByRole("row", { name: /SI unit of force/ });
  // Nothing to write or review; Translate opens its first language (Hindi).
  await expect(row.getByRole("link", { name: /^Open question/ })).toBeVisible();
  await expect(row.getByRole("link", { name: /^Translate question/ })).toHaveAttribute("href", /language_id=2$/);
  await expect(row.getByRole("button", { name: /^Review/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "New question" })).toHaveCount(0);

  await row.getByRole("link", { name: /^Open question/ }).click();
  await hydrated(page);
  await expect(page.getByRole("button", { name: /^Save/ })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Question", exact: true })).toContainText("SI unit of force");
  const chips = page.getByRole("list", { name: "Translations" });
  await expect(chips.getByRole("listitem")).toHaveCount(13);
  await expect(chips.getByRole("link")).toHaveCount(2);
  await expect(chips.getByRole("link", { name: /^Hindi/ })).toHaveAttribute("href", /language_id=2$/);
  await expect(chips.getByRole("link", { name: /^Urdu/ })).toHaveAttribute("href", /language_id=14$/);
  await expectAccessible(page, "question screen, read only");
});
