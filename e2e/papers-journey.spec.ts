import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { editor, insertFormula } from "./papers-support";
import { hydrated, pageUrl, signIn } from "./support";

/**
 * Issue 14's journey across the four papersetter roles: the subject panel writes a question with a
 * formula, the sub admin reviews it, the translator translates it into Hindi and Urdu, and the
 * admin assembles a two-question set, finalizes it and downloads its Hindi and Urdu papers, whose
 * text (pdftotext) holds the translations and whose fonts show the formula drawn by KaTeX. An edit
 * after finalizing leaves the set's page showing the printed version (decision 061).
 */

const stamp = `jy${Date.now().toString(36)}`;

async function download(page: Page, button: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: button }).click()]);
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  return file.path();
}
const pdfText = (file: string) => execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
const pdfFonts = (file: string) => execFileSync("pdffonts", [file], { encoding: "utf8" });

async function translate(page: Page, questionId: string, languageId: string, language: string, words: string) {
  await page.goto(pageUrl("papersetter", "translate", { question_id: questionId, language_id: languageId }));
  await hydrated(page);
  const text = page.getByRole("textbox", { name: `${language}: Question text` });
  // The editors start from the English, formula included: the translator rewrites the words around it.
  await expect(text.locator(".ql-formula")).toHaveCount(1);
  await text.click();
  await page.keyboard.press("Control+Home");
  await page.keyboard.type(`${words} ${stamp} `);
  await page.getByRole("button", { name: "Mark done" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: new RegExp(`The ${language} translation is saved as version \\d+`) }),
  ).toBeVisible();
}

