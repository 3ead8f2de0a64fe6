import { describe, expect, it } from "vitest";
import { raisedRequestQueryFrom, requestIdFrom } from "./raised-requests.server";

describe("a raised-requests list's URL", () => {
  it("keeps paging, search and a known status only", () => {
    expect(raisedRequestQueryFrom(new URLSearchParams("page=3&search=twice&status=in_progress"))).toMatchObject({
      page: 3,
      search: "twice",
      status: "in_progress",
    });
    expect(raisedRequestQueryFrom(new URLSearchParams("status=closed"))).not.toHaveProperty("status");
  });

  it("takes only a positive whole number as a request or order id", () => {
    expect(requestIdFrom("42")).toBe(42);
    for (const bad of ["", "0", "-3", "4.5", "x", null, undefined]) expect(requestIdFrom(bad)).toBeNull();
  });
});
