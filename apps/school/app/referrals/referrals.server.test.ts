import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { appRequest, envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import {
  earningsLoader,
  referredListQueryFrom,
  referredStudentsAction,
  referredStudentsLoader,
} from "./referrals.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

const school = () => signedInAs(userRecord({ role_id: 2, role_name: "School" }));
const code = { referral_code: "VVM1001", share_url: "http://localhost:3001/sif/register?ref=VVM1001" };

describe("the referred-students list query", () => {
  it("keeps paging, search and known filter values only", () => {
    const params = new URLSearchParams("page=3&search=rao&referral_status=pending&payment_status=nope&class_level=9");
    expect(referredListQueryFrom(params)).toEqual({
      page: 3,
      per_page: 10,
      search: "rao",
      referral_status: "pending",
      class_level: 9,
    });
  });
});

describe("the referred-students page", () => {
  it("loads the list with the URL's filters, and the code with its share link", async () => {
    api = stubApi({
      "GET /api/user": school(),
      "GET /api/schools/referral-student": {
        body: envelope({ items: [{ id: 7 }], page: 1, per_page: 10, total: 1, last_page: 1 }),
      },
      "GET /api/schools/referral-code": { body: envelope(code) },
    });
    const data = await referredStudentsLoader(
      args(await appRequest("/student/view-referred-students?referral_status=approved")),
    );
    expect(data).toMatchObject({ total: 1, code, failure: null, filters: { referral_status: "approved" } });
    const asked = api.calls.find((c) => c.path.startsWith("/api/schools/referral-student?"));
    expect(asked?.path).toContain("referral_status=approved");
  });

  it("passes a rejection to the API, and the reason's field error back", async () => {
    api = stubApi({
      "GET /api/user": school(),
      "POST /api/schools/referral-student/changestatus/7": {
        status: 422,
        body: {
          status: false,
          message: "Give the reason",
          data: null,
          errors: [{ field: "reason", message: "Give the reason" }],
        },
      },
    });
    const result = await referredStudentsAction(
      args(
        await appRequest("/student/view-referred-students", { form: { id: "7", status: "rejected", reason: "  " } }),
      ),
    );
    expect(api.calls.find((c) => c.path.endsWith("/changestatus/7"))?.body).toEqual({
      status: "rejected",
      reason: null,
    });
    expect(result.init?.status).toBe(422);
    expect(result.data).toMatchObject({ ok: false, errors: [{ field: "reason" }] });
  });

  it("refuses a decision that is neither approve nor reject without calling the API", async () => {
    api = stubApi({ "GET /api/user": school() });
    const result = await referredStudentsAction(
      args(await appRequest("/student/view-referred-students", { form: { id: "7", status: "pending" } })),
    );
    expect(result.init?.status).toBe(400);
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });
});

describe("the earnings page", () => {
  it("says so when the earnings cannot be read", async () => {
    api = stubApi({
      "GET /api/user": school(),
      "GET /api/get-referral-earnings-dashboard": { status: 500, body: { status: false, message: "Down", data: null } },
      "GET /api/schools/referral-code": { body: envelope(code) },
    });
    const data = await earningsLoader(args(await appRequest("/student/referral-earnings")));
    expect(data).toMatchObject({ earnings: null, failure: "Down", code });
  });
});
