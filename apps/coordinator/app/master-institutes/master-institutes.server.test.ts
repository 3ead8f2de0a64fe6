import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import {
  appRequest,
  envelope,
  type StubbedApi,
  settle,
  signedInAs,
  stubApi,
  userRecord,
} from "@repo/remix-app/testing";
import {
  gccListQueryFrom,
  gccSchoolsLoader,
  instituteListQueryFrom,
  masterInstitutesAction,
  masterInstitutesLoader,
} from "./master-institutes.server";

const lms = userRecord({ role_id: 4, role_name: "LMS", username: "lms" });
const args = (request: Request) => ({ request, context: {}, params: {} });
const page = <const T>(items: readonly T[], total = items.length) =>
  envelope({ items, page: 1, per_page: 10, total, last_page: 1 });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

describe("the list queries", () => {
  it("keep paging, search and known filters only", () => {
    expect(instituteListQueryFrom(new URLSearchParams("page=2&search=vid&status=gone"))).toEqual({
      page: 2,
      per_page: 10,
      search: "vid",
    });
    expect(gccListQueryFrom(new URLSearchParams("status=active&state_id=7&payment=paid"))).toEqual({
      page: 1,
      per_page: 10,
      status: "active",
      state_id: 7,
      payment: "paid",
    });
    expect(gccListQueryFrom(new URLSearchParams("state_id=x&payment=maybe"))).toEqual({ page: 1, per_page: 10 });
  });
});

describe("master institutes", () => {
  it("loads the page and the export's filters", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(lms),
      "GET /api/master-institute/list": { body: page([{ id: 1, name: "Vidya" }], 3) },
    });
    const data = await masterInstitutesLoader(
      args(await appRequest("/master-institute-management/view-master-institute?status=active")),
    );
    expect(data).toMatchObject({ total: 3, failure: null, filters: { status: "active" } });
  });

  it("creates with the parsed body, and names wrong fields without calling the API", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(lms),
      "POST /api/master-institute": { status: 201, body: envelope({ id: 5 }, "Master institute created") },
    });
    const form = {
      intent: "create",
      name: "Sahyadri Trust",
      contact_name: "M. Gokhale",
      contact_phone: "98220 11111",
      email: "Office@Sahyadri.org",
      username: "sahyadri",
      password: "",
    };
    const path = "/master-institute-management/view-master-institute";
    const made = await masterInstitutesAction(args(await appRequest(path, { form })));
    expect(made.data).toMatchObject({ ok: true, message: "Master institute created" });
    expect(api.calls.find((c) => c.path === "/api/master-institute")?.body).toEqual({
      name: "Sahyadri Trust",
      contact_name: "M. Gokhale",
      contact_phone: "9822011111",
      email: "office@sahyadri.org",
      username: "sahyadri",
    });
    const bad = await masterInstitutesAction(args(await appRequest(path, { form: { ...form, username: "a b" } })));
    expect(bad.init?.status).toBe(400);
    expect(bad.data.errors?.map((e) => e.field)).toEqual(["username"]);
  });

  it("edits without the sign-in fields, and disables", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(lms),
      "POST /api/master-institute/update/5": { body: envelope({ id: 5 }, "Master institute saved") },
      "POST /api/master-institute/active/5": {
        body: envelope({ id: 5, is_active: false }, "Master institute disabled"),
      },
    });
    const path = "/master-institute-management/view-master-institute";
    const edited = await masterInstitutesAction(
      args(
        await appRequest(path, {
          form: {
            intent: "update",
            id: "5",
            name: "Sahyadri",
            contact_name: "N",
            contact_phone: "9822011111",
            email: "a@b.org",
          },
        }),
      ),
    );
    expect(edited.data.ok).toBe(true);
    expect(api.calls.find((c) => c.path === "/api/master-institute/update/5")?.body).not.toHaveProperty("username");
    const off = await masterInstitutesAction(
      args(await appRequest(path, { form: { intent: "active", id: "5", is_active: "false" } })),
    );
    expect(off.data).toMatchObject({ ok: true, message: "Master institute disabled" });
  });

  it("refuses roles other than LMS before calling the API", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 3, role_name: "Admin" })) });
    const { thrown } = await settle(async () =>
      masterInstitutesAction(
        args(
          await appRequest("/master-institute-management/view-master-institute", {
            form: { intent: "active", id: "1" },
          }),
        ),
      ),
    );
    expect(thrown?.status).toBe(403);
  });
});

describe("GCC schools", () => {
  it("offers the GCC zone's countries as the country filter", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(lms),
      "GET /api/schools/gcc/list": { body: page([{ id: 9, name: "Indian High School" }], 1) },
      "POST /api/fetchZone": {
        body: envelope([
          { id: 2, name: "West", code: "W" },
          { id: 13, name: "GCC", code: "GCC" },
        ]),
      },
      "POST /api/fetchState": { body: envelope([{ id: 40, name: "United Arab Emirates" }]) },
    });
    const data = await gccSchoolsLoader(args(await appRequest("/view-gcc-school")));
    expect(data.countries).toEqual([{ value: "40", label: "United Arab Emirates" }]);
    expect(data.total).toBe(1);
    expect(api.calls.find((c) => c.path === "/api/fetchState")?.body).toEqual({ zone_id: 13 });
  });
});
