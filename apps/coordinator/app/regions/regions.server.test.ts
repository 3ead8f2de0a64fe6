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
import { admin, maharashtra, page, west } from "./regions.fixtures";
import { regionListBodyFrom, regionsAction, regionsLoader } from "./regions.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

describe("the list body a regions page sends", () => {
  it("takes paging and search from the URL and only the filters its level answers to", () => {
    const params = new URLSearchParams("page=3&per_page=25&search=pune&state_ids=4,5&zone_id=2&district_ids=9");
    expect(regionListBodyFrom("district", params)).toEqual({
      page: 3,
      per_page: 25,
      search: "pune",
      state_ids: [4, 5],
    });
    expect(regionListBodyFrom("state", params)).toEqual({ page: 3, per_page: 25, search: "pune", zone_id: 2 });
  });

  it("keeps the API's paging limits (at most 100 a page, bad values fall back)", () => {
    expect(regionListBodyFrom("zone", new URLSearchParams("per_page=1000&page=-2"))).toEqual({
      page: 1,
      per_page: 100,
    });
  });
});

describe("the regions list loader", () => {
  it("loads the page of rows and the pickers its filters and dialog need", async () => {
    const vidarbha = { id: 1, name: "Vidarbha", state_id: maharashtra.id };
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/fetchPrantWithPagination": { body: page([vidarbha], 31) },
      "POST /api/fetchZone": { body: envelope([west]) },
      "POST /api/fetchState": { body: envelope([maharashtra]) },
    });
    const data = await regionsLoader("prant", args(await appRequest("/regions/prants?zone_id=4")));
    expect(data.rows).toEqual([vidarbha]);
    expect(data.total).toBe(31);
    expect(data.failure).toBeNull();
    expect(data.options).toEqual({
      zone: [{ value: "4", label: "West" }],
      state: [{ value: "3", label: "Maharashtra" }],
    });
    expect(api.calls.find((c) => c.path === "/api/fetchPrantWithPagination")?.body).toEqual({
      page: 1,
      per_page: 10,
      zone_id: 4,
    });
  });

  it("shows an empty list and the API's message when the list cannot be loaded", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/fetchZoneWithPagination": {
        status: 503,
        body: { status: false, message: "Database unavailable", data: null },
      },
      "GET /api/fetch/countries": { body: envelope([]) },
    });
    const data = await regionsLoader("zone", args(await appRequest("/regions/zones")));
    expect(data.rows).toEqual([]);
    expect(data.failure).toBe("Database unavailable");
  });
});

describe("the regions action", () => {
  const saved = (message: string) => ({ body: envelope({ id: 77, name: "x" }, message) });

  it("creates a node with the body the API's own schema gives the form's fields", async () => {
    api = stubApi({ "GET /api/user": signedInAs(admin), "POST /api/prant": saved("Prant created successfully") });
    const form = { intent: "create", name: "  Saurashtra ", state_id: "7" };
    const result = await regionsAction("prant", args(await appRequest("/regions/prants", { form })));
    expect(result.data).toEqual({ ok: true, message: "Prant created successfully" });
    expect(api.calls.at(-1)?.body).toEqual({ name: "Saurashtra", state_id: 7 });
  });

  it("sends a zone without a country as country_id null", async () => {
    api = stubApi({ "GET /api/user": signedInAs(admin), "POST /api/zone": saved("Zone created successfully") });
    const form = { intent: "create", name: "Islands", code: "ISL", country_id: "" };
    await regionsAction("zone", args(await appRequest("/regions/zones", { form })));
    expect(api.calls.at(-1)?.body).toEqual({ name: "Islands", code: "ISL", country_id: null });
  });

  it("updates the node named by id", async () => {
    api = stubApi({ "GET /api/user": signedInAs(admin), "POST /api/city/12": saved("City updated successfully") });
    const form = { intent: "update", id: "12", name: "Nashik Road", district_id: "3" };
    const result = await regionsAction("city", args(await appRequest("/regions/cities", { form })));
    expect(result.data?.message).toBe("City updated successfully");
  });

  it("answers the fields' messages without calling the API when the form is wrong", async () => {
    api = stubApi({ "GET /api/user": signedInAs(admin) });
    const form = { intent: "create", name: "K", state_id: "" };
    const result = await regionsAction("prant", args(await appRequest("/regions/prants", { form })));
    expect(result.init?.status).toBe(400);
    expect(result.data?.errors?.map((e) => e.field)).toEqual(["name", "state_id"]);
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });

  it("passes the API's refusal of a delete on, with its status", async () => {
    const refusal = 'The prant "Paschim" cannot be deleted: 3 districts still belong to it.';
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "DELETE /api/prant/5": { status: 409, body: { status: false, message: refusal, data: null } },
    });
    const result = await regionsAction(
      "prant",
      args(await appRequest("/regions/prants", { form: { intent: "delete", id: "5" } })),
    );
    expect(result.init?.status).toBe(409);
    expect(result.data).toEqual({ ok: false, message: refusal, errors: undefined });
  });

  it("refuses a coordinator, who may read regions but not change them", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 9, role_name: "State Coordinator" })) });
    const form = { intent: "delete", id: "5" };
    const { thrown } = await settle(async () =>
      regionsAction("prant", args(await appRequest("/regions/prants", { form }))),
    );
    expect(thrown?.status).toBe(403);
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });
});
