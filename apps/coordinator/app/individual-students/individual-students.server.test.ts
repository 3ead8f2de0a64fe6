import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import { individualQueryFrom } from "./individual-students.server";

describe("individualQueryFrom", () => {
  it("keeps the known filters and drops values the API would refuse", () => {
    const query = individualQueryFrom(
      new URLSearchParams("page=2&class_level=8&payment_status=paid&zone_id=3&state_id=x&referred=yes&search=asha"),
    );
    expect(query).toMatchObject({
      page: 2,
      class_level: 8,
      payment_status: "paid",
      zone_id: 3,
      referred: "yes",
      search: "asha",
    });
    expect(query).not.toHaveProperty("state_id");
    const bad = individualQueryFrom(
      new URLSearchParams("class_level=13&payment_status=free&referred=maybe&zone_id=-1"),
    );
    expect(bad).toEqual({ page: 1, per_page: expect.any(Number) });
  });
});
