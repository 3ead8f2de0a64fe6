import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { addStudents, expectAccessible, hydrated, mailsTo, pageUrl, registerSchool, signIn } from "./support";

test("a school pays for 3 students through the demo gateway, downloads the invoice; a failed payment leaves the student payable", async ({
  page,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const letters = stamp.replace(/\d/g, (d) => "abcdefghij"[Number(d)] ?? "x");
  const email = `pay-${stamp}@e2e.example.org`;
  const account = await registerSchool(page, `e2epay${stamp}`, email, `E2E Pay Vidyalaya ${stamp}`);
  const names = ["Asha", "Bela", "Chitra", "Diya"].map((name) => `${name}${letters}`);
  await addStudents(account.username, account.password, names, 60_000_000 + Math.floor(Math.random() * 30_000_000));
  await signIn(page, "school", account.username, account.password);

  // 1. Choose 3 of the 4 unpaid students and pay.
  await page.goto(pageUrl("school", "payment-student"));
  await hydrated(page);
  await expect(page.getByText("4 unpaid students")).toBeVisible();
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
});
