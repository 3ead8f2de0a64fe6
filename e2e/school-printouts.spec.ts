import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { type StudentWords, WORDS } from "@repo/contracts/student-words";
import {
  API,
  apiToken,
  appOrigin,
  DEMO_PASSWORD,
  expectAccessible,
  hydrated,
  pageUrl,
  settled,
  signInTo,
  signInWithForm,
} from "./support";

/**
 * Students without e-mail (issue 35 item 1, decision 050): a school prints a class's admit cards
 * as one PDF (a job) and its sign-in slips; a student signs in with a slip and must choose its own
 * password before anything else opens. Shots go to /work/shots/admit when it exists, else e2e/artifacts.
 */

const SHOTS = process.env.SHOTS_DIR ?? "e2e/artifacts/screens";
mkdirSync(SHOTS, { recursive: true });
const pdfText = (file: string) => execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
const pdfPages = (file: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))?.[1]);
/** Each card and slip is in its student's exam language (issue 35 item 1): a label in any of them. */
const anyLanguage = (label: (words: StudentWords) => string) =>
  Object.values(WORDS)
    .map((words) =>
      label(words)
        .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
        .replace(/\s+/g, "\\s+"),
    )
    .join("|");

/**
 * The demo student's name, after a sign-in of its own: a class run of slips then passes it by
 * (it has signed in), so no other spec that signs in as the demo student finds its password changed.
 */
async function demoStudentSignedIn(): Promise<string> {
  const token = await apiToken("student");
  const me = await fetch(`${API}/api/user`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await me.json()) as { data: { name: string } }).data.name;
}

/** A class of the demo school with paid students and students who never signed in. */
async function classToPrint(): Promise<{ classLevel: number; cards: number; slips: number }> {
  await demoStudentSignedIn();
  const token = await apiToken("school");
  for (const classLevel of [6, 7, 8, 9, 10, 11]) {
    const get = async (path: string) =>
      (await (await fetch(`${API}${path}`, { headers: { Authorization: `Bearer ${token}` } })).json()).data;
    const summary = await get(`/api/school/admit-cards?level=level1&class_level=${classLevel}`);
    const preview = await get(`/api/school/sign-in-slips?class_level=${classLevel}`);
    if (summary.cards > 0 && preview.never_signed_in > 0) {
      return { classLevel, cards: summary.cards, slips: preview.never_signed_in };
    }
  }
  throw new Error("The demo school has no class with paid students who never signed in");
}

