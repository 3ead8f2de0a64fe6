import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { appRequest, envelope, type StubbedApi, settle, signedInAs, stubApi } from "../testing/harness";
import { jobLoader } from "./jobs.server";
import { jobPath } from "./use-job";

const args = (request: Request, id: string) => ({ request, context: {}, params: { id } });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

const job = {
  id: 12,
  kind: "students.import",
  status: "running",
  progress: { done: 40, total: 100 },
  result: null,
  error: null,
  created_at: "2026-01-15T10:00:00.000Z",
  finished_at: null,
};

describe("the job route", () => {
  it("answers the job's progress as JSON, never cached", async () => {
    api = stubApi({ "GET /api/user": signedInAs(), "GET /api/jobs/12": { body: envelope(job) } });
    const response = await jobLoader(args(await appRequest(jobPath(12)), "12"));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ job, failure: null });
  });

  it("passes the API's 404 on with its message (another user's job), and refuses a bad id", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "GET /api/jobs/13": { status: 404, body: { status: false, message: "Job not found", data: null } },
    });
    const other = await jobLoader(args(await appRequest(jobPath(13)), "13"));
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ job: null, failure: "Job not found" });
    const bad = await jobLoader(args(await appRequest("/jobs/abc"), "abc"));
    expect(bad.status).toBe(404);
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user", "/api/jobs/13", "/api/user"]);
  });

  it("sends a visitor without a session to sign in", async () => {
    api = stubApi({});
    const { thrown } = await settle(async () =>
      jobLoader(args(await appRequest(jobPath(12), { signedIn: false }), "12")),
    );
    expect(thrown?.status).toBe(302);
    expect(thrown?.headers.get("location")).toMatch(/^\/login/);
  });
});
