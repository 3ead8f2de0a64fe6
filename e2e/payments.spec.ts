import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import {
  addStudents,
  expectAccessible,
  hydrated,
  lettersOf,
  mailsTo,
  pageUrl,
  registerSchoolByApi,
  signInTo,
} from "./support";

test("a school pays for 3 students through the demo gateway, downloads the invoice, raises a request that pay support resolves; a failed payment leaves the student payable", async ({
  page,
  browser,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const letters = lettersOf(stamp);
  const email = `pay-${stamp}@e2e.example.org`;
  const account = await registerSchoolByApi(`e2epay${stamp}`, email, `E2E Pay Vidyalaya ${stamp}`);
  const names = ["Asha", "Bela", "Chitra", "Diya"].map((name) => `${name}${letters}`);
  await addStudents(account.username, account.password, names, 60_000_000 + Math.floor(Math.random() * 30_000_000));

  // 1. Choose 3 of the 4 unpaid students and pay.
  await signInTo(page, pageUrl("school", "payment-student"), account.username, account.password);
  await expect(page.getByText("4 unpaid students:")).toBeVisible();
  await expectAccessible(page, "payment for students");
  const table = page.getByRole("table", { name: "Unpaid students" });
  for (const name of names.slice(0, 3)) await table.getByRole("checkbox", { name: `Select ${name} Pay` }).check();
  await page.screenshot({ path: "e2e/artifacts/screens/payment-students.png", fullPage: true });
  await page.getByRole("button", { name: "Pay for 3 selected" }).click();

  // 2. The demo gateway's checkout: the order with its 3 students; Pay.
  await expect(page.getByRole("heading", { name: "Demo payment gateway" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Students in this payment" }).getByRole("listitem")).toHaveCount(3);
  await expectAccessible(page, "demo checkout");
  await page.getByRole("button", { name: /^Pay ₹/ }).click();

  // 3. The result: paid, with its invoice.
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await expectAccessible(page, "payment result");
  await page.screenshot({ path: "e2e/artifacts/screens/payment-result.png", fullPage: true });
  const [invoice] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /^Download invoice / }).click(),
  ]);
  expect(invoice.suggestedFilename()).toMatch(/^invoice-.+\.pdf$/);
  const text = execFileSync("pdftotext", [await invoice.path(), "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  for (const name of names.slice(0, 3)) expect(text).toContain(`${name} Pay`);
  expect(text).not.toContain(`${names[3]} Pay`);
  expect(text).toContain(`E2E Pay Vidyalaya ${stamp}`);
  expect(text).toContain("Total paid");
  // The receipt reaches the school.
  await expect
    .poll(async () => (await mailsTo(email)).some((m) => m.subject.startsWith("Payment received")), { timeout: 20_000 })
    .toBe(true);

  // 4. The last student: the payment fails, and the student is unpaid and payable again.
  await page.goto(pageUrl("school", "payment-student"));
  await hydrated(page);
  await expect(page.getByText("1 unpaid student:")).toBeVisible();
  await page.getByRole("button", { name: "Pay for all 1 unpaid" }).click();
  await expect(page.getByRole("heading", { name: "Demo payment gateway" })).toBeVisible();
  await page.getByRole("button", { name: "Fail the payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment not completed" })).toBeVisible();
  await page.getByRole("link", { name: "Pay again" }).click();
  await expect(page.getByText("1 unpaid student:")).toBeVisible();

  // 5. Payment history: the paid order with its invoice, and the failed one.
  await page.goto(pageUrl("school", "payment-history"));
  await hydrated(page);
  const history = page.getByRole("table", { name: "Payments" });
  await expect(history.getByRole("row")).toHaveCount(3);
  await expect(history.getByRole("row", { name: /Paid/ })).toContainText("3 students");
  await expect(history.getByRole("row", { name: /Failed/ })).toContainText("declined at the demo gateway");
  await expectAccessible(page, "payment history");
  await page.screenshot({ path: "e2e/artifacts/screens/payment-history.png", fullPage: true });

  // 6. A question about the paid order, from its row, with a picture of the bank statement.
  const paidRow = history.getByRole("row", { name: /Paid/ });
  const reference = /ORD-\d{6}/.exec((await paidRow.textContent()) ?? "")?.[0] ?? "no reference";
  await paidRow.getByRole("link", { name: `Raise a request about ${reference}` }).click();
  const raise = page.getByRole("dialog", { name: "Raise a payment request" });
  await expect(raise.getByLabel("Order (optional)")).toHaveValue(/\d+/);
  await expect(raise.getByRole("button", { name: "Send to pay support" })).toBeDisabled();
  await raise.getByLabel("Subject").fill("ab");
  await raise.getByLabel("Subject").press("Tab");
  await expect(raise.getByText("Give the request a subject (at least 3 characters)")).toBeVisible();
  const subject = `Charged twice ${stamp}`;
  await raise.getByLabel("Subject").fill(subject);
  await raise.getByLabel("What happened").fill("Our bank statement shows this order debited twice on the same day.");
  await raise.locator('input[type="file"]').setInputFiles("e2e/fixtures/photo.png");
  await expectAccessible(page, "raise a request");
  await raise.getByRole("button", { name: "Send to pay support" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Your request is sent to pay support");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  const mine = page.getByRole("dialog", { name: subject });
  await expect(mine).toContainText("No answer yet");
  await expect(mine).toContainText(reference);
  await expect(mine.getByRole("link", { name: "photo.png" })).toBeVisible();
  await mine.getByRole("button", { name: "Close" }).click();

  // 7. Pay support answers: in progress, then resolved, each with a comment.
  const desk = await (await browser.newContext()).newPage();
  await signInTo(desk, pageUrl("coordinator", "raised-requests"), "paysupport");
  await desk.getByRole("dialog", { name: "Verify your mobile number" }).getByRole("button", { name: "Later" }).click();
  await desk.getByRole("searchbox").fill(subject);
  const asked = desk.getByRole("table", { name: "Raised requests" }).getByRole("row", { name: new RegExp(subject) });
  await expect(asked.getByRole("cell").nth(2)).toHaveText("Open");
  await expectAccessible(desk, "raised requests");
  await asked.getByRole("button", { name: /^Open request / }).click();
  const answer = desk.getByRole("dialog", { name: subject });
  await expect(answer).toContainText("debited twice");
  await answer.getByLabel("New status").selectOption({ label: "Resolved" });
  await expect(answer.getByRole("button", { name: "Save and tell the requester" })).toBeDisabled();
  await answer
    .getByLabel("Comment for the requester")
    .fill("The second debit is refunded; it reaches your bank in 5-7 days.");
  await expectAccessible(desk, "answer a raised request");
  await answer.getByRole("button", { name: "Save and tell the requester" }).click();
  await expect(desk.getByRole("alertdialog")).toContainText("The request is updated");
  await desk.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(answer).toContainText("This request is closed.");
  await desk.screenshot({ path: "e2e/artifacts/screens/raised-request-answer.png", fullPage: true });

  // 8. The school sees the answer on its page and by mail.
  await page.goto(pageUrl("school", "raised-requests"));
  await hydrated(page);
  const requests = page.getByRole("table", { name: "Payment requests" });
  await expect(requests.getByRole("row", { name: new RegExp(subject) })).toContainText("Resolved");
  await requests.getByRole("button", { name: `Open request ${subject}` }).click();
  await expect(page.getByRole("dialog", { name: subject })).toContainText("reaches your bank in 5-7 days");
  await expectAccessible(page, "payment request answered");
  await page.screenshot({ path: "e2e/artifacts/screens/raised-request-school.png", fullPage: true });
  await expect
    .poll(async () => (await mailsTo(email)).some((m) => m.subject.includes(`${subject}” is now Resolved`)), {
      timeout: 20_000,
    })
    .toBe(true);
});