test("a school prints a class's admit cards and slips; a student signs in with a slip and must change it", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { classLevel, cards, slips } = await classToPrint();
  await signInTo(page, pageUrl("school", "admit-cards", { class_level: String(classLevel) }), "school");
  await expect(
    page.getByText(`${cards} admit card${cards === 1 ? "" : "s"} to print (paid students only).`),
  ).toBeVisible();
  await expect(page.getByText(/not paid yet/)).toBeVisible();
  await expectAccessible(page, "admit cards and slips");
  await page.screenshot({ path: `${SHOTS}/admit-cards-page.png`, fullPage: true });

  // The run: a job the page follows, then its PDF with a card per page.
  await page.getByRole("button", { name: /^Print \d+ admit cards?$/ }).click();
  const link = page.getByRole("link", { name: /Download the PDF/ });
  await expect(link).toBeVisible({ timeout: 120_000 });
  await page.screenshot({ path: `${SHOTS}/admit-cards-ready.png`, fullPage: true });
  const [cardsFile] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(cardsFile.suggestedFilename()).toMatch(new RegExp(`^admit-cards-level1-.*-class-${classLevel}\\.pdf$`));
  expect(pdfPages(await cardsFile.path())).toBe(cards);
  expect(pdfText(await cardsFile.path())).toMatch(new RegExp(anyLanguage((words) => words.admitCard)));
  await cardsFile.saveAs(`${SHOTS}/admit-cards.pdf`);

  // The class's slips: students who never signed in, by default.
  const [slipsFile] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Print the slips" }).click(),
  ]);
  const text = pdfText(await slipsFile.path());
  await slipsFile.saveAs(`${SHOTS}/sign-in-slips.pdf`);
  expect(
    text.match(
      new RegExp(
        anyLanguage((words) => words.slip.password),
        "g",
      ),
    ),
  ).toHaveLength(slips);
  expect(pdfPages(await slipsFile.path())).toBe(Math.ceil(slips / 4));
  const slip = new RegExp(
    `(?:${anyLanguage((words) => words.slip.username)})\\s+(\\S+)\\s+(?:${anyLanguage((words) => words.slip.password)})\\s+(\\S+)`,
  ).exec(text);
  const [username = "", password = ""] = [slip?.[1], slip?.[2]];
  expect(username).not.toBe("");

  // Everyone of the class without confirming is refused, saying so, and nothing is printed.
  await page.getByLabel("Every student of the class, also those who chose their own password").check();
  await page.getByRole("button", { name: "Print the slips" }).click();
  await expect(page.getByRole("alert")).toContainText("Tick the box to confirm");

  // The student signs in with its slip: nothing opens until it chooses its own password.
  const student = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signInWithForm(student, "school", username, password);
  await expect(student.getByRole("heading", { name: "Choose your own password" })).toBeVisible();
  await student.screenshot({ path: `${SHOTS}/student-must-change.png`, fullPage: true });
  await student.getByLabel("Current password").fill(password);
  await student.getByLabel("New password", { exact: true }).fill("Vidya@2027");
  await student.getByLabel("Confirm new password").fill("Vidya@2027");
  await student.getByRole("button", { name: "Change Password" }).click();
  await expect(student.getByRole("heading", { name: "Choose your own password" })).toHaveCount(0);
  await student.screenshot({ path: `${SHOTS}/student-after-change.png`, fullPage: true });

  // The slip's password is spent.
  const again = await fetch(`${API}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password, app: "school" }),
  });
  expect(again.status).toBe(401);
});

test("a master institute prints for one of its schools at a time; the page fits a phone", async ({ page }) => {
  await signInTo(page, pageUrl("school", "admit-cards"), "masterinstitute");
  const school = page.getByLabel("School");
  await expect(school).toBeVisible();
  const second = (await school.locator("option").nth(1).textContent()) ?? "";
  await school.selectOption({ label: second });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(
    page.getByText(new RegExp(`^${second.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}, all classes`)),
  ).toBeVisible();
  await expectAccessible(page, "admit cards, master institute");
  await page.screenshot({ path: `${SHOTS}/admit-cards-master-institute.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await hydrated(page);
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/admit-cards-phone.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page, the run and a student's slip work as plain HTML", async ({ page }) => {
    test.setTimeout(120_000);
    const { classLevel } = await classToPrint();
    // The sign-in form itself, posted without script.
    await page.goto(`${appOrigin("school")}/login`);
    await page.getByLabel("Username").fill("school");
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login") && !url.pathname.startsWith("/auth/"));
    await page.goto(pageUrl("school", "admit-cards", { class_level: String(classLevel) }));
    await page.screenshot({ path: `${SHOTS}/admit-cards-page-no-js.png`, fullPage: true });
    await page.getByRole("button", { name: /^Print \d+ admit cards?$/ }).click();
    // The page reloads itself until the run is done.
    await expect(page.getByRole("link", { name: /Download the PDF/ })).toBeVisible({ timeout: 120_000 });
    await page.screenshot({ path: `${SHOTS}/admit-cards-ready-no-js.png`, fullPage: true });

    await page.goto(pageUrl("school", "view-students"));
    // Any student but the demo student, whose password other specs sign in with.
    const demoName = (await demoStudentSignedIn()).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const [slip] = await Promise.all([
      page.waitForEvent("download"),
      page
        .getByRole("button", { name: new RegExp(`^Print slip for (?!${demoName})`) })
        .first()
        .click(),
    ]);
    expect(slip.suggestedFilename()).toMatch(/^sign-in-slip-.+\.pdf$/);
    expect(pdfPages(await slip.path())).toBe(1);
    await page.screenshot({ path: `${SHOTS}/students-slip-no-js.png`, fullPage: true });
  });
});
