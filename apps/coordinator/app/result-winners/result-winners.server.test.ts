import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import { appRequest, envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { winnersLoader, winnersQueryFrom } from "./result-winners.server";

let api: StubbedApi | undefined;
afterEach(() => api?.restore());
const admin = () => signedInAs(userRecord({ role_id: 3, role_name: "Admin" }));
const picks = { body: envelope([]) };

describe("the winners page", () => {
  it("reads the award, level, class and region from the URL, with Level 1 national camp by default", () => {
    expect(winnersQueryFrom(new URLSearchParams())).toEqual({
      level: "level1",
      award: "national_camp",
      page: 1,
      per_page: 10,
    });
    expect(
      winnersQueryFrom(
        new URLSearchParams("award=state_camp&level=level2&class_level=8&state_id=4&district_id=9&school_id=x&page=2"),
      ),
    ).toEqual({
      level: "level2",
      award: "state_camp",
      class_level: 8,
      state_id: 4,
      district_id: 9,
      page: 2,
      per_page: 10,
    });
    // What is not a value of the filter is dropped, not sent.
    expect(winnersQueryFrom(new URLSearchParams("award=gold&level=mock&class_level=13"))).toEqual({
      level: "level1",
      award: "national_camp",
      page: 1,
      per_page: 10,
    });
  });

  it("loads the tab's winners and keeps its filters, without paging, for the export", async () => {
    const row = { sheet_id: 1, first_name: "Asha", tie_at_cutoff: true };
    api = stubApi({
      "GET /api/user": admin(),
      "GET /api/result-winners": { body: envelope({ items: [row], page: 1, per_page: 10, total: 1, last_page: 1 }) },
      "POST /api/fetchZone": picks,
      "POST /api/fetchState": picks,
    });
    const data = await winnersLoader({
      request: await appRequest("/result-overview/result-winner-tab?award=school_topper&class_level=9"),
      context: {},
      params: {},
    });
    expect(data).toMatchObject({
      award: "school_topper",
      level: "level1",
      filters: { award: "school_topper", level: "level1", class_level: 9 },
      rows: [row],
      total: 1,
      failure: null,
    });
    expect(api.calls.find((c) => c.path.startsWith("/api/result-winners"))?.path).toContain("award=school_topper");
  });

  it("says so when the list cannot be loaded", async () => {
    api = stubApi({
      "GET /api/user": admin(),
      "GET /api/result-winners": { status: 409, body: { status: false, message: "No exam year is open", data: null } },
      "POST /api/fetchZone": picks,
      "POST /api/fetchState": picks,
    });
    const data = await winnersLoader({
      request: await appRequest("/result-overview/result-winner-tab"),
      context: {},
      params: {},
    });
    expect(data).toMatchObject({ rows: [], total: 0, failure: "No exam year is open" });
  });
});
