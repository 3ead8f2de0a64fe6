import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { appRequest, envelope, type StubbedApi, stubApi } from "@repo/remix-app/testing";
import { amount, created, masterInstitute, order, paymentPageAnswers, school, studentPage } from "./payments.fixtures";
import {
  checkoutAction,
  nextSteps,
  orderLoader,
  paymentStudentsAction,
  paymentStudentsLoader,
} from "./payments.server";

const args = (request: Request, params: Record<string, string> = {}) => ({ request, context: {}, params });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());
describe("the Payment for Students page", () => {
  it("lists the unpaid students of the class asked for, with the amount of all and of the class", async () => {
    api = stubApi({ ...paymentPageAnswers(), "GET /api/schools/student-list": { body: studentPage([]) } });
    const data = await paymentStudentsLoader(
      args(await appRequest("/payment/payment-student?class_level=8&class_level=99")),
    );
    expect(data).toMatchObject({ classLevel: 8, all: amount, inClass: amount, failure: null });
    const list = api.calls.find((c) => c.path.startsWith("/api/schools/student-list?"));
    expect(list?.path).toContain("payment_status=unpaid");
    expect(list?.path).toContain("class_level=8");
  });

  it("pays for the ticked students and opens the checkout; a master institute uses its own path", async () => {
    api = stubApi({ "GET /api/user": school(), "POST /api/pay-student/create-payment": { body: envelope(created) } });
    const response = (await paymentStudentsAction(
      args(await appRequest("/payment/payment-student", { form: { student_ids: "7,8,x,9" } })),
    )) as Response;
    expect(response.headers.get("location")).toBe("/payment/checkout/42");
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ student_ids: [7, 8, 9] });
    api.restore();
    api = stubApi({
      "GET /api/user": masterInstitute(),
      "POST /api/master-institute/pay-student/create-payment": { body: envelope(created) },
    });
    const byClass = (await paymentStudentsAction(
      args(await appRequest("/payment/payment-student", { form: { class_level: "9" } })),
    )) as Response;
    expect(byClass.headers.get("location")).toBe("/payment/checkout/42");
  });

  it("without JavaScript: one value per ticked checkbox; none ticked is refused, never everyone paid for", async () => {
    api = stubApi({ "GET /api/user": school(), "POST /api/pay-student/create-payment": { body: envelope(created) } });
    /** The ticked students' form as a browser posts it: the same name once per ticked box. */
    const ticked = async (...ids: string[]) => {
      const request = await appRequest("/payment/payment-student", { form: { selection: "1" } });
      const body = new URLSearchParams(await request.text());
      for (const id of ids) body.append("student_ids", id);
      return new Request(request.url, { method: "POST", headers: request.headers, body });
    };
    const paid = (await paymentStudentsAction(args(await ticked("7", "9")))) as Response;
    expect(paid.headers.get("location")).toBe("/payment/checkout/42");
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ student_ids: [7, 9] });
    api.restore();
    api = stubApi({ "GET /api/user": school() });
    const none = await paymentStudentsAction(args(await ticked()));
    expect(none).toMatchObject({ data: { ok: false, message: expect.stringContaining("Tick the students") } });
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("shows the API's reason when a payment cannot start", async () => {
    api = stubApi({
      "GET /api/user": school(),
      "POST /api/pay-student/create-payment": {
        status: 409,
        body: { status: false, message: "Verify your school's e-mail address before paying.", data: null },
      },
    });
    const refused = await paymentStudentsAction(args(await appRequest("/payment/payment-student", { form: {} })));
    expect(refused).toMatchObject({
      data: { ok: false, message: "Verify your school's e-mail address before paying." },
    });
  });
});

