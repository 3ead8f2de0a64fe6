import { expect, test } from "@playwright/test";
import { API, expectAccessible, hydrated, mailsTo, pageUrl, signInTo } from "./support";

const SHOTS = process.env.PAY_SHOTS_DIR ?? "e2e/artifacts/screens";

test("an institute buys study material through the demo gateway and then opens it", async ({ page }) => {
  test.slow();
  await signInTo(page, pageUrl("school", "buy-study-material"), "institute");
  const table = page.getByRole("table", { name: "Study material for sale" });
  const row = table.getByRole("row", { name: /Level 2 preparation guide/ });
  await expect(row).toContainText("Tick to buy");
  await expect(row).not.toContainText("Open link");
  await expectAccessible(page, "buy study material");
  await row.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Buy 1 selected" }).click();

  await expect(page.getByRole("heading", { name: "Demo payment gateway" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Study materials in this payment" })).toContainText(
    "Level 2 preparation guide",
  );
  // Back from the gateway: the cart waits, with Continue and Cancel and when it lets go (decision 054).
  await page.goBack();
  await page.reload();
  await hydrated(page);
  const open = page.getByRole("region", { name: "Payments not finished" });
  await expect(open).toContainText(/for 1 study material is not finished/);
  await expect(open.locator("time")).toHaveText(/\d{4}, \d{1,2}:\d{2} (am|pm)/);
  await page.screenshot({ path: `${SHOTS}/study-material-unfinished.png`, fullPage: true });
  await open.getByRole("link", { name: /^Continue payment ORD-/ }).click();
  await expect(page.getByRole("heading", { name: "Demo payment gateway" })).toBeVisible();
  await page.getByRole("button", { name: /^Pay ₹/ }).click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await expect(page.getByText("What you bought now opens in Buy Study Material")).toBeVisible();
  await page.getByRole("link", { name: "Open what you bought" }).click();

  await hydrated(page);
  const bought = page.getByRole("table", { name: "Study material for sale" }).getByRole("row", {
    name: /Level 2 preparation guide/,
  });
  await expect(bought).toContainText("Bought");
  await expect(bought.getByRole("link", { name: /Open link/ })).toHaveAttribute("href", /^https:/);
  await page.screenshot({ path: "e2e/artifacts/screens/study-material-bought.png", fullPage: true });
});

test("an individual student signs in from its registration mail and pays its own fee", async ({ page }) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const email = `ownfee-${stamp}@e2e.example.org`;
  const schools = await fetch(`${API}/api/sif/list/schools?search=Jnana`);
  const schoolId = ((await schools.json()) as { data: { items: { id: number }[] } }).data.items[0]?.id;
  const registered = await fetch(`${API}/api/sif/register/student`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      first_name: "Ira",
      last_name: `Own${stamp.replace(/\d/g, "")}`,
      class_level: 9,
      language: "en",
      gender: "female",
      date_of_birth: "2012-02-10",
      parent_name: "Sunita Kulkarni",
      phone: `97${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
      email,
      school_id: schoolId,
    }),
  });
  expect(registered.status, await registered.clone().text()).toBe(200);
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const mail = (await mailsTo(email))[0];
  const username = /Username:\s*(\S+)/.exec(mail?.text ?? "")?.[1] ?? "";
  const password = /Password:\s*(\S+)/.exec(mail?.text ?? "")?.[1] ?? "";
  // The mail's link signs in straight to the fee.
  const link = /href="([^"]+)"/.exec(mail?.html ?? "")?.[1]?.replace(/&amp;/g, "&") ?? "";
  expect(link).toContain("redirectTo=%2Fpayment%2Fpay-my-fee");

  await page.goto(link);
  await hydrated(page);
  await page.getByLabel("Username").fill(username);
  await page.locator(`input[name="password"]`).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "My fee", level: 2 })).toBeVisible();
  await hydrated(page);
  await expect(page.getByRole("navigation").getByRole("link", { name: "My Fee" })).toBeVisible();
  await expect(page.getByText("Not paid")).toBeVisible();
  await expectAccessible(page, "my fee");
  await page.getByRole("button", { name: /^Pay ₹/ }).click();

  // Back from the gateway: Continue or Cancel, and from when the fee can be paid again (decision 054).
  await expect(page.getByRole("heading", { name: "Demo payment gateway" })).toBeVisible();
  await page.goBack();
  await page.reload();
  await hydrated(page);
  await expect(page.getByText("Payment not finished")).toBeVisible();
  await expect(page.locator("main time")).toHaveText(/\d{4}, \d{1,2}:\d{2} (am|pm)/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await hydrated(page);
  await page.screenshot({ path: `${SHOTS}/own-fee-unfinished-phone.png`, fullPage: true });
  await page.getByRole("button", { name: /^Cancel payment ORD-/ }).click();
  await expect(page.getByRole("heading", { name: "Payment cancelled" })).toBeVisible();
  await page.getByRole("link", { name: "Pay again" }).click();
  await expect(page.getByText("Not paid")).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: /^Pay ₹/ }).click();

  await expect(page.getByRole("heading", { name: "Demo payment gateway" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Registration in this payment" })).toContainText("Ira");
  await page.getByRole("button", { name: /^Pay ₹/ }).click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await expect(page.getByText("Your fee is paid and you have your roll number")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "My fee", exact: true }).click();
  await expect(page.getByText("Paid", { exact: true })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: /^\d+09\d{6}$/ })).toBeVisible();
  await page.screenshot({ path: "e2e/artifacts/screens/own-fee-paid.png", fullPage: true });
});
