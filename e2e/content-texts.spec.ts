import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { expectAccessible, hydrated, pageUrl, signIn, signInTo } from "./support";

test.describe.configure({ mode: "serial" });

// Unique per run, so a re-run against the same database finds its own items.
const run = Date.now().toString(36);
const subject = `Chemistry ${run}`;
const dateTitle = `Science fair ${run}`;

test("LMS writes a Level I syllabus with a formula through the editor, and adds an important date", async ({
  page,
}) => {
  await signInTo(page, pageUrl("coordinator", "syllabus-1"), "lms");
  await expect(page.getByRole("table", { name: "Syllabus for exam Level I" })).toBeVisible();
  await expectAccessible(page, "syllabus level I list");

  await page.getByRole("button", { name: "Create" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a Level I syllabus" });
  await dialog.getByLabel("Class").selectOption({ label: "Class VII" });
  await dialog.getByLabel("Subject or title").fill("C");
  await expect(dialog.getByText("The title must be at least 2 characters")).toBeVisible();
  await dialog.getByLabel("Subject or title").fill(subject);
  const editor = dialog.locator(".ql-editor");
  await editor.click();
  await page.keyboard.type("Mass and energy: ");
  await dialog.getByRole("button", { name: "Formula" }).click();
  const formula = dialog.locator(".ql-tooltip input[type=text]");
  await formula.fill("E = mc^2");
  await formula.press("Enter");
  await expect(editor.locator(".ql-formula .katex")).toBeVisible();
  await expectAccessible(page, "create syllabus dialog");
  await dialog.getByRole("button", { name: "Add syllabus" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Syllabus created successfully");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(page.getByRole("cell", { name: subject, exact: true })).toBeVisible();

  await page.goto(pageUrl("coordinator", "important-dates"));
  await hydrated(page);
  await expectAccessible(page, "important dates list");
  await page.getByRole("button", { name: "Create" }).click();
  const add = page.getByRole("dialog", { name: "Add an important date" });
  await add.getByLabel("Title").fill(dateTitle);
  await add.getByLabel("Date (or first day)").fill("2027-02-20");
  await add.getByLabel("Last day").fill("2027-02-19");
  await expect(add.getByText("The end date must be on or after the start date")).toBeVisible();
  await add.getByLabel("Last day").fill("2027-02-21");
  await expectAccessible(page, "important date dialog");
  await add.getByRole("button", { name: "Add date" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Important date created successfully");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(page.getByRole("cell", { name: dateTitle, exact: true })).toBeVisible();

  // The list exports what it shows, with its search: the new date is in the CSV.
  await page.getByRole("searchbox").fill(dateTitle);
  await expect(page.getByRole("row")).toHaveCount(2);
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const menu = page.getByRole("menu", { name: "Export the list" });
  await expect(menu).toBeVisible();
  await expectAccessible(page, "important dates with the export menu");
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    menu.getByRole("menuitem", { name: "Export CSV" }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^important-dates-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await csv.path(), "utf8"))
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\n");
  expect(lines[0]).toMatch(/^[^,]+,Title,/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(dateTitle);
});

test("the publishers' other content pages open and are accessible", async ({ page }) => {
  await signIn(page, "coordinator", "lms");
  for (const id of [
    "important-dates-gcc",
    "syllabus-2",
    "question-paper-pattern",
    "lecture-series",
    "detailed-syllabus",
  ] as const) {
    await page.goto(pageUrl("coordinator", id));
    await hydrated(page);
    await expect(page.getByText("is being built")).toHaveCount(0);
    await expectAccessible(page, id);
  }
  await page.goto(pageUrl("coordinator", "question-paper-pattern"));
  await hydrated(page);
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("dialog", { name: "Add a question paper pattern" })).toBeVisible();
  await expectAccessible(page, "pattern dialog");
  await page.goto(pageUrl("coordinator", "lecture-series"));
  await hydrated(page);
  await page.getByRole("button", { name: "Create" }).click();
  const lecture = page.getByRole("dialog", { name: "Add a lecture" });
  await lecture.getByLabel("Video link").fill("http://example.org/x");
  await lecture.getByLabel("Video link").blur();
  await expect(lecture.getByText("The video link must be an https:// address")).toBeVisible();
  await expectAccessible(page, "lecture dialog");
});

test("a school reads the syllabus with its formula rendered, and the new important date", async ({ page }) => {
  await signInTo(page, pageUrl("school", "syllabus-1"), "school");
  const part = page.getByRole("region", { name: `Class VII: ${subject}` });
  await expect(part).toBeVisible();
  await expect(part.locator(".katex").first()).toBeVisible();
  await expect(page.getByRole("table").first()).toBeVisible(); // the Level I paper pattern
  await expectAccessible(page, "school syllabus level I");

  await page.goto(pageUrl("school", "important-dates"));
  await expect(page.getByRole("heading", { name: dateTitle })).toBeVisible();
  await expectAccessible(page, "school important dates");

  for (const id of ["syllabus-2", "detailed-syllabus", "lecture-series"] as const) {
    await page.goto(pageUrl("school", id));
    await hydrated(page);
    await expect(page.getByText("is being built")).toHaveCount(0);
    await expectAccessible(page, id);
  }
  // No video site is contacted until a reader presses Play; YouTube then plays from youtube-nocookie.
  await expect(page.locator("iframe")).toHaveCount(0);
  await page.getByRole("button", { name: "Play here: Why the sky is blue" }).click();
  await expect(page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]')).toHaveCount(1);
});

test("LMS edits the important date and deletes it after confirming", async ({ page }) => {
  await signInTo(page, pageUrl("coordinator", "important-dates", { search: dateTitle }), "lms");
  await page.getByRole("button", { name: `Edit ${dateTitle}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit important date: ${dateTitle}` });
  await expect(edit.getByLabel("Last day")).toHaveValue("2027-02-21");
  await edit.getByLabel("Title").fill(`${dateTitle} (moved)`);
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Important date updated successfully");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();

  await page.getByRole("button", { name: `Delete ${dateTitle} (moved)` }).click();
  await expect(page.getByRole("alertdialog")).toContainText(
    `Are you sure you want to delete the important date "${dateTitle} (moved)"?`,
  );
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Important date deleted successfully");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(page.getByRole("cell", { name: `${dateTitle} (moved)`, exact: true })).toHaveCount(0);
});
