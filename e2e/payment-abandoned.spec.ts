import { expect, test } from "@playwright/test";
import { addStudents, expectAccessible, hydrated, lettersOf, pageUrl, registerSchoolByApi, signInTo } from "./support";

const SHOTS = process.env.PAY_SHOTS_DIR ?? "e2e/artifacts/screens";

test("an abandoned checkout offers Continue and Cancel with its release time; Cancel frees the students to pay again (decision 054)", async ({
  page,
  browser,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const letters = lettersOf(stamp);
  const account = await registerSchoolByApi(
    `e2eabandon${stamp}`,
    `abandon-${stamp}@e2e.example.org`,
    `E2E Abandon Vidyalaya ${stamp}`,
  );
  const names = ["Esha", "Farah"].map((name) => `${name}${letters}`);
  await addStudents(account.username, account.password, names, 70_000_000 + Math.floor(Math.random() * 20_000_000));

  // 1. Start paying for both, reach the gateway, and go Back.
  await signInTo(page, pageUrl("school", "payment-student"), account.username, account.password);
  await expect(page.getByText("2 unpaid students:")).toBeVisible();
  await page.getByRole("button", { name: "Pay for all 2 unpaid students" }).click();
  await expect(page.getByRole("heading", { name: "Demo payment gateway" })).toBeVisible();
  await expect(page.getByText("Released if not paid by")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/abandon-1-checkout.png`, fullPage: true });
  await page.goBack();
  await page.reload();
  await hydrated(page);

  // 2. The unfinished payment: Continue, Cancel, and when its students are released; none is offered twice.
  const open = page.getByRole("region", { name: "Payments not finished" });
  await expect(open).toContainText(/ORD-\d{6}: a payment of ₹[\d,.]+ for 2 students is not finished/);
  await expect(open.locator("time")).toHaveText(/\d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm)/);
  await expect(page.getByText("Held by a payment that is not finished: 2 students.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pay for all/ })).toHaveCount(0);
  await expectAccessible(page, "payment with an unfinished order");
  await page.screenshot({ path: `${SHOTS}/abandon-2-payment-students.png`, fullPage: true });
  const phone = await (
    await browser.newContext({
      viewport: { width: 390, height: 844 },
      storageState: await page.context().storageState(),
    })
  ).newPage();
  await phone.goto(pageUrl("school", "payment-student"));
  await hydrated(phone);
  await phone.screenshot({ path: `${SHOTS}/abandon-2-payment-students-phone.png`, fullPage: true });
  await phone.close();

  // 3. The history says the same, with the same ways on.
  await page.goto(pageUrl("school", "payment-history"));
  await hydrated(page);
  const row = page.getByRole("table", { name: "Payments" }).getByRole("row", { name: /Awaiting payment/ });
  await expect(row).toContainText("Released if not finished by");
  await expect(row.getByRole("link", { name: /^Continue payment ORD-/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/abandon-3-history.png`, fullPage: true });

  // 4. Continue leads back to the gateway; Cancel there releases the students at once.
  await row.getByRole("link", { name: /^Continue payment ORD-/ }).click();
  await expect(page.getByRole("heading", { name: "Demo payment gateway" })).toBeVisible();
  await page.getByRole("button", { name: /^Cancel payment ORD-/ }).click();
  await expect(page.getByRole("heading", { name: "Payment cancelled" })).toBeVisible();
  await expect(page.getByText("Cancelled by the payer.")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/abandon-4-cancelled.png`, fullPage: true });

  // 5. Pay again, successfully.
  await page.getByRole("link", { name: "Pay again" }).click();
  await expect(page.getByText("2 unpaid students:")).toBeVisible();
  await expect(page.getByRole("region", { name: "Payments not finished" })).toHaveCount(0);
  await page.getByRole("button", { name: "Pay for all 2 unpaid students" }).click();
  await expect(page.getByRole("heading", { name: "Demo payment gateway" })).toBeVisible();
  await page.getByRole("button", { name: /^Pay ₹/ }).click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await page.goto(pageUrl("school", "payment-student"));
  await hydrated(page);
  await expect(page.getByText("Every student of yours is paid for.")).toBeVisible();

  // 6. Without JavaScript, Cancel is a plain form that works the same.
  await addStudents(
    account.username,
    account.password,
    [`Gita${letters}`],
    90_000_000 + Math.floor(Math.random() * 9_000_000),
  );
  // Signed in as above (the session cookie), in a browser with JavaScript off.
  const plain = await (
    await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() })
  ).newPage();
  await plain.goto(pageUrl("school", "payment-student"));
  await plain.getByRole("button", { name: "Pay for all 1 unpaid student" }).click();
  await expect(plain.getByRole("heading", { name: "Demo payment gateway" })).toBeVisible();
  await plain.goto(pageUrl("school", "payment-student"));
  await expect(plain.getByRole("region", { name: "Payments not finished" })).toContainText("for 1 student is not");
  await plain.screenshot({ path: `${SHOTS}/abandon-6-no-js.png`, fullPage: true });
  await plain.getByRole("button", { name: /^Cancel payment ORD-/ }).click();
  await expect(plain.getByRole("heading", { name: "Payment cancelled" })).toBeVisible();
});
