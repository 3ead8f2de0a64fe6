import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { queryRows } from "@repo/db";
import { paymentCaptures, paymentOrders, schools, users } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hmacHex, webhookBody } from "../src/domains/payments/gateway";
import { startTestApi, type TestApi } from "./support";

// The checkout's return with Razorpay's ids (services/payments/settle.ts settleReturn), against a
// stand-in for Razorpay's API on a local port: it creates orders and holds the payments a test
// makes for them, as Razorpay answers `GET /v1/orders/{id}/payments`.
const KEYS = { keyId: "rzp_test_return", keySecret: "rzp_test_return_secret", webhookSecret: "whsec_return" };
const orders = new Map<string, { amount: number; currency: string; paymentId: string | null }>();
const paymentCalls: string[] = [];
const razorpay = createServer(async (req, res) => {
  let body = "";
  for await (const chunk of req) body += chunk;
  res.setHeader("Content-Type", "application/json");
  const asked = /^\/v1\/orders\/([^/]+)\/payments$/.exec(req.url ?? "");
  if (req.headers.authorization !== `Basic ${Buffer.from(`${KEYS.keyId}:${KEYS.keySecret}`).toString("base64")}`) {
    res.statusCode = 401;
    res.end(JSON.stringify({ error: { description: "Authentication failed" } }));
  } else if (req.method === "POST" && req.url === "/v1/orders") {
    const input = JSON.parse(body) as { amount: number; currency: string };
    const id = `order_Ret${orders.size + 1}`;
    orders.set(id, { ...input, paymentId: null });
    res.end(JSON.stringify({ id, entity: "order", amount: input.amount, currency: input.currency, status: "created" }));
  } else if (req.method === "GET" && asked?.[1]) {
    paymentCalls.push(asked[1]);
    const order = orders.get(asked[1]);
    const items = order?.paymentId
      ? [
          {
            id: order.paymentId,
            entity: "payment",
            order_id: asked[1],
            amount: order.amount,
            currency: order.currency,
            status: "captured",
            method: "upi",
          },
        ]
      : [];
    res.end(JSON.stringify({ entity: "collection", count: items.length, items }));
  } else {
    res.statusCode = 404;
    res.end(JSON.stringify({ error: { description: "The requested URL was not found on the server." } }));
  }
});
let apiUrl = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => razorpay.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(razorpay.address() as AddressInfo).port}`;
});
afterAll(() => {
  razorpay.close();
});

for (const driver of testDrivers()) {
  describe(`the return from Razorpay's checkout on ${driver}`, () => {
    let api: TestApi;
    let token: string;
    let schoolId: number;

    beforeAll(async () => {
      api = await startTestApi(driver, {
        payments: { provider: "razorpay", demoSecret: "unused", razorpay: { ...KEYS, apiUrl } },
      });
      token = await api.login("school");
      const [own] = await api.db.select({ id: users.schoolId }).from(users).where(eq(users.username, "school"));
      schoolId = Number(own?.id);
      await api.db.update(schools).set({ emailVerifiedAt: new Date() }).where(eq(schools.id, schoolId));
    });
    afterAll(async () => {
      await api?.close();
    });

    /** An order for one more unpaid student of the demo school, and Razorpay's order for it. */
    let batch = 0;
    async function openOrder(): Promise<{ orderId: number; providerOrderId: string; amountMinor: number }> {
      batch += 1;
      const [student] = await queryRows<{ id: number }>(
        api.db,
        sql`
        insert into students (school_id, exam_year_id, class_level, first_name, last_name, dedupe_key, payment_status,
          zone_id, state_id, prant_id, district_id)
        select s.school_id, s.exam_year_id, s.class_level, 'Return', 'Student ' || ${batch},
          'razorpay-return|' || ${batch} || '|' || s.id, 'unpaid', s.zone_id, s.state_id, s.prant_id, s.district_id
        from (select * from students where school_id = ${schoolId} order by id limit 1) s
        returning id`,
      );
      const created = await api.call("POST", "/api/pay-student/create-payment", {
        token,
        json: { student_ids: [Number(student?.id)] },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const orderId = Number(created.body.data.order_id);
      const [order] = await api.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
      const providerOrderId = String(order?.providerOrderId);
      expect(orders.has(providerOrderId)).toBe(true);
      return { orderId, providerOrderId, amountMinor: Number(order?.amountMinor) };
    }
    /** The payer pays at Razorpay: it now holds a captured payment for the order. */
    function payAtRazorpay(providerOrderId: string): string {
      const order = orders.get(providerOrderId);
      if (!order) throw new Error(`Razorpay has no ${providerOrderId}`);
      order.paymentId = `pay_Ret_${providerOrderId}`;
      return order.paymentId;
    }
    const returnFrom = (orderId: number, providerOrderId: string, paymentId: string, signature?: string) =>
      api.call("POST", "/api/update-payment-status", {
        token,
        json: {
          order_id: orderId,
          razorpay_order_id: providerOrderId,
          razorpay_payment_id: paymentId,
          razorpay_signature: signature ?? hmacHex(KEYS.keySecret, `${providerOrderId}|${paymentId}`),
        },
      });
    function webhook(providerOrderId: string, paymentId: string, amountMinor: number) {
      const raw = webhookBody("payment.captured", {
        paymentId,
        providerOrderId,
        amountMinor,
        currency: "INR",
        status: "captured",
        method: "upi",
        error: null,
      });
      return api.call("POST", "/api/payments/webhook/razorpay", {
        body: raw,
        headers: {
          "Content-Type": "application/json",
          "X-Razorpay-Signature": hmacHex(KEYS.webhookSecret, raw),
          "X-Razorpay-Event-Id": `evt_${paymentId}_${crypto.randomUUID()}`,
        },
      });
    }
    const orderRow = async (orderId: number) =>
      (await api.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId)))[0];
    const capturesOf = async (orderId: number) =>
      await api.db
        .select({ outcome: paymentCaptures.outcome, paymentId: paymentCaptures.providerPaymentId })
        .from(paymentCaptures)
        .where(eq(paymentCaptures.orderId, orderId));
    const paidStudentsOf = async (orderId: number) =>
      (
        await queryRows<{ n: number }>(
          api.db,
          sql`select count(*)::int as n from students s join payment_order_items i on i.student_id = s.id
            where i.order_id = ${orderId} and s.payment_status = 'paid' and s.roll_number is not null`,
        )
      )[0]?.n;

    it("settles a signed return at once, and the webhook after it settles nothing again", async () => {
      const { orderId, providerOrderId, amountMinor } = await openOrder();
      const paymentId = payAtRazorpay(providerOrderId);

      const returned = await returnFrom(orderId, providerOrderId, paymentId);
      expect(returned.status, JSON.stringify(returned.body)).toBe(200);
      expect(returned.body.data).toMatchObject({ id: orderId, status: "paid" });
      const paid = await orderRow(orderId);
      expect(paid).toMatchObject({ status: "paid", providerPaymentId: paymentId });
      expect(paid?.invoiceNumber).toBeTruthy();
      expect(await capturesOf(orderId)).toEqual([{ outcome: "applied", paymentId }]);
      expect(await paidStudentsOf(orderId)).toBe(1);

      // The same return again (a reload) and the gateway's webhook: the payment is already recorded.
      expect((await returnFrom(orderId, providerOrderId, paymentId)).body.data.status).toBe("paid");
      const late = await webhook(providerOrderId, paymentId, amountMinor);
      expect(late.status).toBe(200);
      expect(late.body.data).toEqual({ outcome: "already-recorded" });
      expect(await capturesOf(orderId)).toEqual([{ outcome: "applied", paymentId }]);
      expect((await orderRow(orderId))?.invoiceNumber).toBe(paid?.invoiceNumber);
    });

    it("settles nothing again at the return when the webhook came first", async () => {
      const { orderId, providerOrderId, amountMinor } = await openOrder();
      const paymentId = payAtRazorpay(providerOrderId);

      const first = await webhook(providerOrderId, paymentId, amountMinor);
      expect(first.body.data).toEqual({ outcome: "applied" });
      const paid = await orderRow(orderId);
      expect(paid?.status).toBe("paid");

      const returned = await returnFrom(orderId, providerOrderId, paymentId);
      expect(returned.status).toBe(200);
      expect(returned.body.data).toMatchObject({ id: orderId, status: "paid" });
      expect(await capturesOf(orderId)).toEqual([{ outcome: "applied", paymentId }]);
      expect((await orderRow(orderId))?.invoiceNumber).toBe(paid?.invoiceNumber);
      expect(await paidStudentsOf(orderId)).toBe(1);
    });

    it("refuses a return whose signature is not the gateway's, settling nothing and asking Razorpay nothing", async () => {
      const { orderId, providerOrderId } = await openOrder();
      const paymentId = payAtRazorpay(providerOrderId);
      const asked = paymentCalls.length;

      const forged = hmacHex("not-the-key-secret", `${providerOrderId}|${paymentId}`);
      const refused = await returnFrom(orderId, providerOrderId, paymentId, forged);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ status: false, message: "The checkout's signature does not match." });
      // Signed for another payment id: also not this one's.
      const other = hmacHex(KEYS.keySecret, `${providerOrderId}|pay_Other`);
      expect((await returnFrom(orderId, providerOrderId, paymentId, other)).status).toBe(400);

      expect(paymentCalls.length).toBe(asked);
      expect((await orderRow(orderId))?.status).toBe("pending");
      expect(await capturesOf(orderId)).toEqual([]);
      expect(await paidStudentsOf(orderId)).toBe(0);
    });

    it("refuses a return for an order that is not the payer's or does not exist, settling nothing", async () => {
      const { orderId, providerOrderId } = await openOrder();
      const paymentId = payAtRazorpay(providerOrderId);

      const unknown = await returnFrom(999_999, providerOrderId, paymentId);
      expect(unknown.status).toBe(404);
      const notTheirs = await api.call("POST", "/api/update-payment-status", {
        token: await api.login("masterinstitute"),
        json: {
          order_id: orderId,
          razorpay_order_id: providerOrderId,
          razorpay_payment_id: paymentId,
          razorpay_signature: hmacHex(KEYS.keySecret, `${providerOrderId}|${paymentId}`),
        },
      });
      expect(notTheirs.status).toBe(404);

      expect((await orderRow(orderId))?.status).toBe("pending");
      expect(await capturesOf(orderId)).toEqual([]);
      expect(await paidStudentsOf(orderId)).toBe(0);
    });
  });
}
