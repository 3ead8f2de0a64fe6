import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import { analyticsBodyFrom } from "./analytics.server";

describe("the analytics' filters from the URL", () => {
  it("takes the dates and the region, and drops what is not one", () => {
    const params = new URLSearchParams("from=2026-11-01&to=2026-11-25&zone_id=4&state_id=20&extra=1");
    expect(analyticsBodyFrom(params)).toEqual({ from: "2026-11-01", to: "2026-11-25", zone_id: 4, state_ids: [20] });
    expect(analyticsBodyFrom(new URLSearchParams("from=25/11/2026&zone_id=-1&state_id=x"))).toEqual({});
  });
});
