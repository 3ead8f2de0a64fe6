import { expect, test } from "@playwright/test";
import { API, DEMO_PASSWORD, expectAccessible, hydrated, pageUrl, signInTo } from "./support";

/** The demo's Level 1 class VIII question whose text holds the formula x^2 + 2x + 1, found as the translator. */
async function formulaQuestion(): Promise<number> {
  const login = await fetch(`${API}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "translator", password: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const query = new URLSearchParams({ search: "value of", class_level: "1", is_mock: "0", class_id: "8" });
  const list = await fetch(`${API}/api/question/question-list?${query}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const items = ((await list.json()) as { data: { items: { id: number; text: string }[] } }).data.items;
  await fetch(`${API}/api/logout`, { method: "POST", headers: { Authorization: `Bearer ${token}` } });
  const found = items.find((q) => q.text.includes('data-value="x^2 + 2x + 1"'));
  if (!found) throw new Error("the demo's formula question is missing");
  return found.id;
}

const URDU = "14";
const HINDI = "2";

test("a translator translates the formula question into Urdu keeping the formula; the dashboard and the activity log count it", async ({
  page,
  browser,
}) => {
  test.slow();
  const questionId = String(await formulaQuestion());
  // Urdu: the English on the left, the Urdu editors on the right, right to left.
  await signInTo(
    page,
    pageUrl("papersetter", "translate", { question_id: questionId, language_id: URDU }),
    "translator",
  );
  await expect(page.getByRole("heading", { name: `Translate question ${questionId} into Urdu` })).toBeVisible();
  const text = page.getByRole("textbox", { name: "Urdu: Question text" });
  await expect(text).toBeVisible();
  await expect(page.locator('[data-side="target"][lang="ur"]').first().locator('[dir="rtl"]').first()).toBeVisible();
  // The formulas are listed, locked, and copied into the editors.
  await expect(page.getByRole("list", { name: "Formulas of the English" }).getByRole("listitem")).toHaveCount(2);
  await expect(text.locator('.ql-formula[data-value="x^2 + 2x + 1"]')).toHaveCount(1);
  await expectAccessible(page, "translate into Urdu");

  // Write Urdu words before the formula, keep the formula, and mark it done.
  await text.click();
  await page.keyboard.press("Control+Home");
  await page.keyboard.type(`اردو ترجمہ ${Date.now().toString(36)}: `);
  await expect(text.locator('.ql-formula[data-value="x^2 + 2x + 1"]')).toHaveCount(1);
  await page.getByRole("button", { name: "Mark done" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: /The Urdu translation is saved as version \d+/ }),
  ).toBeVisible();
  const languages = page.getByRole("navigation", { name: "Languages to translate into" });
  await expect(languages.getByRole("link", { name: /^Urdu/ })).toContainText("Done");
  await expect(page.getByText("Translation status:", { exact: false }).locator("..")).toContainText("Done");
  await page.screenshot({ path: "e2e/artifacts/screens/papers-translate-urdu.png", fullPage: true });

  // Hindi without the formula: refused, with the error at the question text.
  await languages.getByRole("link", { name: /^Hindi/ }).click();
  await expect(page).toHaveURL(new RegExp(`language_id=${HINDI}`));
  await hydrated(page);
  const hindi = page.getByRole("textbox", { name: "Hindi: Question text" });
  await expect(hindi).toBeVisible();
  await hindi.click();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("जब x = 3 हो, तो मान क्या है?");
  await expect(hindi.locator(".ql-formula")).toHaveCount(0);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Formulas are copied from the source" })).toBeVisible();
  await expect(page.getByText("Keep the formulas of the question text exactly as in the source")).toBeVisible();
  await expect(hindi).toHaveAttribute("aria-invalid", "true");

  // The admin's Level 1 dashboard counts the Urdu translation.
  const admin = await (await browser.newContext()).newPage();
  await signInTo(admin, pageUrl("papersetter", "level1-dashboard", { class_id: "8" }), "psadmin");
  const table = admin.getByRole("table", { name: "Level 1 questions by subject and class" });
  const mathematics = table.getByRole("row").filter({ hasText: "Mathematics" });
  await expect(mathematics).toHaveCount(1);
  await expect(mathematics.getByRole("list", { name: "Translations of Mathematics, class VIII" })).toContainText(
    /Urdu: [1-9]\d* of \d+ translated/,
  );
  await expect(admin.getByRole("group", { name: "Summary" })).toContainText("Translations done");
  await expectAccessible(admin, "level 1 dashboard");
  await admin.getByLabel("Subject", { exact: true }).selectOption("Mathematics");
  await expect(admin.getByRole("table", { name: "Mathematics by paper set and section" })).toBeVisible();
  await admin.screenshot({ path: "e2e/artifacts/screens/papers-level1-dashboard.png", fullPage: true });

  // The activity log shows the save, by the translator.
  await admin.goto(pageUrl("papersetter", "user-activity-logs", { action: "translation.save" }));
  await hydrated(admin);
  const log = admin.getByRole("table", { name: "User activity logs" });
  const saved = log
    .getByRole("row")
    .filter({ hasText: `question ${questionId} in Urdu` })
    .first();
  await expect(saved).toContainText("Translation saved");
  await expect(saved).toContainText("Demo Translator Panel");
  await expect(saved.getByRole("link", { name: `Question ${questionId}` })).toBeVisible();
  await expectAccessible(admin, "user activity logs");
});
