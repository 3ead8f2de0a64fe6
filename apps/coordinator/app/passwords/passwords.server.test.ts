import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import { ROLE } from "@repo/auth/roles";
import { appRequest, envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { passwordsAction, passwordsLoader } from "./passwords.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());
const page = { items: [], page: 1, per_page: 10, total: 0, last_page: 1 };

describe("password management", () => {
  it("offers admins a role filter without the admins' own roles, and coordinators none", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ role_id: 3, role_name: "Admin" })),
      "POST /api/password/users": { body: envelope(page) },
    });
    const admin = await passwordsLoader(
      args(await appRequest(`/password/update-password?role_id=${ROLE.school}&search=vid`)),
    );
    expect(api.calls.find((c) => c.path === "/api/password/users")?.body).toEqual({
      page: 1,
      per_page: 10,
      search: "vid",
      role_id: ROLE.school,
    });
    expect(admin.roles.map((r) => r.value)).not.toContain(String(ROLE.admin));
    expect(admin.roles.map((r) => r.value)).toContain(String(ROLE.school));
    api.restore();
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ role_id: 9, role_name: "State Coordinator" })),
      "POST /api/password/users": { body: envelope(page) },
    });
    expect((await passwordsLoader(args(await appRequest("/password/update-password")))).roles).toEqual([]);
  });

  it("resets the chosen person's password and says where it went; refuses a made-up id", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ role_id: 3, role_name: "Admin" })),
      "POST /api/password/update-password": { body: envelope(null, "A new password is mailed to prant at p@x.org.") },
    });
    const done = await passwordsAction(
      args(await appRequest("/password/update-password", { form: { user_id: "12" } })),
    );
    expect(done.data).toEqual({ ok: true, message: "A new password is mailed to prant at p@x.org." });
    expect(api.calls.find((c) => c.path === "/api/password/update-password")?.body).toEqual({ user_id: 12 });
    const bad = await passwordsAction(args(await appRequest("/password/update-password", { form: { user_id: "x" } })));
    expect(bad.init?.status).toBe(400);
  });
});
