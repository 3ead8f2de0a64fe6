import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import { ROLE } from "@repo/auth/roles";
import { appRequest, envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { coordinatorsAction, coordinatorsLoader } from "./coordinators.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());
const admin = () => signedInAs(userRecord({ role_id: ROLE.admin, role_name: "Admin" }));
const state = () => signedInAs(userRecord({ role_id: ROLE.stateCoordinator, role_name: "State Coordinator" }));
const page = { items: [], page: 1, per_page: 10, total: 0, last_page: 1 };
const picks = {
  "POST /api/fetchZone": { body: envelope([{ id: 1, name: "West" }]) },
  "POST /api/fetchState": { body: envelope([{ id: 7, name: "Maharashtra" }]) },
  "POST /api/fetchPrant": { body: envelope([{ id: 30, name: "Pune", state_name: "Maharashtra" }]) },
  "POST /api/fetchDistrict": { body: envelope([{ id: 300, name: "Haveli", state_name: "Maharashtra" }]) },
};

describe("a coordinators page", () => {
  it("lists its level with the URL's search, status and states, and offers that level's regions", async () => {
    api = stubApi({ "GET /api/user": admin(), "POST /api/coordinators": { body: envelope(page) }, ...picks });
    const loaded = await coordinatorsLoader(
      ROLE.prantCoordinator,
      args(await appRequest("/region-masters/prant-coordinators?search=asha&status=off&state_ids=7")),
    );
    expect(api.calls.find((c) => c.path === "/api/coordinators")?.body).toEqual({
      page: 1,
      per_page: 10,
      role_id: ROLE.prantCoordinator,
      search: "asha",
      is_active: false,
      state_ids: [7],
    });
    expect(loaded).toMatchObject({
      level: "prant",
      regions: [{ value: "30", label: "Pune (Maharashtra)" }],
      // The export takes the list's own filters, without the paging.
      filters: { role_id: ROLE.prantCoordinator, search: "asha", is_active: false, state_ids: [7] },
    });
    // The Organization Team has no regions.
    const team = await coordinatorsLoader(
      ROLE.organizationTeam,
      args(await appRequest("/region-masters/organizing-coordinators")),
    );
    expect(team).toMatchObject({ level: null, roleId: ROLE.organizationTeam });
  });

  it("is a page of region masters for admins only; a state coordinator manages district coordinators", async () => {
    api = stubApi({ "GET /api/user": state(), "POST /api/coordinators": { body: envelope(page) }, ...picks });
    await expect(
      coordinatorsLoader(ROLE.stateCoordinator, args(await appRequest("/region-masters/states-coordinators"))),
    ).rejects.toMatchObject({ status: 403 });
    const own = await coordinatorsLoader(
      ROLE.districtCoordinator,
      args(await appRequest("/district-coordinator-management")),
    );
    expect(own.level).toBe("district");
  });

  it("creates with the page's level and the chosen regions, and passes the API's field errors back", async () => {
    api = stubApi({
      "GET /api/user": admin(),
      "POST /api/coordinators/add": {
        status: 409,
        body: {
          status: false,
          message: "This username is taken: choose another.",
          data: null,
          errors: [{ field: "username", message: "This username is taken: choose another" }],
        },
      },
      "POST /api/coordinators/status/5": { body: envelope({ id: 5, is_active: false }, "Switched off.") },
    });
    const refused = await coordinatorsAction(
      ROLE.stateCoordinator,
      args(
        await appRequest("/region-masters/states-coordinators", {
          form: {
            intent: "create",
            name: "Asha",
            username: "state",
            email: "a@example.org",
            mobile: "",
            region_ids: "7",
          },
        }),
      ),
    );
    expect(refused.data).toMatchObject({ ok: false, errors: [{ field: "username" }] });
    expect(api.calls.find((c) => c.path === "/api/coordinators/add")?.body).toEqual({
      name: "Asha",
      username: "state",
      email: "a@example.org",
      mobile: "",
      role_id: ROLE.stateCoordinator,
      region_ids: [7],
    });
    const off = await coordinatorsAction(
      ROLE.stateCoordinator,
      args(
        await appRequest("/region-masters/states-coordinators", {
          form: { intent: "status", id: "5", is_active: "false" },
        }),
      ),
    );
    expect(off.data).toEqual({ ok: true, message: "Switched off." });
    expect(api.calls.find((c) => c.path === "/api/coordinators/status/5")?.body).toEqual({ is_active: false });
  });
});
