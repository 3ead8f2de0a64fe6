import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import { appRequest, envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { inactiveQueryFrom, inactiveStudentsAction, inactiveStudentsLoader } from "./inactive-students.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());
const paySupport = () => signedInAs(userRecord({ role_id: 5, role_name: "Pay Support" }));

describe("the inactive-students query", () => {
  it("keeps paging, search and a known cause only", () => {
    expect(inactiveQueryFrom(new URLSearchParams("page=2&search=asha&cause=account"))).toMatchObject({
      page: 2,
      search: "asha",
      cause: "account",
    });
    expect(inactiveQueryFrom(new URLSearchParams("cause=banned"))).not.toHaveProperty("cause");
  });
});

describe("the inactive-students page", () => {
  it("loads the list with the URL's cause and keeps it for the export", async () => {
    api = stubApi({
      "GET /api/user": paySupport(),
      "GET /api/paysupport/students/inactive": {
        body: envelope({ items: [{ student_id: 7 }], page: 1, per_page: 10, total: 1, last_page: 1 }),
      },
    });
    const data = await inactiveStudentsLoader(args(await appRequest("/paysupport/student-inactive-list?cause=school")));
    expect(data).toMatchObject({ total: 1, failure: null, filters: { cause: "school" } });
    expect(api.calls.find((c) => c.path.startsWith("/api/paysupport/students/inactive?"))?.path).toContain(
      "cause=school",
    );
  });

  it("switches a sign-in on, and passes the API's refusal back as it is", async () => {
    api = stubApi({
      "GET /api/user": paySupport(),
      "POST /api/paysupport/students/7/reactivate": {
        body: envelope({ student_id: 7, user_id: 9, is_active: true }, "The student can sign in again."),
      },
      "POST /api/paysupport/students/8/reactivate": {
        status: 409,
        body: { status: false, message: "This student's school is deactivated.", data: null },
      },
    });
    const on = await inactiveStudentsAction(
      args(await appRequest("/paysupport/student-inactive-list", { form: { student_id: "7" } })),
    );
    expect(on.data).toEqual({ ok: true, message: "The student can sign in again." });
    const refused = await inactiveStudentsAction(
      args(await appRequest("/paysupport/student-inactive-list", { form: { student_id: "8" } })),
    );
    expect(refused.init?.status).toBe(409);
    expect(refused.data.message).toMatch(/school is deactivated/);
    const none = await inactiveStudentsAction(
      args(await appRequest("/paysupport/student-inactive-list", { form: { student_id: "x" } })),
    );
    expect(none.init?.status).toBe(400);
  });
});
