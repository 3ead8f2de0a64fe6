import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { appRequest, envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { historyQueryFrom, invoiceLoader, paymentHistoryLoader } from "./payment-history.server";

const args = (request: Request, params: Record<string, string> = {}) => ({ request, context: {}, params });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

const school = () => signedInAs(userRecord({ role_id: 2, role_name: "School" }));
const institute = () => signedInAs(userRecord({ role_id: 18, role_name: "Institute" }));
const page = { items: [{ id: 42 }], page: 1, per_page: 10, total: 1, last_page: 1 };

describe("the payment-history query", () => {
  it("sends the page's dates and status under the API's names, and drops what is not a date or a status", () => {
    expect(historyQueryFrom(new URLSearchParams("page=2&from=2026-11-01&to=2026-11-30&status=paid"))).toEqual({
      page: 2,
      per_page: 10,
      "created_at[from]": "2026-11-01",
      "created_at[to]": "2026-11-30",
      status: "paid",
    });
    expect(historyQueryFrom(new URLSearchParams("from=yesterday&status=lost"))).toEqual({ page: 1, per_page: 10 });
  });
});

describe("the payment-history page", () => {
  it("loads the school's orders with the URL's filters and offers paying when the list is empty", async () => {
    api = stubApi({ "GET /api/user": school(), "GET /api/payment-history": { body: envelope(page) } });
    const data = await paymentHistoryLoader(args(await appRequest("/payment/payment-history?status=paid")));
    expect(data).toMatchObject({ total: 1, failure: null, payHref: "/payment/payment-student" });
    expect(api.calls.find((c) => c.path.startsWith("/api/payment-history?"))?.path).toContain("status=paid");
  });

  it("offers no pay link to an institute, which pays through its own page", async () => {
    api = stubApi({ "GET /api/user": institute(), "GET /api/payment-history": { body: envelope(page) } });
    const data = await paymentHistoryLoader(args(await appRequest("/payment/payment-history")));
    expect(data.payHref).toBeNull();
  });

  it("says so when the API fails, with no rows", async () => {
    api = stubApi({
      "GET /api/user": school(),
      "GET /api/payment-history": { status: 500, body: { status: false, message: "Server error", data: null } },
    });
    const data = await paymentHistoryLoader(args(await appRequest("/payment/payment-history")));
    expect(data).toMatchObject({ rows: [], total: 0 });
    expect(data.failure).toBeTruthy();
  });
});

describe("the invoice download", () => {
  it("streams the API's PDF as a download", async () => {
    api = stubApi({
      "GET /api/user": school(),
      "GET /api/generate-school-payment-invoice": () =>
        new Response("%PDF-1.7 invoice", {
          headers: {
            "Content-Type": "application/pdf",
            "Content-Disposition": 'attachment; filename="invoice-2026-27-000041.pdf"',
          },
        }),
    });
    const response = await invoiceLoader(args(await appRequest("/payment/invoice/42"), { order: "42" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain("invoice-2026-27-000041.pdf");
    expect(await response.text()).toBe("%PDF-1.7 invoice");
    expect(api.calls.some((c) => c.path === "/api/generate-school-payment-invoice?order_id=42")).toBe(true);
  });

  it("passes on the API's reason for an unpaid order, and refuses a made-up order number", async () => {
    api = stubApi({
      "GET /api/user": school(),
      "GET /api/generate-school-payment-invoice": {
        status: 409,
        body: { status: false, message: "Order ORD-000042 is not paid, so it has no invoice yet.", data: null },
      },
    });
    const unpaid = await invoiceLoader(args(await appRequest("/payment/invoice/42"), { order: "42" }));
    expect(unpaid.status).toBe(409);
    expect(await unpaid.text()).toContain("not paid");
    const bogus = await invoiceLoader(args(await appRequest("/payment/invoice/x"), { order: "x" }));
    expect(bogus.status).toBe(404);
  });

  it("reads the order number in the address as decimal digits only: 0x2a and 4.2e1 are no order (decision 049)", async () => {
    api = stubApi({ "GET /api/user": school() });
    for (const order of ["0x2a", "4.2e1", " 42"]) {
      const response = await invoiceLoader(args(await appRequest(`/payment/invoice/${order}`), { order }));
      expect(response.status, order).toBe(404);
    }
    expect(api.calls.some((c) => c.path.startsWith("/api/generate-school-payment-invoice"))).toBe(false);
  });
});
