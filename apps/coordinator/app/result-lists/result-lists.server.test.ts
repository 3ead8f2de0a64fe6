import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import { levelsOf, prantBodyFrom, schoolBodyFrom, stateBodyFrom, studentBodyFrom } from "./result-lists.server";

describe("the result lists' bodies from the URL", () => {
  it("reads paging, sorting, the region and the result filters of a final student list", () => {
    const params = new URLSearchParams(
      "level=level2&page=2&per_page=25&search=aarav&sort=name&direction=desc&zone_id=4&state_id=20&prant_id=7&district_id=9&class_level=8&school_id=12&paper_set_id=3&award=state_camp",
    );
    expect(studentBodyFrom(params, "final")).toEqual({
      level: "level2",
      page: 2,
      per_page: 25,
      search: "aarav",
      sort: "name",
      direction: "desc",
      zone_id: 4,
      state_ids: [20],
      prant_ids: [7],
      district_ids: [9],
      class_level: 8,
      school_id: 12,
      paper_set_id: 3,
      award: "state_camp",
    });
  });

  it("keeps a mock page on the mock, without awards, and drops what is not a filter value", () => {
    const params = new URLSearchParams(
      "level=level1&award=state_camp&class_level=13&sort=age&paper_set_id=x&state_id=-2",
    );
    expect(studentBodyFrom(params, "mock")).toEqual({ level: "mock", page: 1, per_page: 10 });
    // A final page never shows the mock: Level 1 unless the URL names Level 2.
    expect(studentBodyFrom(new URLSearchParams("level=mock&sort=rank&direction=desc"), "final")).toEqual({
      level: "level1",
      page: 1,
      per_page: 10,
      sort: "rank",
    });
  });

  it("builds the school, statewise and prant-wise bodies", () => {
    expect(schoolBodyFrom(new URLSearchParams("search=vidya&district_id=9&page=3&school=5"), "mock")).toEqual({
      level: "mock",
      page: 3,
      per_page: 10,
      search: "vidya",
      district_ids: [9],
    });
    // The mock is offered on the statewise list only to those who may see it.
    expect(stateBodyFrom(new URLSearchParams("level=mock&class_level=9&zone_id=2&state_id=5"), true)).toEqual({
      level: "mock",
      class_level: 9,
      zone_id: 2,
    });
    expect(stateBodyFrom(new URLSearchParams("level=mock"), false)).toEqual({ level: "level1" });
    expect(levelsOf("any", false)).toEqual(["level1", "level2"]);
    expect(levelsOf("any", true)).toEqual(["level1", "level2", "mock"]);
    expect(prantBodyFrom(new URLSearchParams("level=mock&state_id=5&paper_set_id=2"))).toEqual({
      level: "level1",
      state_ids: [5],
      paper_set_id: 2,
    });
  });
});
