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
import { districtRankerLoader, rankingStatesLoader, stateWiseDistrictLoader } from "./ranking.server";

let api: StubbedApi | undefined;
afterEach(() => api?.restore());
const district = () => signedInAs(userRecord({ role_id: 11, role_name: "District Coordinator" }));
const args = async (path: string) => ({ request: await appRequest(path), context: {}, params: {} });
const notFound = { status: 404, body: { status: false, message: "No such district in your region", data: null } };

describe("the ranking pages", () => {
  it("lists the states of the level picked, Level 1 by default", async () => {
    api = stubApi({
      "GET /api/user": district(),
      "GET /api/ranking/state-district": { body: envelope({ exam_year: "2026-27", items: [{ state_id: 4 }] }) },
    });
    expect(await rankingStatesLoader(await args("/state-district"))).toMatchObject({
      level: "level1",
      examYear: "2026-27",
      rows: [{ state_id: 4 }],
    });
    await rankingStatesLoader(await args("/state-district?level=level2"));
    expect(api.calls.at(-1)?.path).toBe("/api/ranking/state-district?level=level2");
  });

  it("answers 404 for a state that is missing or outside the region", async () => {
    api = stubApi({
      "GET /api/user": district(),
      "GET /api/ranking/state-wise-district": {
        status: 404,
        body: { status: false, message: "No such state in your region", data: null },
      },
    });
    const missing = await settle(async () =>
      stateWiseDistrictLoader(await args("/state-district/state-wise-district")),
    );
    expect(missing.thrown?.status).toBe(404);
    const outside = await settle(async () =>
      stateWiseDistrictLoader(await args("/state-district/state-wise-district?state_id=7")),
    );
    expect(outside.thrown?.status).toBe(404);
  });

  it("loads a district's rank list of a class, and 404 outside the region", async () => {
    const page = {
      items: [{ sheet_id: 1 }],
      page: 1,
      per_page: 10,
      total: 1,
      last_page: 1,
      district: { id: 9, name: "Pune", state_id: 4, state: "Maharashtra" },
      classes: [{ class_level: 8, sheets: 1 }],
    };
    api = stubApi({ "GET /api/user": district(), "GET /api/ranking/district-ranker-list": { body: envelope(page) } });
    const data = await districtRankerLoader(
      await args("/state-district/state-wise-district/district-ranker-list?district_id=9&class=8"),
    );
    expect(data).toMatchObject({
      classLevel: 8,
      filters: { level: "level1", district_id: 9, class_level: 8 },
      district: { name: "Pune" },
      total: 1,
    });
    expect(api.calls.at(-1)?.path).toContain("class_level=8");
    api.restore();
    api = stubApi({ "GET /api/user": district(), "GET /api/ranking/district-ranker-list": notFound });
    const outside = await settle(async () =>
      districtRankerLoader(await args("/state-district/state-wise-district/district-ranker-list?district_id=10")),
    );
    expect(outside.thrown?.status).toBe(404);
  });
});
