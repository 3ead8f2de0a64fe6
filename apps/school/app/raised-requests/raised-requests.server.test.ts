import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { appRequest, envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { raisedRequestsAction, raisedRequestsLoader } from "./raised-requests.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());
const school = () => signedInAs(userRecord({ role_id: 2, role_name: "School" }));
const emptyPage = { items: [], page: 1, per_page: 10, total: 0, last_page: 1 };

describe("the payment-requests page", () => {
  it("offers the payer's orders and opens what the URL names", async () => {
    api = stubApi({
      "GET /api/user": school(),
      "GET /api/raisedRequest": { body: envelope(emptyPage) },
      "GET /api/payment-history": {
        body: envelope({
          ...emptyPage,
          items: [{ id: 42, reference: "ORD-000042", status: "paid", summary: "Asha Rao, Ravi Kumar" }],
          total: 1,
        }),
      },
    });
    const data = await raisedRequestsLoader(args(await appRequest("/payment/raised-requests?raise=42&open=x")));
    expect(data.orders).toEqual([{ value: "42", label: "ORD-000042 · paid · Asha Rao, Ravi Kumar" }]);
    expect(data.raiseFor).toBe(42);
    expect(data.openId).toBeNull();
  });

  it("checks the fields before calling the API and names each bad one", async () => {
    api = stubApi({ "GET /api/user": school() });
    const refused = await raisedRequestsAction(
      args(await appRequest("/payment/raised-requests", { form: { subject: "x", message: "" } })),
    );
    expect(refused.init?.status).toBe(400);
    expect(refused.data.errors?.map((e) => e.field).sort()).toEqual(["message", "subject"]);
    expect(api.calls.some((c) => c.path.startsWith("/api/raisedRequest"))).toBe(false);
  });

  it("sends a good request to the API as multipart and answers the saved request", async () => {
    api = stubApi({
      "GET /api/user": school(),
      "POST /api/raisedRequest": { body: envelope({ id: 9, status: "open" }, "Your request is sent to pay support.") },
    });
    const sent = await raisedRequestsAction(
      args(
        await appRequest("/payment/raised-requests", {
          form: { subject: "Paid twice", message: "Two debits on our statement today.", order: "42" },
        }),
      ),
    );
    expect(sent.data).toMatchObject({ ok: true, request: { id: 9 } });
    const call = api.calls.find((c) => c.path === "/api/raisedRequest" && c.method === "POST");
    expect(String(call?.body)).toContain("Two debits on our statement today.");
    expect(String(call?.body)).toContain('name="order"');
  });
});
