import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import type { Money } from "@repo/contracts/fees";
import { DEMO_GATEWAY_DEFAULT_SECRET, hmacHex, webhookBody } from "../apps/api/src/domains/payments/gateway";
import { API, expectAccessible, hydrated, pageUrl, schoolWithStudents, signIn, signInTo } from "./support";

test("pay support finds the students who cannot sign in, exports them, and lets one sign in again", async ({
  page,
  browser,
}) => {
  await signInTo(page, pageUrl("coordinator", "student-inactive-list"), "paysupport");
  // The demo pay-support user's mobile is unverified: the optional step is put off (e2e/account covers it).
  await page.getByRole("dialog", { name: "Verify your mobile number" }).getByRole("button", { name: "Later" }).click();
  const table = page.getByRole("table", { name: "Inactive students" });
  const row = table.getByRole("row", { name: /inactivestudent/ });
  await expect(row).toContainText("Registered twice: the school paid for the other registration");
  await expect(row).toContainText("Sign-in switched off");
  await expectAccessible(page, "inactive students");
  await page.screenshot({ path: "e2e/artifacts/screens/pay-support-inactive.png", fullPage: true });

  // The export holds what the list shows.
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menu", { name: "Export the list" }).getByRole("menuitem", { name: "Export CSV" }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^inactive-students-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await csv.path(), "utf8");
  expect(text).toContain("inactivestudent");

  // Switched on again, the student signs in and lands on its own page.
  await row.getByRole("button", { name: /^Switch on sign-in for / }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Switch on" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("The student can sign in again.");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(table.getByRole("row", { name: /inactivestudent/ })).toHaveCount(0);

  const student = await (await browser.newContext()).newPage();
  await signIn(student, "school", "inactivestudent");
  expect(new URL(student.url()).pathname).toBe("/student");
});

test("pay support's pages are refused to a coordinator", async ({ page }) => {
  const response = await signInTo(page, pageUrl("coordinator", "student-inactive-list"), "zonal");
  expect(response?.status()).toBe(403);
});

test("pay support finds a school's unfinished payment by the student's name and marks it paid by bank transfer", async ({
  page,
}) => {
  test.slow();
  const { token, ids, names } = await schoolWithStudents("Desk", ["Kiran"], 40_000_000);
  const [kiran] = names;
  const created = await fetch(`${API}/api/pay-student/create-payment`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ student_ids: ids }),
  });
  const reference = ((await created.json()) as { data: { reference: string } }).data.reference;

  await signInTo(page, pageUrl("coordinator", "student-pay-support"), "paysupport");
  await page.getByRole("dialog", { name: "Verify your mobile number" }).getByRole("button", { name: "Later" }).click();
  await page.getByRole("searchbox").fill(String(kiran));
  const row = page.getByRole("table", { name: "Orders" }).getByRole("row", { name: new RegExp(reference) });
  await expect(row).toContainText("Awaiting payment");
  await expectAccessible(page, "student payments");
  await row.getByRole("button", { name: `Open ${reference}` }).click();
  const dialog = page.getByRole("dialog", { name: `Order ${reference}` });
  await expect(dialog.getByRole("list").first()).toContainText(`${kiran} Pay`);
  await dialog.getByRole("button", { name: "Mark paid" }).click();
  await expect(dialog.getByText("Give the payment's reference")).toBeVisible();
  await dialog.getByLabel("Reference").fill("NEFT-20261125-77");
  await dialog.getByLabel("Reason").fill("Paid by bank transfer after the gateway timed out");
  await expectAccessible(page, "order dialog");
  await dialog.getByRole("button", { name: "Mark paid" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("The order is marked paid.");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(dialog).toContainText("NEFT-20261125-77");
  await expect(dialog).toContainText("Roll");
  await page.screenshot({ path: "e2e/artifacts/screens/pay-support-order.png", fullPage: true });
});

test("pay support sees each school's balance, goes to its orders, and lists referred students' payments", async ({
  page,
}) => {
  await signInTo(page, pageUrl("coordinator", "school-pay-support"), "paysupport");
  await page.getByRole("dialog", { name: "Verify your mobile number" }).getByRole("button", { name: "Later" }).click();
  await page.getByRole("searchbox").fill("Jnana Prabodhini");
  const row = page.getByRole("table", { name: "Schools and balances" }).getByRole("row", { name: /Jnana Prabodhini/ });
  await expect(row.first()).toContainText(/\d+ paid of \d+/);
  await expect(row.first()).toContainText("₹");
  await expectAccessible(page, "school payments");
  await page.screenshot({ path: "e2e/artifacts/screens/school-balances.png", fullPage: true });
  await row
    .first()
    .getByRole("link", { name: /^Orders of / })
    .click();
  await expect(page).toHaveURL(/\/paysupport\/student-pay-support\?school_id=\d+/);
  const orders = page.getByRole("table", { name: "Orders" }).getByRole("row");
  await expect(orders.nth(1)).toContainText("Jnana Prabodhini");
  await expect(orders.filter({ hasText: "E2E Desk School" })).toHaveCount(0);

  await page.goto(pageUrl("coordinator", "referred-pay-support"));
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Referred student payments", level: 2 })).toBeVisible();
  await expectAccessible(page, "referred student payments");
});

