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
import {
  addSchoolAction,
  instituteProfileAction,
  instituteSchoolsAction,
  instituteSchoolsLoader,
} from "./institute.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
const master = userRecord({ role_id: 17, role_name: "Master Institute", username: "masterinstitute" });
const page = <const T>(items: readonly T[], total = items.length) =>
  envelope({ items, page: 1, per_page: 10, total, last_page: 1 });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

const school = {
  school_name: "Sunrise School",
  category_id: "2",
  board_id: "1",
  address: "1 Main Road",
  pincode: "411001",
  zone_id: "2",
  state_id: "4",
  prant_id: "",
  district_id: "",
  city_id: "",
  contact_name: "R. Rao",
  contact_phone: "9876543210",
  email: "office@sunrise.example.org",
  username: "sunrise",
  password: "",
};

describe("Add School", () => {
  it("sends the parsed school (an empty password left out) and answers the API's message", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(master),
      "POST /api/master-institute/schools/create": {
        status: 201,
        body: envelope({ school_id: 7, username: "sunrise", email: school.email }, "School added"),
      },
    });
    const result = await addSchoolAction(args(await appRequest("/institute/Add-school", { form: school })));
    expect(result.data).toMatchObject({ ok: true, message: "School added", email: school.email });
    const sent = api.calls.find((c) => c.path === "/api/master-institute/schools/create")?.body;
    expect(sent).toMatchObject({ school_name: "Sunrise School", category_id: 2, state_id: 4 });
    expect(sent).not.toHaveProperty("password");
  });

  it("names the wrong fields without calling the API, and passes a 409 on", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(master),
      "POST /api/master-institute/schools/create": {
        status: 409,
        body: {
          status: false,
          message: "This username is already taken",
          data: null,
          errors: [{ field: "username", message: "This username is already taken" }],
        },
      },
    });
    const bad = await addSchoolAction(
      args(await appRequest("/institute/Add-school", { form: { ...school, email: "nope", pincode: "" } })),
    );
    expect(bad.init?.status).toBe(400);
    expect(bad.data.errors?.map((e) => e.field).sort()).toEqual(["email", "pincode"]);
    expect(api.calls.some((c) => c.path === "/api/master-institute/schools/create")).toBe(false);
    const taken = await addSchoolAction(args(await appRequest("/institute/Add-school", { form: school })));
    expect(taken.init?.status).toBe(409);
    expect(taken.data.errors?.[0]?.field).toBe("username");
  });

  it("refuses a school account before calling the API", async () => {
    api = stubApi({ "GET /api/user": signedInAs() });
    const { thrown } = await settle(async () =>
      addSchoolAction(args(await appRequest("/institute/Add-school", { form: school }))),
    );
    expect(thrown?.status).toBe(403);
  });
});

describe("View Schools", () => {
  it("loads the page with its filters, and a school's students when one is open", async () => {
    let asked = "";
    api = stubApi({
      "GET /api/user": signedInAs(master),
      "GET /api/master-institute/schools/list": (request) => {
        asked = new URL(request.url).search;
        return Response.json(page([{ id: 3, name: "Alpha School" }], 12));
      },
      "POST /api/schools/3/sponsors/students": { body: page([{ id: 1, first_name: "Asha" }], 1) },
    });
    const data = await instituteSchoolsLoader(
      args(await appRequest("/institute/view-school?search=alp&status=inactive&school=3")),
    );
    expect(asked).toBe("?page=1&per_page=10&search=alp&status=inactive");
    expect(data).toMatchObject({ total: 12, failure: null, filters: { search: "alp", status: "inactive" } });
    expect(data.school).toMatchObject({ id: 3, total: 1, failure: null });
  });

  it("ignores an unknown status and shows the API's message when the list fails", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(master),
      "GET /api/master-institute/schools/list": {
        status: 404,
        body: { status: false, message: "Master institute not found", data: null },
      },
    });
    const data = await instituteSchoolsLoader(args(await appRequest("/institute/view-school?status=weird")));
    expect(data).toMatchObject({
      rows: [],
      total: 0,
      failure: "Master institute not found",
      filters: {},
      school: null,
    });
  });

  it("disables a school", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(master),
      "POST /api/master-institute/schools/3/active": { body: envelope({ id: 3, is_active: false }, "School disabled") },
    });
    const result = await instituteSchoolsAction(
      args(await appRequest("/institute/view-school", { form: { id: "3", is_active: "false" } })),
    );
    expect(result.data).toMatchObject({ ok: true, message: "School disabled" });
    expect(api.calls.find((c) => c.path === "/api/master-institute/schools/3/active")?.body).toEqual({
      is_active: false,
    });
  });
});

describe("the institute's profile", () => {
  it("saves the four fields through the API", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(master),
      "POST /api/master-institute/profile": { body: envelope({ id: 1 }, "Institute profile saved") },
    });
    const form = { name: "Vidya Group", contact_name: "A. Joshi", contact_phone: "9822000000", email: "a@b.org" };
    const result = await instituteProfileAction(args(await appRequest("/school/edit-school-profile", { form })));
    expect(result.data).toMatchObject({ ok: true, message: "Institute profile saved" });
    expect(api.calls.find((c) => c.path === "/api/master-institute/profile")?.body).toEqual(form);
  });
});
