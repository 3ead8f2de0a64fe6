import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { envelope, type StubbedApi, stubApi, userRecord } from "./harness";

let api: StubbedApi | undefined;
afterEach(() => api?.restore());

// The `@ts-expect-error` lines are the test of stubApi's types: the typecheck (npm test) fails when
// one of them is no longer an error, that is when a stub could name what the API does not serve.
function staleStubs() {
  // @ts-expect-error the API has no such route
  stubApi({ "GET /api/no-such-route": { body: envelope(null) } });
  // @ts-expect-error GET /api/user exists, DELETE does not
  stubApi({ "DELETE /api/user": { body: envelope(null) } });
  // @ts-expect-error the user record's id is a number
  stubApi({ "GET /api/user": { body: envelope({ ...userRecord(), id: "seven" }) } });
  // @ts-expect-error the API's envelope says `status`, never `success`
  stubApi({ "GET /api/user": { status: 404, body: { success: false, message: "Not found" } } });
}

describe("stubApi", () => {
  it("answers a route with ids by its address with the ids filled in, and records the call", async () => {
    expect(staleStubs).toBeTypeOf("function");
    api = stubApi({
      "GET /api/jobs/12": { body: envelope({ id: 12, status: "running" }) },
      "GET /api/user": { status: 404, body: { status: false, message: "Not found", data: null } },
    });
    const job = await fetch("http://api.invalid/api/jobs/12?fresh=1");
    expect(await job.json()).toEqual({ status: true, message: "OK", data: { id: 12, status: "running" } });
    expect((await fetch("http://api.invalid/api/user")).status).toBe(404);
    await expect(fetch("http://api.invalid/api/jobs/13")).rejects.toThrow("Unexpected API call GET /api/jobs/13");
    expect(api.calls.map((c) => c.path)).toEqual(["/api/jobs/12?fresh=1", "/api/user", "/api/jobs/13"]);
  });
});
