import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import { auth } from "../src/auth.server";
import { appRequest, type StubbedApi, settle, signedInAs, stubApi, userRecord } from "../src/testing/harness";

const admin = userRecord({ role_id: 3, role_name: "Admin" });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

describe("page guards", () => {
  it("let a role open a page the tree gives it", async () => {
    api = stubApi({ "GET /api/user": signedInAs(admin) });
    const { thrown, value } = await settle(async () => auth.requirePage(await appRequest("/regions/zones")));
    expect(thrown).toBeUndefined();
    expect(value?.user.role_id).toBe(3);
  });

  it("refuse a page the tree keeps from the role (403)", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 4, role_name: "LMS" })) });
    const { thrown } = await settle(async () => auth.requirePage(await appRequest("/regions/zones")));
    expect(thrown?.status).toBe(403);
  });

  it("fail closed on an address the page tree does not know (404), however signed in", async () => {
    api = stubApi({ "GET /api/user": signedInAs(admin) });
    const { thrown } = await settle(async () => auth.requirePage(await appRequest("/regions/moons")));
    expect(thrown?.status).toBe(404);
  });

  it("check an explicit permission instead of the tree when one is given", async () => {
    api = stubApi({ "GET /api/user": signedInAs(admin) });
    const allowed = await settle(async () => auth.requirePage(await appRequest("/anywhere"), {}, "self.profile"));
    expect(allowed.thrown).toBeUndefined();
    const refused = await settle(async () => auth.requirePage(await appRequest("/anywhere"), {}, "outbox.use"));
    expect(refused.thrown?.status).toBe(403);
  });

  it("move a user of another app there through a handoff", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ role_id: 2 })),
      "POST /api/handoff": {
        body: { status: true, message: "OK", data: { code: "c0de", target_app: "school", expires_at: "" } },
      },
    });
    const { thrown } = await settle(async () => auth.requirePage(await appRequest("/regions/zones")));
    expect(thrown?.status).toBe(302);
    expect(thrown?.headers.get("Location")).toMatch(
      /^http:\/\/localhost:3001\/auth\/handoff\?code=c0de&to=%2Fadmin-dashboard$/,
    );
  });
});
