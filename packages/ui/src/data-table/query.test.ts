import { describe, expect, it } from "vitest";
import { DEFAULT_QUERY, nextSort, parseTableQuery, rangeText, tableQueryToParams } from "./query";

describe("parseTableQuery", () => {
  it("defaults to page 1 of 10 rows", () => {
    expect(parseTableQuery(new URLSearchParams())).toEqual({ page: 1, perPage: 10, search: "" });
    expect(DEFAULT_QUERY).toEqual({ page: 1, perPage: 10, search: "" });
  });
  it("reads page, page size, search and sort", () => {
    expect(
      parseTableQuery(new URLSearchParams("page=3&per_page=25&search=%20pune%20&sort=name&direction=desc")),
    ).toEqual({
      page: 3,
      perPage: 25,
      search: "pune",
      sort: { column: "name", direction: "desc" },
    });
  });
  it("falls back on bad values and caps the page size at 100", () => {
    expect(parseTableQuery(new URLSearchParams("page=0&per_page=-5"))).toMatchObject({ page: 1, perPage: 10 });
    expect(parseTableQuery(new URLSearchParams("page=abc&per_page=2.5"))).toMatchObject({ page: 1, perPage: 10 });
    expect(parseTableQuery(new URLSearchParams("per_page=1000"))).toMatchObject({ perPage: 100 });
    expect(parseTableQuery(new URLSearchParams("sort=name&direction=sideways")).sort).toEqual({
      column: "name",
      direction: "asc",
    });
  });
  it("ignores sorting by a column that cannot be sorted", () => {
    expect(parseTableQuery(new URLSearchParams("sort=password"), ["name"]).sort).toBeUndefined();
    expect(parseTableQuery(new URLSearchParams("sort=name"), ["name"]).sort?.column).toBe("name");
  });
});

describe("tableQueryToParams", () => {
  it("leaves defaults out and keeps other parameters", () => {
    expect(tableQueryToParams(DEFAULT_QUERY, new URLSearchParams("state_ids=4")).toString()).toBe("state_ids=4");
    expect(
      tableQueryToParams({
        page: 2,
        perPage: 25,
        search: " pune ",
        sort: { column: "name", direction: "desc" },
      }).toString(),
    ).toBe("page=2&per_page=25&search=pune&sort=name&direction=desc");
  });
  it("round-trips through parseTableQuery", () => {
    const query = { page: 4, perPage: 50, search: "Nagpur", sort: { column: "district", direction: "asc" as const } };
    expect(parseTableQuery(tableQueryToParams(query))).toEqual(query);
  });
  it("removes a cleared search and sort", () => {
    const params = tableQueryToParams(DEFAULT_QUERY, new URLSearchParams("search=x&sort=name&direction=asc&page=3"));
    expect(params.toString()).toBe("");
  });
});

describe("nextSort", () => {
  it("cycles ascending, descending, unsorted", () => {
    const asc = nextSort(undefined, "name");
    expect(asc).toEqual({ column: "name", direction: "asc" });
    const desc = nextSort(asc, "name");
    expect(desc).toEqual({ column: "name", direction: "desc" });
    expect(nextSort(desc, "name")).toBeUndefined();
  });
  it("starts ascending on another column", () => {
    expect(nextSort({ column: "name", direction: "desc" }, "city")).toEqual({ column: "city", direction: "asc" });
  });
});

describe("rangeText", () => {
  it("describes the rows shown", () => {
    expect(rangeText(1, 10, 57)).toBe("Showing 1–10 of 57");
    expect(rangeText(6, 10, 57)).toBe("Showing 51–57 of 57");
    expect(rangeText(1, 10, 0)).toBe("No entries");
    expect(rangeText(1, 10, 123456)).toBe("Showing 1–10 of 1,23,456");
  });
});
