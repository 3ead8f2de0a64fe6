import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { auth } from "@repo/remix-app/auth.server";
import { envelope, type StubbedApi, stubApi } from "@repo/remix-app/testing";
import { checkUsernameAction, registerAction, registerLoader, registerRegionsLoader } from "./register.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

const post = (path: string, form: Record<string, string>, origin = auth.appOrigin) =>
  new Request(new URL(path, auth.appOrigin), {
    method: "POST",
    headers: { Origin: origin },
    body: new URLSearchParams(form),
  });

const valid = {
  school_name: "Test Vidyalaya",
  category_id: "2",
  board_id: "1",
  address: "12, Station Road",
  pincode: "411001",
  zone_id: "2",
  state_id: "4",
  prant_id: "7",
  district_id: "",
  city_id: "",
  contact_name: "S. Deshpande",
  contact_phone: "9876543210",
  email: "Office@School.example.org",
  username: "testschool",
  password: "Demo@12345",
  confirm_password: "Demo@12345",
};

describe("the registration page", () => {
  it("loads the countries for the first picker without a sign-in", async () => {
    api = stubApi({
      "GET /api/schools/register/regions": (request) =>
        Response.json(
          envelope(
            new URL(request.url).searchParams.get("level") === "country"
              ? [{ id: 1, name: "India" }]
              : [{ id: 2, name: "West" }],
          ),
        ),
    });
    const page = await registerLoader(args(new Request(new URL("/register", auth.appOrigin))));
    // The first country's zones too: without JavaScript the zone is picked straight away.
    expect(page).toEqual({ countries: [{ id: 1, name: "India" }], zones: [{ id: 2, name: "West" }], failure: null });
    expect(api.calls.map((call) => call.path)).toEqual([
      "/api/schools/register/regions?level=country",
      "/api/schools/register/regions?level=zone&country_id=1",
    ]);
  });

  it("passes a picker's level and parent on, and refuses an unknown level", async () => {
    api = stubApi({ "GET /api/schools/register/regions": { body: envelope([{ id: 9, name: "Pune" }]) } });
    const url = (query: string) => new Request(new URL(`/register/regions?${query}`, auth.appOrigin));
    expect(await registerRegionsLoader(args(url("level=district&parent_id=7")))).toEqual({
      items: [{ id: 9, name: "Pune" }],
    });
    expect(api.calls[0]?.path).toBe("/api/schools/register/regions?level=district&parent_id=7");
    const bad = (await registerRegionsLoader(args(url("level=planet")))) as unknown as { init: { status: number } };
    expect(bad.init.status).toBe(400);
  });

  it("sends a valid form to the API with numbers and the e-mail in lower case", async () => {
    api = stubApi({
      "POST /api/schools/school-register": {
        body: envelope({ school_id: 5, username: "testschool", email: "office@school.example.org" }, "Registered"),
      },
    });
    const result = await registerAction(args(post("/register", valid)));
    expect(result.data).toEqual({ ok: true, message: "Registered", email: "office@school.example.org" });
    expect(api.calls[0]?.body).toMatchObject({
      zone_id: 2,
      state_id: 4,
      prant_id: 7,
      email: "office@school.example.org",
    });
    expect(api.calls[0]?.body).not.toHaveProperty("district_id");
  });

  it("answers field messages without calling the API, and passes the API's 409 on", async () => {
    api = stubApi({
      "GET /api/schools/register/regions": { body: envelope([]) },
      "POST /api/schools/school-register": {
        status: 409,
        body: {
          status: false,
          message: "This username is already taken",
          data: null,
          errors: [{ field: "username", message: "This username is already taken" }],
        },
      },
    });
    const bad = await registerAction(args(post("/register", { ...valid, confirm_password: "Other@12345" })));
    expect(bad.init?.status).toBe(400);
    expect(bad.data.errors).toEqual([{ field: "confirm_password", message: "Password do not match" }]);
    expect(api.calls.filter((call) => call.method === "POST")).toEqual([]);
    const taken = await registerAction(args(post("/register", valid)));
    expect(taken.init?.status).toBe(409);
    expect(taken.data.errors).toEqual([{ field: "username", message: "This username is already taken" }]);
  });

  it("answers a refused form with what was typed, but no password, to show again without JavaScript", async () => {
    api = stubApi({ "GET /api/schools/register/regions": { body: envelope([{ id: 2, name: "West" }]) } });
    const bad = await registerAction(args(post("/register", { ...valid, email: "office at school", country_id: "1" })));
    expect(bad.init?.status).toBe(400);
    expect(bad.data.values).toMatchObject({
      school_name: "Test Vidyalaya",
      email: "office at school",
      country_id: "1",
    });
    expect(bad.data.values).not.toHaveProperty("password");
    expect(bad.data.values).not.toHaveProperty("confirm_password");
    // The pickers' choices come with it, so that the picked zone is still shown.
    expect(bad.data.regions?.zone).toEqual([{ id: 2, name: "West" }]);
  });

  it("lists the pickers' choices under what was picked when the form asks without JavaScript", async () => {
    const children: Record<string, { id: number; name: string }[]> = {
      zone: [{ id: 2, name: "West" }],
      state: [{ id: 4, name: "Goa" }],
      prant: [{ id: 8, name: "Konkan" }],
    };
    api = stubApi({
      "GET /api/schools/register/regions": (request) =>
        Response.json(envelope(children[new URL(request.url).searchParams.get("level") ?? ""] ?? [])),
    });
    const form = { ...valid, country_id: "1", intent: "regions" };
    const result = await registerAction(args(post("/register", form)));
    expect(result.init?.status ?? 200).toBe(200);
    expect(result.data.regions).toEqual({
      zone: [{ id: 2, name: "West" }],
      state: [{ id: 4, name: "Goa" }],
      prant: [{ id: 8, name: "Konkan" }],
    });
    // Prant 7 is not under state 4 (any more): it is dropped, and nothing below it is listed.
    expect(result.data.values).toMatchObject({
      zone_id: "2",
      state_id: "4",
      prant_id: "",
      school_name: "Test Vidyalaya",
    });
    expect(api.calls.map((call) => call.method)).not.toContain("POST");
  });

  it("refuses a post from another site", async () => {
    api = stubApi({});
    const result = await registerAction(args(post("/register", valid, "https://evil.example.org")));
    expect(result.init?.status).toBe(403);
    expect(api.calls).toEqual([]);
  });

  it("checks a username through the API", async () => {
    api = stubApi({
      "POST /api/check-username": { body: envelope({ available: false }, "This username is already taken") },
    });
    const result = await checkUsernameAction(args(post("/register/check-username", { username: " school " })));
    expect(result.data).toEqual({ username: "school", available: false, message: "This username is already taken" });
  });
});
