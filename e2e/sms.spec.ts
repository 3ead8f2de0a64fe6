import { expect, test } from "@playwright/test";
import {
  API,
  apiToken,
  expectAccessible,
  failTextsTo,
  formHydrated,
  hydrated,
  pageUrl,
  signInTo,
  textsTo,
} from "./support";

const SHOTS = process.env.SMS_SHOTS_DIR ?? "e2e/artifacts/screens";

/** A fresh 10-digit mobile number per run, so the fake gateway's inbox holds only this run's texts. */
const mobile = (lead: string) => `${lead}${String(Date.now()).slice(-8)}`;

/** Waits for the fake gateway to have `count` texts for `to`, and answers them. */
async function texts(to: string, count = 1) {
  await expect.poll(async () => (await textsTo(to)).length, { timeout: 30_000 }).toBe(count);
  return textsTo(to);
}

test("a student added with a mobile number and no e-mail gets its sign-in by SMS, and can sign in with it", async ({
  page,
}) => {
  const phone = mobile("93");
  await signInTo(page, pageUrl("school", "add-students"), "school");
  await formHydrated(page, "Add student");
  await page.getByLabel("First name").fill("Lakshmi");
  await page.getByLabel("Last name").fill("Textonly");
  await page.getByLabel("Class").selectOption("8");
  await page.getByLabel("Exam language").selectOption("ta");
  await page.getByLabel("Gender").selectOption("female");
  await page.getByLabel("Date of birth").fill("2013-06-07");
  await page.getByLabel("Parent's name").fill("Meena Textonly");
  await page.getByLabel("Phone").fill(phone);
  await page.getByRole("button", { name: "Add student" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Student added");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();

  await page.goto(pageUrl("school", "view-students", { search: "textonly" }));
  await hydrated(page);
  await page.getByRole("button", { name: "Send sign-in details to Lakshmi Textonly" }).click();
  await expect(page.getByRole("alertdialog")).toContainText(`Text a username and password to ${phone}?`);
  await page.getByRole("alertdialog").getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("The sign-in details are on their way by text message");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();

  const [text] = await texts(phone);
  expect(text).toMatchObject({ kind: "student-sign-in", template_id: "fake-student-sign-in", sender: "EXMPRT" });
  expect(text?.text).toMatch(/^Dear Lakshmi Textonly, your Exam Portal sign-in: username \S+, password \S+\./);
  // The texted details sign the student in.
  await apiToken(String(text?.variables.username), "school", String(text?.variables.password));

  await page.reload();
  await hydrated(page);
  const row = page.getByRole("table", { name: "Students" }).getByRole("row", { name: /Lakshmi Textonly/ });
  await expect(row).toContainText("Sent");
  await expectAccessible(page, "students list with SMS status");
  await page.screenshot({ path: `${SHOTS}/school-students-sms-sent.png`, fullPage: true });
});

test("a text the gateway refuses shows as failed to the school and in the outbox, whose retry (without JavaScript) sends it", async ({
  page,
  browser,
}) => {
  const phone = mobile("94");
  const school = await apiToken("school", "school");
  const created = await fetch(`${API}/api/schools/student/create`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${school}` },
    body: JSON.stringify({
      first_name: "Ravi",
      last_name: "Refused",
      class_level: 9,
      language: "hi",
      gender: "male",
      date_of_birth: "2012-01-02",
      parent_name: "Sunil Refused",
      phone,
      email: "",
    }),
  });
  expect(created.ok, await created.clone().text()).toBe(true);
  const { id } = ((await created.json()) as { data: { id: number } }).data;
  await failTextsTo(phone, 1, true);
  const sent = await fetch(`${API}/api/schools/student/${id}/send-credential-mail`, {
    headers: { Authorization: `Bearer ${school}` },
  });
  expect(sent.ok).toBe(true);

  // The school sees that the text did not arrive, and why.
  await signInTo(page, pageUrl("school", "view-students", { search: "refused" }), "school");
  const row = page.getByRole("table", { name: "Students" }).getByRole("row", { name: /Ravi Refused/ });
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText("Not delivered", { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText("DND");
  await page.screenshot({ path: `${SHOTS}/school-students-sms-failed.png`, fullPage: true });

  // The outbox lists it failed, with the gateway's reason.
  const outbox = await browser.newContext();
  const outboxPage = await outbox.newPage();
  await signInTo(outboxPage, pageUrl("outbox", "text-messages", { search: phone }), "outbox");
  const message = outboxPage
    .getByRole("table", { name: "Text messages" })
    .getByRole("row", { name: new RegExp(phone) });
  await expect(message).toContainText("Failed");
  await expect(message).toContainText("Student sign-in");
  await expect(message).toContainText("password ••••••");
  await expectAccessible(outboxPage, "text messages");
  await outboxPage.screenshot({ path: `${SHOTS}/outbox-text-messages-failed.png`, fullPage: true });

  // Retry as a plain form: JavaScript off.
  const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await outbox.storageState() });
  const plainPage = await plain.newPage();
  await plainPage.goto(pageUrl("outbox", "text-messages", { search: phone }));
  await plainPage.getByRole("button", { name: `Retry the text to ${phone}` }).click();
  await expect(plainPage.getByRole("status").filter({ hasText: "is queued again" })).toBeVisible();
  await plainPage.screenshot({ path: `${SHOTS}/outbox-text-messages-retried-nojs.png`, fullPage: true });
  const [text] = await texts(phone);
  expect(text?.kind).toBe("student-sign-in");

  await outboxPage.goto(pageUrl("outbox", "text-messages", { search: phone }));
  await hydrated(outboxPage);
  await expect(message).toContainText("Sent");
  await outboxPage.screenshot({ path: `${SHOTS}/outbox-text-messages-sent.png`, fullPage: true });
  await page.reload();
  await expect(row).toContainText("Sent");
  await plain.close();
  await outbox.close();
});
