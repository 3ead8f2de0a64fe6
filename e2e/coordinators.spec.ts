import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, hydrated, mailsTo, pageUrl, signIn, signInTo } from "./support";

/** Picks options of the kit's multi-select labelled `label`. */
async function choose(page: Page, label: string, options: string[]) {
  await page.getByRole("button", { name: new RegExp(`^${label}`) }).click();
  for (const option of options) await page.getByRole("option", { name: option, exact: true }).click();
  await page.keyboard.press("Escape");
}

test("an admin creates a state coordinator for Maharashtra, who signs in with the mailed password and manages only its state", async ({
  page,
  browser,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const username = `e2estate${stamp}`;
  const email = `${username}@e2e.example.org`;
  await signInTo(page, pageUrl("coordinator", "state-coordinators"), "admin");
  const table = page.getByRole("table", { name: "State coordinators" });
  await expect(table).toContainText("Maharashtra");
  await expectAccessible(page, "state coordinators");

  await page.getByRole("button", { name: "Create" }).click();
  const dialog = page.getByRole("dialog", { name: "Create state coordinator" });
  await dialog.getByLabel("Name", { exact: true }).fill("Asha Deshmukh");
  await dialog.getByLabel("Username").fill("state");
  await dialog.getByLabel("E-mail").fill(email);
  await choose(page, "States", ["Maharashtra"]);
  await dialog.getByRole("button", { name: "Create" }).click();
  // The taken username comes back on its field.
  await expect(dialog.getByText("This username is taken: choose another")).toBeVisible();
  await dialog.getByLabel("Username").fill(username);
  await expectAccessible(page, "coordinator dialog");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("The coordinator is created");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await page.getByRole("searchbox").fill(username);
  // The search reaches the URL (and so the export's filters) after its debounce.
  await expect(page).toHaveURL(new RegExp(`search=${username}`));
  await expect(table.locator("tbody tr")).toHaveCount(1);
  const row = table.getByRole("row", { name: new RegExp(username) });
  await expect(row).toContainText("Maharashtra");
  await expect(row).toContainText("Never");
  await page.screenshot({ path: "e2e/artifacts/screens/state-coordinators.png", fullPage: true });
  // The export holds what the list shows, with its search.
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menu", { name: "Export the list" }).getByRole("menuitem", { name: "Export CSV" }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^coordinators-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await csv.path(), "utf8")).trim().split(/\r?\n/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`Asha Deshmukh,${username},${email}`);

  // The mail holds the sign-in details; the new coordinator lands in the coordinator app.
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const text = (await mailsTo(email)).at(-1)?.text ?? "";
  const password = /Password:\s*(\S+)/.exec(text)?.[1] ?? "";
  expect(password.length).toBeGreaterThan(7);
  const coordinator = await (await browser.newContext()).newPage();
  await signInTo(coordinator, pageUrl("coordinator", "district-coordinator-management"), username, password);
  const mine = coordinator.getByRole("table", { name: "District coordinators" });
  // Its districts' coordinators only: the demo district coordinator is in Maharashtra.
  await expect(mine.getByRole("row", { name: /district/ })).toHaveCount(1);
  await coordinator.getByRole("button", { name: "Create" }).click();
  await coordinator.getByRole("button", { name: /^Districts/ }).click();
  const options = coordinator.getByRole("option");
  await expect(options.first()).toBeVisible();
  for (const label of await options.allTextContents()) expect(label).toContain("Maharashtra");
  await coordinator.keyboard.press("Escape");
  await coordinator.screenshot({ path: "e2e/artifacts/screens/district-coordinator-management.png", fullPage: true });

  // Its state only, in every list and chart: students, schools, the dashboard's states, statistics.
  await coordinator.goto(pageUrl("coordinator", "total-students"));
  await hydrated(coordinator);
  const students = coordinator.getByRole("table", { name: "Total students" });
  await expect(students.locator("tbody tr").first()).toBeVisible();
  for (const region of await students.locator("tbody tr td:nth-child(4)").allTextContents())
    expect(region).toContain("Maharashtra");
  await coordinator.goto(pageUrl("coordinator", "total-schools"));
  await hydrated(coordinator);
  const schools = coordinator.getByRole("table", { name: "Total schools" });
  await expect(schools.locator("tbody tr").first()).toBeVisible();
  for (const region of await schools.locator("tbody tr td:nth-child(2)").allTextContents())
    expect(region).toContain("Maharashtra");
  await coordinator.goto(pageUrl("coordinator", "dashboard"));
  await hydrated(coordinator);
  const byState = coordinator.getByRole("figure", { name: "Students by state" });
  await byState.getByRole("button", { name: "Show table" }).click();
  await expect(byState.locator("tbody tr")).toHaveCount(1);
  await expect(byState.locator("tbody tr")).toContainText("Maharashtra");
  await coordinator.goto(pageUrl("coordinator", "statistics"));
  await hydrated(coordinator);
  await expect(coordinator.getByRole("table").locator("tbody tr")).toHaveCount(1);
  await expect(coordinator.getByRole("table").locator("tbody tr")).toContainText("Maharashtra");
  await coordinator.goto(pageUrl("coordinator", "analytics"));
  await hydrated(coordinator);
  await coordinator.getByRole("button", { name: /^Filter/ }).click();
  const states = coordinator.getByLabel("State", { exact: true }).locator("option");
  await expect(states).toHaveText(["All states", "Maharashtra"]);
  await coordinator.keyboard.press("Escape");

  // The admin resets its password: it is signed out, the new one is mailed, and it must choose its own.
  await page.goto(pageUrl("coordinator", "update-password"));
  await hydrated(page);
  await page.getByRole("searchbox").fill(username);
  const person = page.getByRole("table", { name: "People" }).getByRole("row", { name: new RegExp(username) });
  await expect(person).toContainText("State Coordinator");
  await expectAccessible(page, "password management");
  await person.getByRole("button", { name: `Reset password of ${username}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Reset and mail it" }).click();
  await expect(page.getByRole("alertdialog")).toContainText(`A new password is mailed to ${username}`);
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(person).toContainText("Reset, not yet changed");
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 20_000 }).toBe(2);
  const reset = /Password:\s*(\S+)/.exec((await mailsTo(email)).at(-1)?.text ?? "")?.[1] ?? "";
  await coordinator.reload();
  await expect(coordinator).toHaveURL(/\/login/);
  await signIn(coordinator, "coordinator", username, reset);
  await expect(coordinator.getByRole("heading", { name: "Choose your own password" })).toBeVisible();
  await coordinator.screenshot({ path: "e2e/artifacts/screens/choose-own-password.png", fullPage: true });
  await coordinator.getByLabel("Current password").fill(reset);
  await coordinator.getByLabel("New password", { exact: true }).fill("Vidya@2027");
  await coordinator.getByLabel("Confirm new password").fill("Vidya@2027");
  await coordinator.getByRole("button", { name: "Change Password" }).click();
  await expect(coordinator.getByRole("heading", { name: "Choose your own password" })).toHaveCount(0);

  // Switched off by the admin, it is signed out.
  await page.goto(pageUrl("coordinator", "state-coordinators"));
  await hydrated(page);
  await page.getByRole("searchbox").fill(username);
  await row.getByRole("button", { name: "Switch off Asha Deshmukh" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Switch off" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("switched off and signed out");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(row).toContainText("Switched off");
  await coordinator.reload();
  await expect(coordinator).toHaveURL(/\/login/);
});

test("region masters are the admins': a state coordinator is refused them", async ({ page }) => {
  const response = await signInTo(page, pageUrl("coordinator", "zonal-coordinators"), "state");
  expect(response?.status()).toBe(403);
});