describe("the demo checkout", () => {
  it("loads the payer's order, and 404 for anything else", async () => {
    api = stubApi({
      "GET /api/user": school(),
      "GET /api/payments/orders/42": { body: envelope(order()) },
    });
    expect((await orderLoader(args(await appRequest("/payment/checkout/42"), { order: "42" }))).order).toMatchObject({
      id: 42,
    });
    await expect(orderLoader(args(await appRequest("/payment/checkout/x"), { order: "x" }))).rejects.toMatchObject({
      status: 404,
    });
  });

  it("answers 503, not 404, when the proxy finds no API instance, so the school tries again", async () => {
    api = stubApi({
      "GET /api/user": school(),
      "GET /api/payments/orders/805": { status: 503, body: { status: false, message: "no upstreams", data: null } },
      "GET /api/payments/orders/806": { status: 502, body: { status: false, message: "bad gateway", data: null } },
      "GET /api/payments/orders/807": { status: 404, body: { status: false, message: "No such order", data: null } },
    });
    for (const [order, status] of [
      ["805", 503],
      ["806", 503],
      ["807", 404],
    ] as const) {
      await expect(orderLoader(args(await appRequest(`/payment/result/${order}`), { order }))).rejects.toMatchObject({
        status,
      });
    }
  });

  it("sends Pay or Fail to the gateway and leads to the result, also when the order was settled meanwhile", async () => {
    api = stubApi({
      "GET /api/user": school(),
      "POST /api/payments/demo/checkout/42": {
        status: 409,
        body: { status: false, message: "not waiting", data: null },
      },
    });
    const response = (await checkoutAction(
      args(await appRequest("/payment/checkout/42", { form: { outcome: "pay" } }), { order: "42" }),
    )) as Response;
    expect(response.headers.get("location")).toBe("/payment/result/42");
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ outcome: "pay" });
  });

  it("hands Razorpay's payment (ids and signature) to the API, and says so when the signature is refused", async () => {
    const payment = {
      razorpay_order_id: "order_Rz123",
      razorpay_payment_id: "pay_Rz9",
      razorpay_signature: "ab12",
    };
    api = stubApi({
      "GET /api/user": school(),
      "POST /api/pay-student/update-payment-status": { body: envelope({ id: 42, status: "paid" }) },
    });
    const response = (await checkoutAction(
      args(await appRequest("/payment/checkout/42", { form: { intent: "razorpay", ...payment } }), { order: "42" }),
    )) as Response;
    expect(response.headers.get("location")).toBe("/payment/result/42");
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ order_id: 42, ...payment });
    api.restore();
    api = stubApi({
      "GET /api/user": school(),
      "POST /api/pay-student/update-payment-status": {
        status: 400,
        body: { status: false, message: "The checkout's signature does not match.", data: null },
      },
    });
    const refused = (await checkoutAction(
      args(await appRequest("/payment/checkout/42", { form: { intent: "razorpay", ...payment } }), { order: "42" }),
    )) as { data: { message: string }; init: { status: number } };
    expect(refused.data.message).toBe("The checkout's signature does not match.");
    expect(refused.init.status).toBe(400);
    // A failed attempt leads to the order's result (the gateway fails the order).
    const failed = (await checkoutAction(
      args(await appRequest("/payment/checkout/42", { form: { intent: "razorpay-failed" } }), { order: "42" }),
    )) as Response;
    expect(failed.headers.get("location")).toBe("/payment/result/42");
  });

  it("cancels an unfinished payment and shows its result; says why when the API cannot", async () => {
    api = stubApi({
      "GET /api/user": school(),
      "POST /api/payments/orders/42/cancel": { body: envelope({ id: 42, status: "cancelled" }) },
    });
    const response = (await checkoutAction(
      args(await appRequest("/payment/checkout/42", { form: { intent: "cancel" } }), { order: "42" }),
    )) as Response;
    expect(response.headers.get("location")).toBe("/payment/result/42");
    expect(api.calls.some((c) => c.method === "POST" && c.path === "/api/payments/orders/42/cancel")).toBe(true);
    api.restore();
    api = stubApi({
      "GET /api/user": school(),
      "POST /api/payments/orders/42/cancel": {
        status: 503,
        body: { status: false, message: "The service is busy.", data: null },
      },
    });
    const refused = (await checkoutAction(
      args(await appRequest("/payment/checkout/42", { form: { intent: "cancel" } }), { order: "42" }),
    )) as { data: { message: string }; init: { status: number } };
    expect(refused.data.message).toBe("The service is busy.");
  });
});

describe("after an order", () => {
  const subject = (roleId: number) => ({ roleId, isGcc: false, referredStudents: 0 });
  it("leads each payer back to what it was paying for, and to its history when it has one", () => {
    expect(nextSteps(subject(2), "students")).toEqual({
      kind: "students",
      again: "/payment/payment-student",
      history: "/payment/payment-history",
    });
    expect(nextSteps(subject(18), "study_materials")).toMatchObject({
      kind: "materials",
      again: "/study-material/buy-study-material",
    });
    expect(nextSteps(subject(1), "students")).toEqual({ kind: "own", again: "/payment/pay-my-fee", history: null });
  });
});
