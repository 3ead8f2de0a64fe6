import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hmacHex, parseWebhook, razorpayGateway, webhookBody } from "../src/domains/payments/gateway";

// A stand-in for Razorpay's API on a local port (we cannot reach the real one from tests): it
// checks basic auth like Razorpay and answers orders and an order's payments in its format.
const KEY_ID = "rzp_test_key";
const KEY_SECRET = "rzp_test_secret";
const WEBHOOK_SECRET = "whsec_test";
const seen: { method: string; url: string; auth: string | undefined; body: string }[] = [];
const server = createServer(async (req: IncomingMessage, res) => {
  let body = "";
  for await (const chunk of req) body += chunk;
  seen.push({ method: req.method ?? "", url: req.url ?? "", auth: req.headers.authorization, body });
  res.setHeader("Content-Type", "application/json");
  if (req.headers.authorization !== `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString("base64")}`) {
    res.statusCode = 401;
    res.end(JSON.stringify({ error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } }));
  } else if (req.method === "POST" && req.url === "/v1/orders") {
    const input = JSON.parse(body) as { amount: number; currency: string };
    res.end(
      JSON.stringify({
        id: "order_Rz123",
        entity: "order",
        amount: input.amount,
        currency: input.currency,
        status: "created",
      }),
    );
  } else if (req.method === "GET" && req.url === "/v1/orders/order_Rz123/payments") {
    res.end(
      JSON.stringify({
        entity: "collection",
        count: 1,
        items: [
          {
            id: "pay_Rz9",
            entity: "payment",
            order_id: "order_Rz123",
            amount: 45000,
            currency: "INR",
            status: "captured",
            method: "upi",
          },
        ],
      }),
    );
  } else if (req.method === "POST" && req.url === "/v1/payments/pay_Rz9/refund") {
    const input = JSON.parse(body) as { amount: number };
    res.end(JSON.stringify({ id: "rfnd_Rz1", entity: "refund", amount: input.amount, payment_id: "pay_Rz9" }));
  } else {
    res.statusCode = 404;
    res.end(JSON.stringify({ error: { description: "The requested URL was not found on the server." } }));
  }
});
let apiUrl = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});

describe("the Razorpay-compatible gateway", () => {
  const gateway = () =>
    razorpayGateway({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, apiUrl });

  it("creates the gateway's order with basic auth, in minor units, with our order as the receipt", async () => {
    expect(await gateway().createOrder({ id: 42, amountMinor: 45000, currency: "INR" })).toEqual({
      providerOrderId: "order_Rz123",
    });
    const call = seen.find((c) => c.url === "/v1/orders");
    expect(JSON.parse(call?.body ?? "{}")).toEqual({ amount: 45000, currency: "INR", receipt: "order-42" });
  });

  it("says what the gateway answered when it refuses", async () => {
    const wrong = razorpayGateway({ keyId: KEY_ID, keySecret: "wrong", webhookSecret: WEBHOOK_SECRET, apiUrl });
    await expect(wrong.createOrder({ id: 1, amountMinor: 100, currency: "INR" })).rejects.toThrow(
      "Razorpay answered 401: Authentication failed",
    );
  });

  it("reads an order's payments for reconciliation", async () => {
    expect(await gateway().orderPayments("order_Rz123")).toEqual([
      {
        paymentId: "pay_Rz9",
        providerOrderId: "order_Rz123",
        amountMinor: 45000,
        currency: "INR",
        status: "captured",
        method: "upi",
        error: null,
      },
    ]);
  });

  it("refunds a payment in full, in minor units", async () => {
    expect(await gateway().refund("pay_Rz9", 45000)).toEqual({ refundId: "rfnd_Rz1" });
    const call = seen.find((c) => c.url === "/v1/payments/pay_Rz9/refund");
    expect(JSON.parse(call?.body ?? "{}")).toEqual({ amount: 45000 });
    await expect(gateway().refund("pay_unknown", 100)).rejects.toThrow("Razorpay answered 404");
  });

  it("accepts the checkout's signature of order_id|payment_id with the key secret, and nothing else", () => {
    const good = hmacHex(KEY_SECRET, "order_Rz123|pay_Rz9");
    expect(gateway().verifyCheckout("order_Rz123", "pay_Rz9", good)).toBe(true);
    expect(gateway().verifyCheckout("order_Rz123", "pay_Other", good)).toBe(false);
    expect(gateway().verifyCheckout("order_Rz123", "pay_Rz9", good.slice(0, -1))).toBe(false);
  });

  it("accepts a webhook signed over its raw body with the webhook secret, and parses it", () => {
    const raw = webhookBody("payment.captured", {
      paymentId: "pay_Rz9",
      providerOrderId: "order_Rz123",
      amountMinor: 45000,
      currency: "INR",
      status: "captured",
      method: "upi",
      error: null,
    });
    expect(gateway().verifyWebhook(raw, hmacHex(WEBHOOK_SECRET, raw))).toBe(true);
    // Re-serialised JSON (spaces) is a different body: the signature is over the bytes as sent.
    expect(gateway().verifyWebhook(JSON.stringify(JSON.parse(raw), null, 1), hmacHex(WEBHOOK_SECRET, raw))).toBe(false);
    expect(gateway().verifyWebhook(raw, hmacHex(KEY_SECRET, raw))).toBe(false);
    expect(gateway().verifyWebhook(raw, null)).toBe(false);
    expect(parseWebhook(raw, "evt_1")).toMatchObject({
      eventId: "evt_1",
      type: "payment.captured",
      payment: { paymentId: "pay_Rz9", providerOrderId: "order_Rz123", amountMinor: 45000, currency: "INR" },
    });
    expect(parseWebhook("not json", "evt_2")).toBeNull();
    // A field the columns cannot hold is named (decision 049); a payment of no order is not ours.
    const entity = JSON.parse(raw).payload.payment.entity;
    const withEntity = (change: object) =>
      JSON.stringify({ event: "payment.captured", payload: { payment: { entity: { ...entity, ...change } } } });
    expect(parseWebhook(withEntity({ currency: "RUPEE" }), "evt_3")).toMatchObject({
      field: "payload.payment.entity.currency",
    });
    expect(parseWebhook(withEntity({ amount: "450.00" }), "evt_4")).toMatchObject({
      field: "payload.payment.entity.amount",
    });
    expect(parseWebhook(withEntity({ currency: "inr" }), "evt_5")).toMatchObject({ payment: { currency: "INR" } });
    expect(parseWebhook(withEntity({ order_id: null }), "evt_6")).toMatchObject({ payment: null });
    expect(parseWebhook(raw, null)).toBeNull();
  });
});
