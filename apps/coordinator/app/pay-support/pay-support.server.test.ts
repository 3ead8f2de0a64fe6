import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import { appRequest, envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { orderDetailLoader, supportOrdersAction, supportOrdersLoader } from "./pay-support.server";

const args = (request: Request, params: Record<string, string> = {}) => ({ request, context: {}, params });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());
const paySupport = () => signedInAs(userRecord({ role_id: 5, role_name: "Pay Support" }));
const admin = () => signedInAs(userRecord({ role_id: 3, role_name: "Admin" }));
const page = { items: [], page: 1, per_page: 10, total: 0, last_page: 1 };

describe("the pay-support order lists", () => {
  it("use the page's own view unless the URL picks another, and pass the search", async () => {
    api = stubApi({ "GET /api/user": paySupport(), "GET /api/paysupport/orders": { body: envelope(page) } });
    const review = await supportOrdersLoader(
      args(await appRequest("/paysupport/order-review?search=ORD-000042")),
      "attention",
    );
    expect(review).toMatchObject({ view: "attention", defaultView: "attention" });
    const asked = api.calls.find((c) => c.path.startsWith("/api/paysupport/orders?"))?.path ?? "";
    expect(asked).toContain("view=attention");
    expect(asked).toContain("search=ORD-000042");
    const other = await supportOrdersLoader(
      args(await appRequest("/paysupport/order-review?view=waiting")),
      "attention",
    );
    expect(other.view).toBe("waiting");
    const unknown = await supportOrdersLoader(args(await appRequest("/paysupport/order-review?view=bogus")), "all");
    expect(unknown.view).toBe("all");
  });

  it("use the page's own payers (referred students) unless the URL picks others, and keep them for the export", async () => {
    api = stubApi({ "GET /api/user": paySupport(), "GET /api/paysupport/orders": { body: envelope(page) } });
    const referred = await supportOrdersLoader(
      args(await appRequest("/paysupport/referred-student-pay-support?search=asha")),
      "all",
      "referred",
    );
    expect(referred).toMatchObject({ payer: "referred", filters: { view: "all", payer: "referred", search: "asha" } });
    expect(api.calls.at(-1)?.path).toContain("payer=referred");
    const all = await supportOrdersLoader(
      args(await appRequest("/paysupport/referred-student-pay-support?payer=any")),
      "all",
      "referred",
    );
    expect(all.payer).toBe("any");
  });

  it("resolves a registration reference a school quoted, and says when there is none (decision 055)", async () => {
    const registration = { reference: "REG-000123", student_id: 123, school_name: "Shri Saraswati Vidya Mandir" };
    api = stubApi({
      "GET /api/user": paySupport(),
      "GET /api/paysupport/orders": { body: envelope(page) },
      "GET /api/paysupport/registrations/REG-000123": { body: envelope(registration) },
      "GET /api/paysupport/registrations/REG-999999": {
        status: 404,
        body: { status: false, message: "Registration not found", data: null },
      },
    });
    const found = await supportOrdersLoader(
      args(await appRequest("/paysupport/student-pay-support?search=REG-000123")),
      "all",
    );
    expect(found).toMatchObject({ registration, registrationProblem: null });
    const missing = await supportOrdersLoader(
      args(await appRequest("/paysupport/student-pay-support?search=REG-999999")),
      "all",
    );
    expect(missing).toMatchObject({ registration: null, registrationProblem: "Registration not found" });
    // An order search asks for no registration.
    const calls = api.calls.length;
    await supportOrdersLoader(args(await appRequest("/paysupport/student-pay-support?search=asha")), "all");
    expect(api.calls.slice(calls).some((c) => c.path.includes("registrations"))).toBe(false);
  });

  it("loads one order for the dialog, and 404 for a made-up one", async () => {
    api = stubApi({ "GET /api/user": paySupport(), "GET /api/paysupport/orders/42": { body: envelope({ id: 42 }) } });
    expect(await orderDetailLoader(args(await appRequest("/paysupport/order/42"), { id: "42" }))).toEqual({ id: 42 });
    await expect(orderDetailLoader(args(await appRequest("/paysupport/order/x"), { id: "x" }))).rejects.toMatchObject({
      status: 404,
    });
  });

  it("gives back a payment with its id and the reason", async () => {
    api = stubApi({
      "GET /api/user": paySupport(),
      "POST /api/paysupport/orders/42/refund": {
        body: envelope({ id: 42, status: "paid" }, "The payment is given back (refund rfnd_1)."),
      },
    });
    const done = await supportOrdersAction(
      args(
        await appRequest("/paysupport/order-review", {
          form: { order_id: "42", intent: "refund", provider_payment_id: "pay_2", reason: "Paid twice" },
        }),
      ),
    );
    expect(done.data).toMatchObject({ ok: true, message: "The payment is given back (refund rfnd_1)." });
    expect(api.calls.find((c) => c.path === "/api/paysupport/orders/42/refund")?.body).toEqual({
      provider_payment_id: "pay_2",
      reason: "Paid twice",
    });
  });

  it("marks paid with the reference and reason, and passes field errors back", async () => {
    api = stubApi({
      "GET /api/user": paySupport(),
      "POST /api/paysupport/orders/42/mark-paid": {
        status: 400,
        body: {
          status: false,
          message: "Invalid",
          data: null,
          errors: [{ field: "reference", message: "Give the reference" }],
        },
      },
      "POST /api/paysupport/orders/42/expire": { body: envelope({ id: 42, status: "expired" }, "Expired") },
    });
    const refused = await supportOrdersAction(
      args(
        await appRequest("/paysupport/order-review", {
          form: { order_id: "42", intent: "mark-paid", reference: "", reason: "x" },
        }),
      ),
    );
    expect(refused.data).toMatchObject({ ok: false, errors: [{ field: "reference" }] });
    expect(api.calls.find((c) => c.path.endsWith("/mark-paid"))?.body).toEqual({ reference: "", reason: "x" });
    const expired = await supportOrdersAction(
      args(await appRequest("/paysupport/order-review", { form: { order_id: "42", intent: "expire" } })),
    );
    expect(expired.data).toMatchObject({ ok: true, message: "Expired", order: { status: "expired" } });
    const unknown = await supportOrdersAction(
      args(await appRequest("/paysupport/order-review", { form: { order_id: "42", intent: "delete" } })),
    );
    expect(unknown.init?.status).toBe(400);
  });

  it("lets admins see Student Payments and refund a paid order, but not act as pay support", async () => {
    api = stubApi({
      "GET /api/user": admin(),
      "GET /api/paysupport/orders": { body: envelope(page) },
      "POST /api/admin/payment-orders/42/refund": {
        body: envelope({ id: 42, status: "refunded" }, "The order is refunded (refund rfnd_9)."),
      },
    });
    const list = await supportOrdersLoader(args(await appRequest("/paysupport/student-pay-support")), "all");
    expect(list).toMatchObject({ canManage: false, canRefund: true });
    // Pay support's own pages stay closed to admins.
    await expect(
      supportOrdersLoader(args(await appRequest("/paysupport/order-review")), "attention"),
    ).rejects.toMatchObject({ status: 403 });
    const refunded = await supportOrdersAction(
      args(
        await appRequest("/paysupport/student-pay-support", {
          form: { order_id: "42", intent: "refund-order", reason: "Wrong students", reference: "" },
        }),
      ),
    );
    expect(refunded.data).toMatchObject({ ok: true, order: { status: "refunded" } });
    expect(api.calls.find((c) => c.path === "/api/admin/payment-orders/42/refund")?.body).toEqual({
      reason: "Wrong students",
    });
    const expire = await supportOrdersAction(
      args(await appRequest("/paysupport/student-pay-support", { form: { order_id: "42", intent: "expire" } })),
    ).catch((answer: Response) => answer);
    expect((expire as Response).status).toBe(403);
  });

  it("tells pay support it may act but not refund a paid order", async () => {
    api = stubApi({ "GET /api/user": paySupport(), "GET /api/paysupport/orders": { body: envelope(page) } });
    const list = await supportOrdersLoader(args(await appRequest("/paysupport/student-pay-support")), "all");
    expect(list).toMatchObject({ canManage: true, canRefund: false });
  });
});
