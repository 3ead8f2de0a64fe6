// @vitest-environment happy-dom
import { useLocation } from "@remix-run/react";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { useFilterParams, withFilters } from "./filter-params";

describe("withFilters", () => {
  const params = new URLSearchParams("level=level1&status=paid&page=3&search=asha");

  it("sets and clears filters, goes back to the first page and keeps every other parameter", () => {
    expect(withFilters(params, { status: "unpaid", zone_id: "4" }).toString()).toBe(
      "level=level1&status=unpaid&search=asha&zone_id=4",
    );
    expect(withFilters(params, { status: "", level: null }).toString()).toBe("search=asha");
  });

  it("writes a list as one parameter per value, and keeps the page when asked", () => {
    const next = withFilters(params, { zone_id: ["1", "2"] }, { keepPage: true });
    expect(next.getAll("zone_id")).toEqual(["1", "2"]);
    expect(next.get("page")).toBe("3");
    expect(withFilters(next, { zone_id: [] }).has("zone_id")).toBe(false);
  });

  it("leaves the parameters it was given as they were", () => {
    withFilters(params, { status: null });
    expect(params.get("status")).toBe("paid");
  });
});

describe("useFilterParams", () => {
  const render = (url: string) => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
    );
    return renderHook(() => ({ filter: useFilterParams(), location: useLocation() }), { wrapper });
  };

  it("changes the URL's filters on the list's own page", () => {
    const { result } = render("/students?class_level=5&page=2&tab=all");
    expect(result.current.filter.params.get("class_level")).toBe("5");
    act(() => result.current.filter({ class_level: "6" }));
    expect(result.current.location.pathname).toBe("/students");
    expect(result.current.location.search).toBe("?class_level=6&tab=all");
  });

  it("gives the table's query to the URL, keeping the filters", () => {
    const { result } = render("/students?class_level=5");
    act(() =>
      result.current.filter.query({
        page: 2,
        perPage: 10,
        search: "asha",
        sort: { column: "name", direction: "desc" },
      }),
    );
    const params = new URLSearchParams(result.current.location.search);
    expect(Object.fromEntries(params)).toMatchObject({
      class_level: "5",
      page: "2",
      search: "asha",
      sort: "name",
      direction: "desc",
    });
  });

  it("resets to no filters, and links to a filter without going there", () => {
    const { result } = render("/sms?status=failed&page=4");
    expect(result.current.filter.href({ status: "sent" })).toBe("/sms?status=sent");
    expect(result.current.location.search).toBe("?status=failed&page=4");
    act(() => result.current.filter.reset());
    expect(result.current.location.search).toBe("");
  });
});
