import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import { schoolBodyFrom, studentBodyFrom } from "./region-lists.server";

describe("the region lists' bodies from the URL", () => {
  it("reads paging, sorting, the region and the student filters", () => {
    const params = new URLSearchParams(
      "page=3&per_page=25&search=aarav&sort=name&direction=desc&zone_id=4&state_id=20&prant_id=7&district_id=9&class_level=8&language=hi&payment_status=unpaid&source=individual&school_id=12&from=2026-11-01&to=2026-11-25",
    );
    expect(studentBodyFrom(params, "total")).toEqual({
      page: 3,
      per_page: 25,
      search: "aarav",
      sort: "name",
      direction: "desc",
      zone_id: 4,
      state_ids: [20],
      prant_ids: [7],
      district_ids: [9],
      class_level: 8,
      language: "hi",
      payment_status: "unpaid",
      source: "individual",
      school_id: 12,
      registered_from: "2026-11-01",
      registered_to: "2026-11-25",
    });
  });

  it("keeps a page's fixed filters whatever the URL says, and drops what is not a filter value", () => {
    const params = new URLSearchParams("payment_status=unpaid&source=individual&class_level=13&language=xx&sort=age");
    expect(studentBodyFrom(params, "schoolPaid")).toEqual({
      page: 1,
      per_page: 10,
      source: "school",
      payment_status: "paid",
    });
    expect(schoolBodyFrom(new URLSearchParams("payment=paid&is_active=false&sort=paid"), "unpaid")).toEqual({
      page: 1,
      per_page: 10,
      payment: "unpaid",
      is_active: false,
      sort: "paid",
      direction: "asc",
    });
  });
});