test("a question goes from the subject panel through review and translation into a finalized paper in Hindi and Urdu", async ({
  browser,
}) => {
  test.slow();
  const as = async (username: string) => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, "papersetter", username);
    return page;
  };

  // The subject panel writes it, with a formula.
  const writer = await as("subject");
  await writer.goto(pageUrl("papersetter", "question", { level: "level1" }));
  await hydrated(writer);
  await writer.getByRole("combobox", { name: "Class", exact: true }).selectOption({ label: "Class VIII" });
  await writer.getByRole("combobox", { name: "Subject", exact: true }).selectOption({ label: "Physics" });
  await editor(writer, "Question text").click();
  await writer.keyboard.type(`Journey ${stamp}: the kinetic energy is `);
  await insertFormula(writer, "Question text", "\\frac{1}{2}mv^2");
  for (const [key, answer] of [
    ["A", "mv"],
    ["B", "mgh"],
    ["C", "half m v squared"],
    ["D", "zero"],
  ]) {
    await editor(writer, `Option ${key}`).click();
    await writer.keyboard.type(answer as string);
  }
  await writer.getByRole("radio", { name: "Option C" }).check();
  await writer.getByRole("button", { name: "Save question" }).click();
  await expect(writer.getByRole("status").filter({ hasText: "The question is saved as version 1." })).toBeVisible();
  await expect(writer).toHaveURL(/question\?id=\d+$/);
  const questionId = new URL(writer.url()).searchParams.get("id") ?? "";

  // The sub admin reviews it from the list.
  const lead = await as("pssubadmin");
  await lead.goto(pageUrl("papersetter", "level1-questions", { search: stamp }));
  await hydrated(lead);
  await lead.getByRole("button", { name: `Review question ${questionId}` }).click();
  await lead.getByRole("alertdialog").getByRole("button", { name: "Mark reviewed" }).click();
  const row = lead.getByRole("table", { name: "Level 1 questions" }).getByRole("row", { name: new RegExp(stamp) });
  await expect(row).toContainText("Reviewed");

  // The translator translates it into Hindi and Urdu.
  const translator = await as("translator");
  await translate(translator, questionId, "2", "Hindi", "गतिज ऊर्जा");
  await translate(translator, questionId, "14", "Urdu", "حرکی توانائی");

  // The admin assembles a set offered in English, Hindi and Urdu: this question and the demo's SI-unit one.
  const admin = await as("psadmin");
  const code = `JY-${stamp.slice(-6).toUpperCase()}`;
  await admin.goto(pageUrl("papersetter", "level1-papersets"));
  await hydrated(admin);
  await admin.getByRole("button", { name: "New paper set" }).click();
  const create = admin.getByRole("dialog", { name: "New Level 1 paper set" });
  await create.getByLabel("Class").selectOption({ label: "Class VIII" });
  await create.getByLabel("Name", { exact: true }).fill(`Journey ${stamp}`);
  await create.getByLabel("Code").fill(code);
  await create.getByRole("button", { name: /^Languages besides English/ }).click();
  await admin.getByRole("option", { name: "Urdu (اردو)", exact: true }).click();
  await admin.keyboard.press("Escape");
  await expect(create.getByRole("button", { name: /^Languages besides English/ })).toContainText("Urdu");
  await create.getByRole("button", { name: "Create paper set" }).click();
  await admin.waitForURL(/\/paper-editor-admin\/paper-set\?id=\d+/);
  await hydrated(admin);
  const header = admin.getByRole("region", { name: `${code}: Journey ${stamp}` });
  // One question a section: B's rule (20 marks in A) goes first, or the resize is refused (decision 059).
  const rule = admin.getByRole("form", { name: "Qualifying rule of Section B" });
  await rule.getByLabel("Counts only when").selectOption({ label: "No rule: always counts" });
  await rule.getByRole("button", { name: "Save rule" }).click();
  await expect(admin.getByRole("alertdialog")).toContainText("The qualifying rule is removed");
  await admin.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await header.getByRole("button", { name: "Edit" }).click();
  const edit = admin.getByRole("dialog", { name: `Edit ${code}` });
  await edit.getByRole("group", { name: "Section A" }).getByLabel("Questions").fill("1");
  await edit.getByRole("group", { name: "Section B" }).getByLabel("Questions").fill("1");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  for (const [section, search] of [
    ["A", stamp],
    ["B", "SI unit of force"],
  ] as const) {
    await admin.getByRole("button", { name: `Add questions to Section ${section}` }).click();
    const picker = admin.getByRole("dialog", { name: `Add questions to Section ${section}` });
    await picker.getByRole("searchbox").fill(search);
    const pick = picker.getByRole("row", { name: new RegExp(search) });
    await expect(pick).toHaveCount(1);
    await pick.getByRole("checkbox").check();
    await picker.getByRole("button", { name: "Add 1 question" }).click();
    await expect(picker).toHaveCount(0);
  }
  await header.getByRole("button", { name: "Finalize" }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Finalize" }).click();
  await expect(admin.getByRole("alertdialog")).toContainText("The paper set is finalized");
  await admin.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(header).toContainText("Finalized: it never changes");

  // The papers print the translations; the formula is drawn with KaTeX's fonts, not left as TeX.
  const hindi = await download(admin, "Question paper PDF in Hindi");
  expect(pdfText(hindi).replace(/\s+/g, "")).toContain(`गतिजऊर्जा${stamp}`);
  const urdu = await download(admin, "Question paper PDF in Urdu");
  const urduText = pdfText(urdu);
  expect(urduText).toContain(stamp);
  expect(urduText.replace(/[\s\u200e\u200f]/g, "")).toContain("حرکی");
  for (const file of [hindi, urdu]) {
    expect(pdfText(file)).not.toMatch(/\\frac|mv\^2/);
    expect(pdfFonts(file)).toMatch(/KaTeX_Math/);
  }
  // pdftoppm does not make its folder; the spec alone (not after the others) must not fail on it.
  mkdirSync("e2e/artifacts/screens", { recursive: true });
  execFileSync("pdftoppm", [
    "-r",
    "60",
    "-f",
    "1",
    "-l",
    "1",
    "-png",
    urdu,
    "e2e/artifacts/screens/papers-journey-urdu",
  ]);

  // Edited after finalizing (decision 061): the set's page keeps showing what it printed, and says a newer version exists.
  await writer.goto(pageUrl("papersetter", "question", { id: questionId }));
  await hydrated(writer);
  await editor(writer, "Question text").click();
  await writer.keyboard.press("Control+End");
  await writer.keyboard.type(" Edited after printing.");
  await writer.getByRole("button", { name: "Save as a new version" }).click();
  await expect(writer.getByRole("status").filter({ hasText: "Saved as version 2." })).toBeVisible();
  await admin.reload();
  await hydrated(admin);
  const printed = admin.getByRole("list", { name: "Questions of Section A" }).getByRole("listitem");
  await expect(printed).toContainText(`Journey ${stamp}: the kinetic energy is`);
  await expect(printed).not.toContainText("Edited after printing");
  await expect(printed).toContainText("Reviewed");
  await expect(printed).not.toContainText("Not reviewed");
  await expect(printed).toContainText("2 translations printed: Hindi v1, Urdu v1");
  await expect(printed).toContainText(/v1 printed; v2 exists since/);
  await expect(printed.getByRole("link", { name: `Open question ${questionId}` })).toBeVisible();
  await admin
    .getByRole("region", { name: "Section A" })
    .screenshot({ path: "e2e/artifacts/screens/papers-journey-finalized-after-edit.png" });
  // The English paper prints the same words as the page, not the edit.
  const english = pdfText(await download(admin, "Question paper PDF in English")).replace(/\s+/g, " ");
  expect(english).toContain(`Journey ${stamp}: the kinetic energy is`);
  expect(english).not.toContain("Edited after printing");
});
