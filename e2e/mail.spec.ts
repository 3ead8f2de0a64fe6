import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, hydrated, mailsTo, pageUrl, signInTo } from "./support";

test.describe.configure({ mode: "serial" });
// Each test waits for real mail delivery (the worker polls every second).
test.setTimeout(120_000);

/** Picks options of the kit's multi-select labelled `label`. */
async function choose(page: Page, label: string, options: string[]) {
  await page.getByRole("button", { name: new RegExp(`^${label}`) }).click();
  for (const option of options) await page.getByRole("option", { name: option }).click();
  await page.keyboard.press("Escape");
}

test("the outbox writes to the state coordinators of one zone, previews, sends, and watches it delivered", async ({
  page,
}) => {
  await signInTo(page, pageUrl("outbox", "send-mail"), "outbox");
  await expectAccessible(page, "send mail");

  await choose(page, "Roles", ["State Coordinator"]);
  await page.getByLabel("Zone").selectOption({ label: "West Zone" });
  await page.getByRole("button", { name: "Check recipients" }).click();
  await expect(page.getByRole("status").filter({ hasText: "recipient" })).toHaveText("1 recipient");
  await expect(page.getByText("For example: Demo State Coordinator <state@demo.example.org>")).toBeVisible();

  await page.getByLabel("Write a mail").check();
  await page.getByLabel("Subject").fill("Level 1 exam dates are out");
  const editor = page.locator(".ql-editor");
  await editor.click();
  await editor.pressSequentially("Dear {{ name }}, the Level 1 exam is on 15 January.");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("heading", { name: "Preview: Level 1 exam dates are out" })).toBeVisible();
  const preview = page.frameLocator('iframe[title="Preview of the mail"]');
  await expect(preview.getByText("Dear Demo State Coordinator, the Level 1 exam is on 15 January.")).toBeVisible();
  await expectAccessible(page, "send mail with a preview");

  await page.getByRole("button", { name: "Send…" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Send “Level 1 exam dates are out” to 1 recipient?");
  await confirm.getByRole("button", { name: "Yes, send" }).click();
  await expect(page).toHaveURL(/campaign=\d+/);
  const campaign = page.getByRole("region", { name: "Campaign", exact: true });
  const progress = campaign.getByRole("progressbar", {
    name: /^Level 1 exam dates are out: State Coordinators in West Zone/,
  });
  await expect(progress).toHaveAttribute("aria-valuetext", "1 sent of 1", { timeout: 30_000 });
  await expect(campaign.getByText(/^Finished/)).toBeVisible({ timeout: 30_000 });

  const [mail] = await mailsTo("state@demo.example.org");
  expect(mail?.subject).toBe("Level 1 exam dates are out");
  expect(mail?.text).toContain("Dear Demo State Coordinator, the Level 1 exam is on 15 January.");
});

test("the outbox retries a message the mail server refused", async ({ page }) => {
  await signInTo(page, pageUrl("outbox", "send-mail"), "outbox");
  await page.getByLabel("A list of addresses").check();
  await page.getByRole("textbox", { name: "Addresses" }).fill("bounce.retry@example.org");
  await page.getByRole("button", { name: "Check recipients" }).click();
  await expect(page.getByRole("status").filter({ hasText: "recipient" })).toHaveText("1 recipient");
  await page.getByLabel("Template", { exact: true }).selectOption({ label: "General circular (plain text) (English)" });
  await page.getByLabel("Value of {{ title }}").fill("Hall tickets");
  await page.getByLabel("Value of {{ message }}").fill("Hall tickets can be downloaded from tomorrow.");
  await page.getByRole("button", { name: "Send…" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes, send" }).click();
  await expect(page.getByRole("region", { name: "Campaign", exact: true }).getByRole("progressbar")).toHaveAttribute(
    "aria-valuetext",
    "0 sent, 1 failed of 1",
    { timeout: 30_000 },
  );

  await page.goto(pageUrl("outbox", "outbox", { status: "failed" }));
  await hydrated(page);
  await expectAccessible(page, "outbox, failed messages");
  await page.getByRole("button", { name: "Open the mail to bounce.retry@example.org: Hall tickets" }).click();
  const detail = page.getByRole("dialog", { name: "Hall tickets" });
  await expect(detail).toContainText("To bounce.retry@example.org");
  await detail.getByRole("tab", { name: /Attempts/ }).click();
  await expect(detail.getByText(/Refused for good \(550\)/)).toBeVisible();
  await expectAccessible(page, "message detail");
  await detail.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Success!");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();

  await expect.poll(async () => (await mailsTo("bounce.retry@example.org")).length, { timeout: 30_000 }).toBe(1);
  await page.goto(pageUrl("outbox", "outbox", { status: "sent", search: "bounce.retry" }));
  await expect(page.getByRole("table", { name: "Messages" }).getByText("Sent", { exact: true })).toBeVisible();
});

test("the outbox edits a template, previews it with sample values and saves a new version", async ({ page }) => {
  await signInTo(page, pageUrl("outbox", "templates", { search: "results" }), "outbox");
  await expectAccessible(page, "templates");
  await page.getByRole("button", { name: /^Edit Results published \(English\)/ }).click();
  const editor = page.getByRole("dialog", { name: /^Edit template: Results published/ });
  await expect(editor.getByText("Variables: {{ level }}, {{ student_name }}, {{ results_url }}")).toBeVisible();
  await editor.getByLabel("Subject").fill("{{ level }} results: well done, {{ student_name }");
  await expect(editor.getByText("Line 1, column 33: '{{' is not closed with '}}'")).toBeVisible();
  await editor.getByLabel("Subject").fill("{{ level }} results: well done, {{ student_name }}");
  await editor.getByLabel("Sample level").fill("Level 1");
  await editor.getByLabel("Sample student_name").fill("Asha Rao");
  await editor.getByRole("button", { name: "Preview" }).click();
  await expect(editor.getByText("Subject: Level 1 results: well done, Asha Rao")).toBeVisible();
  await expectAccessible(page, "template editor");
  await editor.getByRole("button", { name: "Save as a new version" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Success!");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  const row = page.getByRole("row", { name: /Results published.*English/ });
  await expect(row.getByRole("cell", { name: "2", exact: true })).toBeVisible();
});

test("a coordinator's Send Mail offers only its own audiences", async ({ page }) => {
  await signInTo(page, pageUrl("coordinator", "send-mail"), "state");
  await expect(page.getByLabel("A list of addresses")).toHaveCount(0);
  await page.getByRole("button", { name: /^Roles/ }).click();
  await expect(page.getByRole("listbox").getByRole("option")).toHaveText([
    "School",
    "Master Institute",
    "Institute",
    "Prant Coordinator",
    "District Coordinator",
  ]);
  await page.keyboard.press("Escape");
  // The region pickers hold only the coordinator's own region.
  await expect(page.getByLabel("Zone").getByRole("option")).toHaveText(["All zones", "West Zone"]);
  await expectAccessible(page, "coordinator send mail");
});
