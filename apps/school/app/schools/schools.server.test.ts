import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import {
  appRequest,
  envelope,
  type StubbedApi,
  settle,
  signedInAs,
  stubApi,
  userRecord,
} from "@repo/remix-app/testing";
import { schoolToggleAction, schoolToggleLoader } from "./schools.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

describe("the school toggle page", () => {
  it("shows whether the signed-in school is active", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ is_active: 0 })) });
    const page = await schoolToggleLoader(args(await appRequest("/payment/disable-account")));
    expect(page.isActive).toBe(false);
    expect(page.csrf).toBeTruthy();
  });

  it("refuses an institute with 403 (only the school account may toggle)", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 18, role_name: "Institute" })) });
    const { thrown } = await settle(async () => schoolToggleLoader(args(await appRequest("/payment/disable-account"))));
    expect(thrown?.status).toBe(403);
  });

  it("sends a signed-out visitor to sign in, and back here afterwards", async () => {
    api = stubApi({});
    const { thrown } = await settle(async () =>
      schoolToggleLoader(args(await appRequest("/payment/disable-account", { signedIn: false }))),
    );
    expect(thrown?.status).toBe(302);
    expect(thrown?.headers.get("Location")).toBe("/login?redirectTo=%2Fpayment%2Fdisable-account");
  });
});

describe("toggling", () => {
  it("posts to the API and answers its message and the new state", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "POST /api/schools/disable-account": {
        body: envelope({ school_id: 3, is_active: 0 }, "School deactivated successfully!"),
      },
    });
    const result = await schoolToggleAction(args(await appRequest("/payment/disable-account", { form: {} })));
    expect(result.data).toEqual({ ok: true, message: "School deactivated successfully!", isActive: false });
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "GET /api/user",
      "POST /api/schools/disable-account",
    ]);
  });

  it("passes the API's error message and status on", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "POST /api/schools/disable-account": {
        status: 404,
        body: { status: false, message: "School not found", data: null },
      },
    });
    const result = await schoolToggleAction(args(await appRequest("/payment/disable-account", { form: {} })));
    expect(result.init?.status).toBe(404);
    expect(result.data).toEqual({ ok: false, message: "School not found" });
  });

  it("refuses an institute's post with 403 before any API call but the sign-in check", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 18, role_name: "Institute" })) });
    const { thrown } = await settle(async () =>
      schoolToggleAction(args(await appRequest("/payment/disable-account", { form: {} }))),
    );
    expect(thrown?.status).toBe(403);
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });

  it("never calls the API for a form without the session's CSRF token", async () => {
    api = stubApi({ "GET /api/user": signedInAs() });
    const { thrown } = await settle(async () =>
      schoolToggleAction(args(await appRequest("/payment/disable-account", { form: { csrf: "forged" } }))),
    );
    expect(thrown?.status).toBe(403);
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });
});