test("pay support gives back a second payment of a paid order, and an admin refunds the order", async ({
  page,
  browser,
}) => {
  test.slow();
  const { stamp, token, ids } = await schoolWithStudents("Refund", ["Meera"], 50_000_000);
  const headers = { "Content-Type": "application/json", Authorization: `Bearer ${token}` };
  const created = await fetch(`${API}/api/pay-student/create-payment`, {
    method: "POST",
    headers,
    body: JSON.stringify({ student_ids: ids }),
  });
  const order = ((await created.json()) as { data: { order_id: number; reference: string; amount: Money } }).data;
  // Paid at the demo gateway, then the gateway sends a second payment for the same order.
  await fetch(`${API}/api/payments/demo/checkout/${order.order_id}`, {
    method: "POST",
    headers,
    body: JSON.stringify({ outcome: "pay" }),
  });
  const raw = webhookBody("payment.captured", {
    paymentId: `pay_twice_${stamp}`,
    providerOrderId: `demo_order_${order.order_id}`,
    amountMinor: order.amount.amount_minor,
    currency: order.amount.currency,
    status: "captured",
    method: "upi",
    error: null,
  });
  const webhook = await fetch(`${API}/api/payments/webhook/demo`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Razorpay-Signature": hmacHex(DEMO_GATEWAY_DEFAULT_SECRET, raw),
      "X-Razorpay-Event-Id": `evt_twice_${stamp}`,
    },
    body: raw,
  });
  expect(((await webhook.json()) as { data: { outcome: string } }).data.outcome).toBe("duplicate");

  // Pay support gives the second payment back.
  await signInTo(page, `${pageUrl("coordinator", "student-pay-support")}?search=${order.reference}`, "paysupport");
  await page.getByRole("dialog", { name: "Verify your mobile number" }).getByRole("button", { name: "Later" }).click();
  const row = page.getByRole("table", { name: "Orders" }).getByRole("row", { name: new RegExp(order.reference) });
  await row.getByRole("button", { name: `Open ${order.reference}` }).click();
  const dialog = page.getByRole("dialog", { name: `Order ${order.reference}` });
  const giveBack = dialog.getByRole("form", { name: `Give back pay_twice_${stamp}` });
  await expect(giveBack).toBeVisible();
  await expect(dialog.getByRole("form", { name: "Refund the order" })).toHaveCount(0);
  await giveBack.getByRole("textbox").fill("Paid twice: the second payment goes back");
  await giveBack.getByRole("button", { name: "Give back" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("The payment is given back (refund rfnd_demo_");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(dialog).toContainText(`pay_twice_${stamp}`);
  await expect(dialog.getByRole("form", { name: `Give back pay_twice_${stamp}` })).toHaveCount(0);
  await expect(dialog.getByRole("list").nth(1)).toContainText("Refunded");

  // An admin finds the order on Student Payments and refunds it: the student is payable again.
  const admin = await (await browser.newContext()).newPage();
  await signInTo(admin, `${pageUrl("coordinator", "student-pay-support")}?search=${order.reference}`, "admin");
  const adminRow = admin.getByRole("table", { name: "Orders" }).getByRole("row", { name: new RegExp(order.reference) });
  await adminRow.getByRole("button", { name: `Open ${order.reference}` }).click();
  const adminDialog = admin.getByRole("dialog", { name: `Order ${order.reference}` });
  const refund = adminDialog.getByRole("form", { name: "Refund the order" });
  await expect(refund).toBeVisible();
  // Pay support's own actions are not an admin's.
  await expect(adminDialog.getByRole("button", { name: "Mark paid" })).toHaveCount(0);
  await refund.getByLabel("Reason").fill("The school registered these students twice");
  await expectAccessible(admin, "refund dialog");
  await admin.screenshot({ path: "e2e/artifacts/screens/admin-refund.png", fullPage: true });
  await refund.getByRole("button", { name: /^Refund / }).click();
  await expect(admin.getByRole("alertdialog")).toContainText("The order is refunded (refund rfnd_demo_");
  await admin.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(adminDialog.getByRole("definition").first()).toHaveText("Refunded");
  const again = await fetch(`${API}/api/pay-student/create-payment`, {
    method: "POST",
    headers,
    body: JSON.stringify({ student_ids: ids }),
  });
  expect(again.status).toBe(200);
});
