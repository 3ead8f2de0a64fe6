import { expect, type Page, test } from "@playwright/test";
import { API, DEMO_PASSWORD, expectAccessible, hydrated, mailsTo, pageUrl, signIn, signInTo } from "./support";

test.describe.configure({ mode: "serial" });
// The contact test waits for real mail delivery (the worker polls every second).
test.setTimeout(120_000);

const SCREENS = "e2e/artifacts/screens";
const stamp = Date.now().toString(36);
/** A school account registered (through the API) in a state of another zone than Maharashtra's. */
const other = { username: `e2eother${stamp}`, email: `other-${stamp}@e2e.example.org` };
const title = `Level 1 admit cards ${stamp}`;

async function regions(query: string) {
  const answer = await fetch(`${API}/api/schools/register/regions?${query}`);
  return ((await answer.json()) as { data: { id: number; name: string }[] }).data;
}

test.beforeAll(async () => {
  const zones = await regions("level=zone&country_id=1");
  let home: { zone: number; state: number } | undefined;
  for (const zone of zones) {
    const states = await regions(`level=state&parent_id=${zone.id}`);
    if (states.some((s) => s.name === "Maharashtra")) continue;
    const state = states[0];
    if (state) {
      home = { zone: zone.id, state: state.id };
      break;
    }
  }
  if (!home) throw new Error("no state outside Maharashtra's zone");
  const response = await fetch(`${API}/api/schools/school-register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      school_name: `E2E Other State School ${stamp}`,
      category_id: 2,
      board_id: 1,
      zone_id: home.zone,
      state_id: home.state,
      address: "4, Lake Road",
      pincode: "560001",
      contact_name: "K. Rao",
      contact_phone: "9876501234",
      email: other.email,
      username: other.username,
      password: DEMO_PASSWORD,
      confirm_password: DEMO_PASSWORD,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
});

/** Picks options of the kit's multi-select labelled `label`. */
async function choose(page: Page, label: string, options: string[]) {
  await page.getByRole("button", { name: new RegExp(`^${label}`) }).click();
  for (const option of options) await page.getByRole("option", { name: option, exact: true }).click();
  await page.keyboard.press("Escape");
}

const bell = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Notifications/ });

test("an admin's notification for Maharashtra reaches a Maharashtra school and not a school of another state", async ({
  page,
}) => {
  await signInTo(page, pageUrl("coordinator", "notifications"), "admin");
  await expect(page.getByRole("table", { name: "Notifications" })).toContainText("Welcome to the new portal");
  await expectAccessible(page, "coordinator notifications");

  await page.getByRole("button", { name: "Create" }).click();
  const dialog = page.getByRole("dialog", { name: "Create notification" });
  await dialog.getByLabel("Title").fill(title);
  const editor = dialog.locator(".ql-editor");
  await editor.click();
  await editor.pressSequentially("Print one admit card for each student.");
  await choose(page, "States", ["Maharashtra"]);
  await expect(dialog.getByLabel("Title")).toHaveValue(title);
  await expectAccessible(page, "create notification dialog");
  await page.screenshot({ path: `${SCREENS}/content-notices-create.png` });
  await dialog.getByRole("button", { name: "Create notification" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Notification created successfully");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Maharashtra");
  await expect(row).toContainText("Live");
  await page.screenshot({ path: `${SCREENS}/content-notices-admin-list.png`, fullPage: true });

  // The Maharashtra school: the bell counts it (and the seeded welcome), opening it marks it read.
  await page.context().clearCookies();
  await signIn(page, "school", "school");
  await expect(bell(page)).toHaveAccessibleName("Notifications, 2 unread");
  await bell(page).click();
  await expect(page).toHaveURL(/\/content\/notifications/);
  await hydrated(page);
  const list = page.getByRole("list", { name: "Notifications" });
  await expect(list.getByRole("listitem").first()).toContainText(title);
  await expect(list.getByRole("listitem").first()).toContainText("Unread");
  await expectAccessible(page, "school notifications");
  await page.screenshot({ path: `${SCREENS}/content-notices-school-list.png`, fullPage: true });
  await list.getByRole("button", { name: title }).click();
  await expect(list.getByText("Print one admit card for each student.")).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");
  await expectAccessible(page, "school notification open");
  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(page.getByRole("status").filter({ hasText: "marked read" })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName("Notifications");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await hydrated(page);
  await page.screenshot({ path: `${SCREENS}/content-notices-school-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 860 });

  // A school of another state sees only the welcome.
  await page.context().clearCookies();
  await signIn(page, "school", other.username);
  await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");
  await page.goto(pageUrl("school", "notifications"));
  await hydrated(page);
  await expect(page.getByRole("list", { name: "Notifications" })).toContainText("Welcome to the new portal");
  await expect(page.getByText(title)).toHaveCount(0);
});

test("LMS edits the Level 1 exam page and the school reads it", async ({ page }) => {
  await signInTo(page, pageUrl("coordinator", "static-pages"), "lms");
  await expectAccessible(page, "static pages");
  await page.getByRole("button", { name: "Edit Level 1 Exam" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit page: Level 1 Exam" });
  const editor = dialog.locator(".ql-editor");
  await editor.click();
  await page.keyboard.press("Control+End");
  await editor.pressSequentially(` Reporting time ${stamp}: 9:30 am.`);
  await expect(dialog.getByText(`Reporting time ${stamp}: 9:30 am.`).last()).toBeVisible();
  await expectAccessible(page, "static page editor");
  await page.screenshot({ path: `${SCREENS}/content-notices-static-editor.png` });
  await dialog.getByRole("button", { name: "Save page" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Page saved successfully");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Level 1 Exam" })).toContainText("Demo LMS");

  await page.context().clearCookies();
  await signInTo(page, pageUrl("school", "level-1-exam"), "institute");
  await expect(page.getByText(`Reporting time ${stamp}: 9:30 am.`)).toBeVisible();
  await expect(page.getByText("100 single-answer questions")).toBeVisible();
  await expectAccessible(page, "level 1 exam page");
  for (const id of ["download-app", "how-to-attempt", "mock-instructions"] as const) {
    await page.goto(pageUrl("school", id));
    await expect(page.locator("main")).not.toContainText("is being built");
    await expect(page.locator("main h2").first()).toBeVisible();
    await expectAccessible(page, id);
  }
});

test("the contact form reaches the district coordinator by mail, and says so by role", async ({ page }) => {
  await signInTo(page, pageUrl("school", "contact"), "school");
  await expect(page.getByText("Programme office: Monday to Saturday")).toBeVisible();
  await expectAccessible(page, "contact");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("The subject must be at least 3 characters")).toBeVisible();
  await page.getByRole("textbox", { name: "Subject" }).fill(`Admit cards ${stamp}`);
  await page.getByRole("textbox", { name: "Message" }).fill("When can we print the admit cards for our students?");
  await page.getByLabel("Phone (optional)").fill("9876543210");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "sent" })).toHaveText(
    "Your message has been sent to District Coordinator (Pune).",
  );
  await expectAccessible(page, "contact sent");
  await page.screenshot({ path: `${SCREENS}/content-notices-contact.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await hydrated(page);
  await page.screenshot({ path: `${SCREENS}/content-notices-contact-phone.png`, fullPage: true });
  await expect
    .poll(async () => (await mailsTo("district@demo.example.org")).map((m) => m.subject), { timeout: 30_000 })
    .toContain(`Contact form: Admit cards ${stamp} (Jnana Prabodhini Prashala, Pune)`);
  const mail = (await mailsTo("district@demo.example.org")).at(-1);
  expect(mail?.text).toContain("When can we print the admit cards for our students?");
});
