import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { appRequest, envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { ownFeeAction, ownFeeLoader } from "./own-fee.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());
const student = () => signedInAs(userRecord({ role_id: 1, role_name: "Student" }));
const fee = (extra: Record<string, unknown>) =>
  envelope({
    student_name: "Ira Kulkarni",
    class_level: 9,
    payment_status: "unpaid",
    roll_number: null,
    amount: { currency: "INR", amount_minor: 25000 },
    open_order_id: null,
    language: "mr",
    ...extra,
  });

describe("an individual student's fee", () => {
  it("shows an unpaid fee, and a pending payment with when it is released, to continue or cancel", async () => {
    api = stubApi({
      "GET /api/user": student(),
      "GET /api/pay-my-fee": { body: fee({}) },
      "GET /api/payments/open-orders": { body: envelope([]) },
    });
    const unpaid = (await ownFeeLoader(args(await appRequest("/payment/pay-my-fee")))) as unknown as {
      data: Record<string, unknown> & { words: { fee: { title: string } } };
    };
    expect(unpaid.data).toMatchObject({ fee: { payment_status: "unpaid" }, openOrders: [], failure: null });
    // In the student's exam language, like the rest of its area (issue 35 item 7).
    expect(unpaid.data.locale).toMatchObject({ code: "mr" });
    expect(unpaid.data.words.fee.title).toBe("माझे शुल्क");
    api.restore();
    const open = {
      id: 31,
      reference: "ORD-000031",
      items: 1,
      amount: { currency: "INR", amount_minor: 25000 },
      created_at: "2026-12-06T04:00:00.000Z",
      releases_at: "2026-12-06T04:30:00.000Z",
    };
    api = stubApi({
      "GET /api/user": student(),
      "GET /api/pay-my-fee": { body: fee({ payment_status: "pending", amount: null, open_order_id: 31 }) },
      "GET /api/payments/open-orders": { body: envelope([open]) },
    });
    const pending = (await ownFeeLoader(args(await appRequest("/payment/pay-my-fee")))) as unknown as {
      data: unknown;
    };
    expect(pending.data).toMatchObject({ openOrders: [open] });
  });

  it("is refused to a school (403)", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 2, role_name: "School" })) });
    await expect(ownFeeLoader(args(await appRequest("/payment/pay-my-fee")))).rejects.toMatchObject({ status: 403 });
  });

  it("starts the payment and opens its checkout; a refusal comes back in the page's language", async () => {
    api = stubApi({
      "GET /api/user": student(),
      "POST /api/pay-my-fee/create-payment": { body: envelope({ order_id: 40 }, "Order created") },
    });
    const started = await ownFeeAction(args(await appRequest("/payment/pay-my-fee", { form: {} })));
    expect((started as Response).headers.get("Location")).toBe("/payment/checkout/40");
    api.restore();
    api = stubApi({
      "GET /api/user": student(),
      "POST /api/pay-my-fee/create-payment": {
        status: 409,
        body: { status: false, message: "Your fee is already paid.", data: null },
      },
    });
    const refused = await ownFeeAction(args(await appRequest("/payment/pay-my-fee", { form: { lang: "hi" } })));
    expect((refused as { init: { status: number } }).init.status).toBe(409);
    expect((refused as { data: { message: string } }).data.message).toBe(
      "भुगतान शुरू नहीं हो सका। अपने शुल्क की वर्तमान स्थिति देखने के लिए पेज फिर से खोलें, और फिर से प्रयास करें।",
    );
  });
});
