// Razorpay's browser checkout, end to end, in the mode production runs: the portal started with
// PAYMENT_PROVIDER=razorpay against a stand-in for Razorpay's API (started here: this machine
// cannot reach Razorpay), and Razorpay's checkout.js replaced in the browser by a stand-in that
// pays and hands back ids signed with the key secret, as the real one does. Opt-in, as it needs the
// portal in that mode: `npm run test:e2e:razorpay` (scripts/e2e-razorpay.ts). The default run (demo gateway) skips it.
import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import { expect, test } from "@playwright/test";
import { RAZORPAY_CHECKOUT_SCRIPT } from "@repo/contracts/payments-constants";
import { pageUrl, RAZORPAY_STAND_IN, schoolWithStudents, signInTo } from "./support";

test.skip(process.env.PAYMENT_PROVIDER !== "razorpay", "the portal runs with the demo gateway");

let server: Server | undefined;
const orders = new Map<string, { amount: number; currency: string }>();
test.beforeAll(async () => {
  const basic = `Basic ${Buffer.from(`${RAZORPAY_STAND_IN.keyId}:${RAZORPAY_STAND_IN.keySecret}`).toString("base64")}`;
  server = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    res.setHeader("Content-Type", "application/json");
    const payments = /^\/v1\/orders\/([^/]+)\/payments$/.exec(req.url ?? "");
    if (req.headers.authorization !== basic) {
      res.statusCode = 401;
      res.end(JSON.stringify({ error: { description: "Authentication failed" } }));
    } else if (req.method === "POST" && req.url === "/v1/orders") {
      const input = JSON.parse(body) as { amount: number; currency: string };
      const id = `order_E2e${orders.size + 1}`;
      orders.set(id, input);
      res.end(JSON.stringify({ id, entity: "order", ...input, status: "created" }));
    } else if (req.method === "GET" && payments?.[1]) {
      const order = orders.get(payments[1]);
      const items = order
        ? [
            {
              id: `pay_For_${payments[1]}`,
              entity: "payment",
              order_id: payments[1],
              ...order,
              status: "captured",
              method: "upi",
            },
          ]
        : [];
      res.end(JSON.stringify({ entity: "collection", count: items.length, items }));
    } else {
      res.statusCode = 404;
      res.end("{}");
    }
  });
  await new Promise<void>((resolve) => server?.listen(RAZORPAY_STAND_IN.port, "127.0.0.1", resolve));
});
test.afterAll(() => {
  server?.close();
});

test("a school pays through Razorpay's checkout and its students are paid", async ({ page }) => {
  test.slow();
  const { account } = await schoolWithStudents("Razorpay", ["Ravi", "Sita"], 60_000_000);

  // Razorpay's checkout.js, as the browser would get it: it opens, pays, and hands back signed ids.
  await page.exposeFunction("__razorpaySign", (text: string) =>
    createHmac("sha256", RAZORPAY_STAND_IN.keySecret).update(text).digest("hex"),
  );
  await page.route(RAZORPAY_CHECKOUT_SCRIPT, (route) =>
    route.fulfill({
      contentType: "application/javascript",
      body: `window.Razorpay = function (options) { this.options = options; };
        Razorpay.prototype.on = function () {};
        Razorpay.prototype.close = function () {};
        Razorpay.prototype.open = async function () {
          const o = this.options;
          window.__razorpayOpened = { key: o.key, order_id: o.order_id, amount: o.amount, currency: o.currency };
          const id = "pay_For_" + o.order_id;
          const signature = await window.__razorpaySign(o.order_id + "|" + id);
          o.handler({ razorpay_order_id: o.order_id, razorpay_payment_id: id, razorpay_signature: signature });
        };`,
    }),
  );

  await signInTo(page, pageUrl("school", "payment-student"), account.username, account.password);
  await page.getByRole("button", { name: "Pay for all 2 unpaid" }).click();
  await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
  await expect(page.getByText("You pay in Razorpay's window")).toBeVisible();
  await page.screenshot({ path: "e2e/artifacts/screens/razorpay-checkout.png", fullPage: true });
  await page.getByRole("button", { name: "Pay ₹300.00" }).click();
  await expect(page).toHaveURL(/\/payment\/result\/\d+/);
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { __razorpayOpened: unknown }).__razorpayOpened),
  ).toMatchObject({
    key: RAZORPAY_STAND_IN.keyId,
    order_id: expect.stringMatching(/^order_E2e\d+$/),
    amount: 30000,
    currency: "INR",
  });
  await page.screenshot({ path: "e2e/artifacts/screens/razorpay-result.png", fullPage: true });
});
