import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import { appRequest, envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { ledgerAction, ledgerQueryFrom, rulesAction, rupeesToPaise } from "./referrals.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());
const admin = () => signedInAs(userRecord({ role_id: 3, role_name: "Admin" }));

describe("amounts typed in rupees", () => {
  it("become whole paise, and anything else is not a number", () => {
    expect(rupeesToPaise("50")).toBe(5000);
    expect(rupeesToPaise("₹1,250.5")).toBe(125050);
    expect(rupeesToPaise("0.05")).toBe(5);
    for (const bad of ["", "abc", "1.234", "-5", "1e3"]) expect(rupeesToPaise(bad)).toBeNaN();
  });
});

describe("the ledger query", () => {
  it("keeps known filters only", () => {
    const params = new URLSearchParams("school_id=4&status=approved&kind=bogus&month=2026-13&search=vvm");
    expect(ledgerQueryFrom(params)).toEqual({ page: 1, per_page: 10, search: "vvm", school_id: 4, status: "approved" });
    expect(ledgerQueryFrom(new URLSearchParams("month=2026-11")).month).toBe("2026-11");
  });
});

describe("saving a rule", () => {
  it("sends the amount in paise and passes the API's overlap refusal back", async () => {
    api = stubApi({
      "GET /api/user": admin(),
      "POST /api/school/store-referral-commissions": {
        status: 409,
        body: {
          status: false,
          message: "These dates overlap the Level 1 rule #3",
          data: null,
          errors: [{ field: "starts_on", message: "overlap" }],
        },
      },
    });
    const form = { exam_level: "level1", starts_on: "2026-11-01", ends_on: "", amount: "75.50" };
    const result = await rulesAction(args(await appRequest("/referrals/commission-rules", { form })));
    expect(api.calls.find((c) => c.path === "/api/school/store-referral-commissions")?.body).toEqual({
      id: null,
      exam_level: "level1",
      starts_on: "2026-11-01",
      ends_on: null,
      amount_minor: 7550,
    });
    expect(result.init?.status).toBe(409);
    expect(result.data).toMatchObject({ ok: false, errors: [{ field: "starts_on" }] });
  });

  it("names the amount field when it is not an amount, without calling the API", async () => {
    api = stubApi({ "GET /api/user": admin() });
    const form = { exam_level: "level1", starts_on: "2026-11-01", amount: "fifty" };
    const result = await rulesAction(args(await appRequest("/referrals/commission-rules", { form })));
    expect(result.init?.status).toBe(400);
    expect(result.data.errors).toEqual([{ field: "amount", message: "Enter the amount in rupees, e.g. 50 or 50.50" }]);
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });
});

describe("ledger actions", () => {
  it("approves the chosen ids and reports the ones kept", async () => {
    api = stubApi({
      "GET /api/user": admin(),
      "POST /api/admin/referral-ledger/approve": {
        body: envelope(
          { approved: [1], kept: [{ id: 2, reason: "The school has not approved this referral yet" }] },
          "1 approved, 1 kept",
        ),
      },
    });
    const result = await ledgerAction(
      args(await appRequest("/referrals/commission-ledger", { form: { intent: "approve", ids: "1,2,x" } })),
    );
    expect(api.calls.find((c) => c.path === "/api/admin/referral-ledger/approve")?.body).toEqual({ ids: [1, 2] });
    expect(result.data).toMatchObject({ ok: true, kept: [{ id: 2 }] });
  });

  it("checks a payout's fields before calling the API", async () => {
    api = stubApi({ "GET /api/user": admin() });
    const form = { intent: "payout", school_id: "4", reference: "", paid_on: "2026-11-31" };
    const result = await ledgerAction(args(await appRequest("/referrals/commission-ledger", { form })));
    expect(result.init?.status).toBe(400);
    expect(result.data.errors?.map((e) => e.field).sort()).toEqual(["paid_on", "reference"]);
  });
});
